import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { OrderActions, ReleaseTime } from "./OpenOrders";
import type { orderLoader, PayActionData } from "./payments.server";
import { RazorpayCheckout } from "./RazorpayCheckout";

/**
 * An open order's checkout. Through Razorpay (PAYMENT_PROVIDER=razorpay): the order and Razorpay's
 * own checkout. Through the demo gateway (the default): the order, and a Pay and a Fail button that
 * make the gateway send its signed webhook, as a real gateway would.
 */
export function CheckoutScreen() {
  const { csrf, order, next } = useLoaderData<typeof orderLoader>();
  const what = next.kind === "materials" ? "Study materials" : next.kind === "own" ? "Registration" : "Students";
  const failed = useActionData<PayActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const open = order.status === "pending";
  const razorpay = order.checkout?.provider === "razorpay" ? order.checkout : null;
  return (
    <Card
      title={razorpay ? "Payment" : "Demo payment gateway"}
      description={
        razorpay
          ? "You pay in Razorpay's window: card, UPI, net banking or wallet."
          : "No money moves here: this stands in for the real gateway."
      }
    >
      <Stack gap={4}>
        <DescriptionList
          aria-label="Order"
          items={[
            { label: "Order", value: order.reference },
            { label: what, value: order.items.length },
            { label: "Amount", value: formatMoney(order.amount) },
            {
              label: "Released if not paid by",
              value: order.releases_at ? <ReleaseTime releasesAt={order.releases_at} /> : null,
            },
          ]}
        />
        <ul aria-label={`${what} in this payment`}>
          {order.items.slice(0, 20).map((item) => (
            <li key={item.id}>{item.description}</li>
          ))}
          {order.items.length > 20 ? <li>and {order.items.length - 20} more</li> : null}
        </ul>
        {failed ? (
          <Text tone="danger" role="alert">
            {failed.message}
          </Text>
        ) : null}
        {open && razorpay ? (
          <RazorpayCheckout order={order} checkout={razorpay} csrf={csrf} />
        ) : open ? (
          <Form method="post">
            <input type="hidden" name="csrf" value={csrf} />
            <Stack direction="row" gap={3} wrap>
              <Button type="submit" name="outcome" value="pay" variant="primary" loading={busy}>
                {`Pay ${formatMoney(order.amount)}`}
              </Button>
              <Button type="submit" name="outcome" value="fail" variant="light" disabled={busy}>
                Fail the payment
              </Button>
            </Stack>
          </Form>
        ) : (
          <Text>
            This order is no longer waiting for payment. <Link to={`/payment/result/${order.id}`}>See its result</Link>.
          </Text>
        )}
        {open ? (
          <Stack gap={2}>
            <Text tone="muted">Not paying now? Cancel, and choose again.</Text>
            <OrderActions order={order} csrf={csrf} continues={false} />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
