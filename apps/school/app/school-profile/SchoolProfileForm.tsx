import { useFetcher } from "@remix-run/react";
import { schoolProfileFields } from "@repo/contracts/schools";
import { SCHOOL_BOARDS } from "@repo/contracts/schools-constants";
import { useFormAnswer } from "@repo/remix-app/forms/answer";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Form, FormSelect, FormSubmit, FormTextarea, FormTextField, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { useState } from "react";
import type { SchoolProfile, SchoolProfileActionData } from "./school-profile.server";

const FIELDS = ["board_id", "address", "pincode", "contact_name", "contact_phone"] as const;

/** The fields a school may change itself, checked with the API's schema as they are typed. */
export default function SchoolProfileForm({ profile, csrf }: { profile: SchoolProfile; csrf: string }) {
  const fetcher = useFetcher<SchoolProfileActionData>();
  const dialogs = useMessageDialog();
  // Without JavaScript a refused post renders the page again: its answer brings back what was typed.
  const answer = useFormAnswer(fetcher);
  const [typed] = useState(answer?.ok === false ? answer.values : undefined);
  const form = useZodForm(schoolProfileFields, {
    defaultValues: {
      board_id: profile.board_id ? String(profile.board_id) : "",
      address: profile.address ?? "",
      pincode: profile.pincode ?? "",
      contact_name: profile.contact_name ?? "",
      contact_phone: profile.contact_phone ?? "",
      ...typed,
    },
  });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      form.reset(form.getValues());
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
      errors={answer?.ok ? undefined : answer?.errors}
      aria-label="Contact details"
      onSubmit={() => {
        const values = form.getValues();
        const body: Record<string, string> = { csrf, id: String(profile.id) };
        for (const field of FIELDS) body[field] = String(values[field] ?? "");
        fetcher.submit(body, { method: "post" });
      }}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="id" value={profile.id} />
      <Stack gap={4}>
        <FormSelect
          name="board_id"
          label="Board"
          placeholder="Select the board"
          options={SCHOOL_BOARDS.map((b) => ({ value: String(b.id), label: b.name }))}
        />
        <FormTextarea name="address" label="Address" rows={2} autoComplete="street-address" />
        <FormTextField name="pincode" label="PIN or postal code" autoComplete="postal-code" />
        <FormTextField name="contact_name" label="Principal or contact name" autoComplete="name" />
        <FormTextField name="contact_phone" label="Phone" type="tel" autoComplete="tel" />
        <Stack direction="row" justify="end">
          <FormSubmit loading={fetcher.state !== "idle"}>Save changes</FormSubmit>
        </Stack>
      </Stack>
    </Form>
  );
}
