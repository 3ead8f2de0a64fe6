import type { SmsStatus } from "@repo/contracts/sms-constants";
import { Badge, type BadgeTone } from "@repo/ui/badge";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { StudentRow } from "./students.server";

const LABELS: Record<SmsStatus, string> = {
  queued: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  failed: "Not delivered",
};
const TONES: Record<SmsStatus, BadgeTone> = { queued: "info", sending: "info", sent: "success", failed: "danger" };

/** Whether the student's sign-in text went; a failed one says why, so the school can act on it. */
export function SignInSms({ sms }: { sms: StudentRow["sign_in_sms"] }) {
  if (!sms) return <>—</>;
  return (
    <Stack gap={1} align="start">
      <Badge tone={TONES[sms.status]}>{LABELS[sms.status]}</Badge>
      {sms.status === "failed" ? (
        <Text size="sm" tone="danger">
          {sms.last_error ? `${sms.last_error}. ` : ""}Check the number, then send the sign-in again.
        </Text>
      ) : null}
    </Stack>
  );
}
