import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { dateFormats } from "@repo/contracts/locale";
import { fill } from "@repo/contracts/student-words/fill";
import { classLabel } from "@repo/contracts/students-constants";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { OrderActions } from "../payments/OpenOrders";
import { StudentFrame } from "../student-area/StudentFrame";
import type { OwnFeeActionData, ownFeeLoader } from "./own-fee.server";

const TONES = { unpaid: "danger", pending: "warning", paid: "success" } as const;

/**
 * payment/pay-my-fee: an individual student sees its fee and pays it, or sees it paid with its
 * roll number, in its language (the student area's words and language switch).
 */
export function OwnFeeScreen() {
  const { csrf, locale, words, fee, openOrders, failure } = useLoaderData<typeof ownFeeLoader>();
  const refused = useActionData<OwnFeeActionData>();
  const paying = useNavigation().state !== "idle";
  const w = words.fee;
  if (!fee) {
    return (
      <StudentFrame locale={locale} words={words}>
        <Card title={w.title}>
          <Text tone="danger">{failure}</Text>
        </Card>
      </StudentFrame>
    );
  }
  return (
    <StudentFrame locale={locale} words={words}>
      <Card title={w.title} description={w.description}>
        <Stack gap={4}>
          <DescriptionList
            aria-label={words.registration}
            items={[
              { label: w.student, value: <bdi>{fee.student_name}</bdi> },
              { label: words.class, value: classLabel(fee.class_level) },
              {
                label: w.status,
                value: <Badge tone={TONES[fee.payment_status]}>{words.paymentStatus[fee.payment_status]}</Badge>,
              },
              { label: words.payment, value: fee.amount ? formatMoney(fee.amount) : null },
              { label: words.rollNumber, value: fee.roll_number },
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
                <input type="hidden" name="lang" value={locale.code} />
                <Button type="submit" variant="primary" loading={paying}>
                  {fill(w.pay, { amount: formatMoney(fee.amount) })}
                </Button>
              </Form>
            ) : (
              <Text>{w.noFee}</Text>
            )
          ) : fee.payment_status === "pending" ? (
            <Stack gap={3}>
              <Text>{w.pending}</Text>
              {openOrders.map((order) => (
                <Stack key={order.id} gap={2}>
                  <Text tone="muted">
                    {`${order.reference}, ${formatMoney(order.amount)}: `}
                    <ReleaseAt
                      sentence={w.releasesAt}
                      at={order.releases_at}
                      shown={dateFormats(locale.code).at(order.releases_at, words.dateTime)}
                    />
                  </Text>
                  <OrderActions order={order} csrf={csrf} labels={{ continue: w.continue, cancel: w.cancel }} />
                </Stack>
              ))}
            </Stack>
          ) : (
            <Text>{w.paid}</Text>
          )}
        </Stack>
      </Card>
    </StudentFrame>
  );
}

/** The release sentence with its moment as a <time> element, where the language puts `{time}`. */
function ReleaseAt({ sentence, at, shown }: { sentence: string; at: string; shown: string }) {
  const [before = "", after = ""] = sentence.split("{time}");
  return (
    <>
      {before}
      <time dateTime={at}>{shown}</time>
      {after}
    </>
  );
}
