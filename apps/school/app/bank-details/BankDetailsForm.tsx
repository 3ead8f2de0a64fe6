import { useFetcher } from "@remix-run/react";
import { bankDetailsBody } from "@repo/contracts/schools";
import { CHEQUE_MAX_BYTES } from "@repo/contracts/schools-constants";
import { useFormAnswer } from "@repo/remix-app/forms/answer";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Form, FormFileInput, FormPasswordField, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { useState } from "react";
import { z } from "zod";
import type { BankDetailsActionData } from "./bank-details.server";

/** The API's rules, plus the cheque picture (its type is checked again by content on the server). */
const bankForm = bankDetailsBody.safeExtend({
  cancelled_cheque: z
    .instanceof(File)
    .refine((file) => file.size <= CHEQUE_MAX_BYTES, "The cheque image must be at most 5 MB")
    .nullable(),
});

const FIELDS = [
  "account_holder",
  "account_number",
  "confirm_account_number",
  "ifsc",
  "bank_name",
  "branch",
  "password",
  "cancelled_cheque",
] as const;

/** Account number twice, IFSC by format, the password again, and an optional cancelled cheque. */
export default function BankDetailsForm({ csrf, holder }: { csrf: string; holder: string }) {
  const fetcher = useFetcher<BankDetailsActionData>();
  const dialogs = useMessageDialog();
  // The file picker keeps its own preview: a new key after a save empties it with the form.
  const [saves, setSaves] = useState(0);
  // Without JavaScript a refused post renders the page again: its answer brings back what was typed.
  const answer = useFormAnswer(fetcher);
  const [typed] = useState(answer?.ok === false ? answer.values : undefined);
  const form = useZodForm(bankForm, {
    defaultValues: {
      account_holder: holder,
      account_number: "",
      confirm_account_number: "",
      ifsc: "",
      bank_name: "",
      branch: "",
      ...typed,
      password: "",
      cancelled_cheque: null,
    },
  });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      form.reset({
        ...form.getValues(),
        account_number: "",
        confirm_account_number: "",
        password: "",
        cancelled_cheque: null,
      });
      setSaves((n) => n + 1);
      void dialogs.success(answer.message);
      return;
    }
    const placed = (answer.errors ?? []).filter((e) => (FIELDS as readonly string[]).includes(e.field));
    for (const error of placed) form.setError(error.field as (typeof FIELDS)[number], { message: error.message });
    if (placed.length === 0) void dialogs.error(answer.message);
  });
  return (
    <Form
      form={form}
      encType="multipart/form-data"
      errors={answer?.ok ? undefined : answer?.errors}
      aria-label="Bank details"
      // The form itself is posted: its named fields, the chosen file and the hidden token (decision 053).
      onSubmit={(_values, event) => fetcher.submit(event?.target as HTMLFormElement)}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <Stack gap={4}>
        <FormTextField name="account_holder" label="Account holder's name" autoComplete="off" />
        <FormTextField name="account_number" label="Account number" inputMode="numeric" autoComplete="off" />
        <FormTextField
          name="confirm_account_number"
          label="Account number again"
          inputMode="numeric"
          autoComplete="off"
          onPaste={(event) => event.preventDefault()}
        />
        <FormTextField name="ifsc" label="IFSC" hint="11 characters, e.g. SBIN0001234" autoCapitalize="characters" />
        <FormTextField name="bank_name" label="Bank name" />
        <FormTextField name="branch" label="Branch" />
        <FormFileInput
          key={saves}
          name="cancelled_cheque"
          label="Cancelled cheque (optional)"
          accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf"
          typeError="Choose a JPEG or PNG picture or a PDF of the cheque"
          hint="A JPEG, PNG or PDF, at most 5 MB"
        />
        <FormPasswordField name="password" label="Your password" autoComplete="current-password" />
        <Stack direction="row" justify="end">
          <FormSubmit loading={fetcher.state !== "idle"}>Save bank details</FormSubmit>
        </Stack>
      </Stack>
    </Form>
  );
}
