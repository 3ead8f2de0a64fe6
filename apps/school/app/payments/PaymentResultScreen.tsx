import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { ORDER_STATUS_NAMES, ORDER_STATUS_TONES } from "@repo/contracts/payments-constants";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { formatDateTime } from "@repo/ui/format";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { invoicePath } from "../payment-history/paths";
import { OrderActions, ReleaseTime } from "./OpenOrders";
import type { orderLoader } from "./payments.server";

/** Where the gateway sends the payer back: paid (with the invoice), failed (payable again) or still waiting. */
export function PaymentResultScreen() {
  const { order, next, csrf } = useLoaderData<typeof orderLoader>();
  const what = next.kind === "materials" ? "Study materials" : next.kind === "own" ? "Registration" : "Students";
  const revalidator = useRevalidator();
  return (
    <Card
      title={
        order.status === "paid"
          ? "Payment received"
          : order.status === "pending"
            ? "Waiting for the gateway"
            : order.status === "cancelled"
              ? "Payment cancelled"
              : "Payment not completed"
      }
    >
      <Stack gap={4}>
        <div>
          <Badge tone={ORDER_STATUS_TONES[order.status]}>{ORDER_STATUS_NAMES[order.status]}</Badge>
        </div>
        <DescriptionList
          aria-label="Payment"
          items={[
            { label: "Order", value: order.reference },
            {
              label: what,
              value: next.kind === "students" ? order.items.length : order.items.map((i) => i.description).join(", "),
            },
            { label: "Amount", value: formatMoney(order.amount) },
            { label: "Paid on", value: order.paid_at ? formatDateTime(order.paid_at) : null },
            { label: "Invoice", value: order.invoice_number },
            { label: "Reason", value: order.status_reason },
          ]}
        />
        {order.status === "paid" ? (
          <>
            <Text>
              {next.kind === "materials"
                ? "Thank you. What you bought now opens in Buy Study Material. A receipt is on its way to you."
                : next.kind === "own"
                  ? "Thank you. Your fee is paid and you have your roll number; a receipt is on its way to you."
                  : "Thank you. Your students have their roll numbers; each student with an e-mail address gets its sign-in details by mail. A receipt is on its way to you."}
            </Text>
            <Stack direction="row" gap={3} wrap>
              <Button asChild variant="primary">
                <a href={invoicePath(order.id)} download>
                  Download invoice {order.invoice_number}
                </a>
              </Button>
              {next.kind !== "students" ? (
                <Button asChild variant="light">
                  <Link to={next.again}>{next.kind === "materials" ? "Open what you bought" : "My fee"}</Link>
                </Button>
              ) : null}
              {next.history ? (
                <Button asChild variant="light">
                  <Link to={next.history}>Payment history</Link>
                </Button>
              ) : null}
            </Stack>
          </>
        ) : order.status === "pending" ? (
          <Stack gap={3}>
            <Text>
              The gateway has not confirmed this payment yet. If you paid, this takes a few seconds. If you did not,
              continue it or cancel it; otherwise it is released at{" "}
              {order.releases_at ? <ReleaseTime releasesAt={order.releases_at} /> : null}.
            </Text>
            <Stack direction="row" gap={3} wrap>
              <OrderActions order={order} csrf={csrf} />
              <Button variant="light" onClick={() => revalidator.revalidate()} loading={revalidator.state !== "idle"}>
                Check again
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack gap={3}>
            <Text>
              {next.kind === "students"
                ? "Nothing was charged. The students are unpaid again and can be paid for in a new payment."
                : "Nothing was charged. You can pay again in a new payment."}
            </Text>
            <Button asChild variant="primary">
              <Link to={next.again}>Pay again</Link>
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
