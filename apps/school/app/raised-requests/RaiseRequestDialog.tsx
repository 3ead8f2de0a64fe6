import { useFetcher, useLocation } from "@remix-run/react";
import { RAISED_REQUEST_LIMITS } from "@repo/contracts/payments-constants";
import { raiseRequestBody } from "@repo/contracts/raised-requests";
import { useFormAnswer } from "@repo/remix-app/forms/answer";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Card } from "@repo/ui/card";
import { Dialog } from "@repo/ui/dialog";
import {
  Form,
  FormFileInput,
  FormSelect,
  FormSubmit,
  FormTextarea,
  FormTextField,
  useHydrated,
  useZodForm,
} from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { useState } from "react";
import { z } from "zod";
import type { RaiseActionData } from "./raised-requests.server";

const MB = RAISED_REQUEST_LIMITS.attachmentMaxBytes / 1024 / 1024;
/** The API's rules, plus the optional attachment (its type is checked again by content on the server). */
const raiseForm = raiseRequestBody.safeExtend({
  order: z.string(),
  attachment: z
    .instanceof(File)
    .refine((file) => file.size <= RAISED_REQUEST_LIMITS.attachmentMaxBytes, `The attachment must be at most ${MB} MB`)
    .nullable(),
});
const FIELDS = ["subject", "order", "message", "attachment"] as const;

interface Props {
  csrf: string;
  orders: { value: string; label: string }[];
  /** The order the request is about, when it was raised from Payment History. */
  order: number | null;
  onClose: () => void;
  onRaised: (id: number) => void;
}

/** Subject, the order, what went wrong, and a receipt or statement: sent to pay support. */
export default function RaiseRequestDialog({ csrf, orders, order, onClose, onRaised }: Props) {
  const fetcher = useFetcher<RaiseActionData>();
  const dialogs = useMessageDialog();
  // Without JavaScript a refused post renders the page again: its answer brings back what was typed.
  const answer = useFormAnswer(fetcher);
  const [typed] = useState(answer?.ok === false ? answer.values : undefined);
  const hydrated = useHydrated();
  // Posted to the list itself (not `?raise`), so that a sent request leaves the list without the form.
  const { pathname } = useLocation();
  const form = useZodForm(raiseForm, {
    defaultValues: { subject: "", order: order ? String(order) : "", message: "", ...typed, attachment: null },
  });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok && answer.request) {
      const { id } = answer.request;
      // The saved request opens once the message is read (two dialogs at once would stack).
      void dialogs.success(answer.message).then(() => onRaised(id));
      return;
    }
    const placed = (answer.errors ?? []).filter((e) => (FIELDS as readonly string[]).includes(e.field));
    for (const error of placed) form.setError(error.field as (typeof FIELDS)[number], { message: error.message });
    if (placed.length === 0) void dialogs.error(answer.message);
  });
  const content = (
    <Form
      form={form}
      action={pathname}
      encType="multipart/form-data"
      errors={answer?.ok ? undefined : answer?.errors}
      aria-label="Raise a payment request"
      // The form itself is posted: its named fields, the chosen file and the hidden token (decision 053).
      onSubmit={(_values, event) => fetcher.submit(event?.target as HTMLFormElement)}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <Stack gap={4}>
        <FormTextField
          name="subject"
          label="Subject"
          maxLength={RAISED_REQUEST_LIMITS.subjectMax}
          hint="For example: Paid but students still unpaid"
        />
        <FormSelect name="order" label="Order (optional)" placeholder="Not about one order" options={orders} />
        <FormTextarea
          name="message"
          label="What happened"
          rows={5}
          maxLength={RAISED_REQUEST_LIMITS.messageMax}
          showCount
          hint="What you paid, when, and what went wrong; a bank reference helps."
        />
        <FormFileInput
          name="attachment"
          label="Attachment (optional)"
          accept="application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp"
          typeError="Choose a PDF or a JPEG, PNG or WebP picture"
          hint={`A receipt or bank statement: PDF or picture, at most ${MB} MB`}
        />
        <Stack direction="row" justify="end">
          <FormSubmit loading={fetcher.state !== "idle"}>Send to pay support</FormSubmit>
        </Stack>
      </Stack>
    </Form>
  );
  // A dialog needs JavaScript: before it runs the form is in the page.
  if (!hydrated) {
    return (
      <Card title="Raise a payment request" description="Pay support answers here and by e-mail.">
        {content}
      </Card>
    );
  }
  return (
    <Dialog
      title="Raise a payment request"
      description="Pay support answers here and by e-mail."
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      {content}
    </Dialog>
  );
}
