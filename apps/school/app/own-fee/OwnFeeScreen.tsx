import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { classLabel } from "@repo/contracts/students-constants";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { OrderActions, ReleaseTime } from "../payments/OpenOrders";
import type { OwnFeeActionData, ownFeeLoader } from "./own-fee.server";

const STATUS = {
  unpaid: { tone: "danger", label: "Not paid" },
  pending: { tone: "warning", label: "Payment not finished" },
  paid: { tone: "success", label: "Paid" },
} as const;

/** payment/pay-my-fee: an individual student sees its fee and pays it, or sees it paid with its roll number. */
export function OwnFeeScreen() {
  const { csrf, fee, openOrders, failure } = useLoaderData<typeof ownFeeLoader>();
  const refused = useActionData<OwnFeeActionData>();
  const paying = useNavigation().state !== "idle";
  if (!fee) {
    return (
      <Card title="My fee">
        <Text tone="danger">{failure}</Text>
      </Card>
    );
  }
  const status = STATUS[fee.payment_status];
  return (
    <Card title="My fee" description="The exam fee of your registration, paid online.">
      <Stack gap={4}>
        <DescriptionList
          aria-label="Registration"
          items={[
            { label: "Student", value: fee.student_name },
            { label: "Class", value: classLabel(fee.class_level) },
            { label: "Payment", value: <Badge tone={status.tone}>{status.label}</Badge> },
            { label: "Fee", value: fee.amount ? formatMoney(fee.amount) : null },
            { label: "Roll number", value: fee.roll_number },
          ]}
        />
        {refused ? (
          <Text tone="danger" role="alert">
            {refused.message}
          </Text>
        ) : null}
        {fee.payment_status === "unpaid" ? (
          fee.amount ? (
            <Form method="post">
              <input type="hidden" name="csrf" value={csrf} />
              <Button type="submit" variant="primary" loading={paying}>
                {`Pay ${formatMoney(fee.amount)}`}
              </Button>
            </Form>
          ) : (
            <Text>The fee for your country is not set yet. Please contact the programme office.</Text>
          )
        ) : fee.payment_status === "pending" ? (
          <Stack gap={3}>
            <Text>A payment of your fee is not finished. Continue it, or cancel it and pay again.</Text>
            {openOrders.map((order) => (
              <Stack key={order.id} gap={2}>
                <Text tone="muted">
                  {`${order.reference}, ${formatMoney(order.amount)}: if you do neither, you can pay again from `}
                  <ReleaseTime releasesAt={order.releases_at} />.
                </Text>
                <OrderActions order={order} csrf={csrf} />
              </Stack>
            ))}
          </Stack>
        ) : (
          <Text>Your fee is paid. Keep your roll number: you need it at the exam.</Text>
        )}
      </Stack>
    </Card>
  );
}
