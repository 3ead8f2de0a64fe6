import { useFetcher } from "@remix-run/react";
import { REFERRAL_REASON_MAX } from "@repo/contracts/referrals-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { Textarea } from "@repo/ui/textarea";
import type { ReferralActionData, ReferredStudentRow } from "./referrals.server";

interface Props {
  row: ReferredStudentRow;
  csrf: string;
  onClose: () => void;
}

/** Reject a pending referral; the reason is required and its error stays beside the field. */
export default function RejectReferralDialog({ row, csrf, onClose }: Props) {
  const fetcher = useFetcher<ReferralActionData>();
  const dialogs = useMessageDialog();
  const name = `${row.first_name} ${row.last_name}`.trim();
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) {
      if (!answer.errors?.some((e) => e.field === "reason")) void dialogs.error(answer.message);
      return;
    }
    onClose();
    void dialogs.success(answer.message);
  });
  const reasonError =
    fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.find((e) => e.field === "reason")?.message : undefined;
  return (
    <Dialog
      title={`Reject ${name}`}
      description="The student stays registered; your school earns no commission for it. This cannot be undone."
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <fetcher.Form method="post">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="status" value="rejected" />
        <Stack gap={4}>
          <Textarea
            label="Reason"
            name="reason"
            required
            maxLength={REFERRAL_REASON_MAX}
            hint="For example: not a student of our school"
            error={reasonError}
            rows={3}
          />
          <Stack direction="row" gap={2} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={fetcher.state !== "idle"}>
              Reject referral
            </Button>
          </Stack>
        </Stack>
      </fetcher.Form>
    </Dialog>
  );
}
