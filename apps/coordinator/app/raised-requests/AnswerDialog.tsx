import { useFetcher, useRevalidator } from "@remix-run/react";
import {
  RAISED_REQUEST_LIMITS,
  RAISED_REQUEST_STATUS_NAMES,
  RAISED_REQUEST_TRANSITIONS,
} from "@repo/contracts/payments-constants";
import { changeRaisedRequestBody, raisedRequestStatusField } from "@repo/contracts/raised-requests";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { RaisedRequestView } from "@repo/remix-app/raised-requests/view";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormSelect, FormSubmit, FormTextarea, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useEffect } from "react";
import { z } from "zod";
import { requestAttachmentPath, requestDetailPath } from "./paths";
import type { AnswerActionData, RaisedRequestDetail, RaisedRequestRow } from "./raised-requests.server";

const answerForm = changeRaisedRequestBody.safeExtend({
  // The select starts empty ("Choose"): the desk is told to choose, not the enum's wording.
  status: z.string().refine((value) => raisedRequestStatusField.safeParse(value).success, "Choose the new status"),
});
const FIELDS = ["status", "comment"] as const;

/** One request: what the payer asked, its history, and the answer (a new status and a comment). */
export default function AnswerDialog({
  row,
  csrf,
  onClose,
}: {
  row: RaisedRequestRow;
  csrf: string;
  onClose: () => void;
}) {
  const loader = useFetcher<RaisedRequestDetail>();
  const actor = useFetcher<AnswerActionData>();
  const dialogs = useMessageDialog();
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per opened request.
  useEffect(() => {
    loader.load(requestDetailPath(row.id));
  }, [row.id]);
  const request = actor.data?.request ?? loader.data;
  const next = request ? RAISED_REQUEST_TRANSITIONS[request.status] : [];
  const form = useZodForm(answerForm, { defaultValues: { status: "", comment: "" } });
  useFetcherResult(actor, (answer) => {
    if (answer.ok) {
      form.reset({ status: "", comment: "" });
      void dialogs.success(answer.message);
      revalidator.revalidate();
      return;
    }
    const placed = (answer.errors ?? []).filter((e) => (FIELDS as readonly string[]).includes(e.field));
    for (const error of placed) form.setError(error.field as (typeof FIELDS)[number], { message: error.message });
    if (placed.length === 0) void dialogs.error(answer.message);
  });

  return (
    <Dialog
      title={row.subject}
      description={`Request ${row.id} · ${row.requester_name}`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      {!request ? (
        <Text tone="muted">Loading the request…</Text>
      ) : (
        <Stack gap={5}>
          <RaisedRequestView request={request} attachmentHref={requestAttachmentPath(row.id)} />
          {next.length === 0 ? (
            <Text tone="muted">This request is closed.</Text>
          ) : (
            <Form
              form={form}
              aria-label="Answer the request"
              onSubmit={(values) =>
                actor.submit(
                  { csrf, request_id: String(row.id), status: values.status, comment: values.comment },
                  { method: "post" },
                )
              }
            >
              <Stack gap={4}>
                <FormSelect
                  name="status"
                  label="New status"
                  placeholder="Choose"
                  options={next.map((s) => ({ value: s, label: RAISED_REQUEST_STATUS_NAMES[s] }))}
                />
                <FormTextarea
                  name="comment"
                  label="Comment for the requester"
                  rows={4}
                  maxLength={RAISED_REQUEST_LIMITS.commentMax}
                  showCount
                  hint="What was done, or why not. It is shown to the requester and mailed to them."
                />
                <Stack direction="row" justify="end">
                  <FormSubmit loading={actor.state !== "idle"}>Save and tell the requester</FormSubmit>
                </Stack>
              </Stack>
            </Form>
          )}
        </Stack>
      )}
    </Dialog>
  );
}
