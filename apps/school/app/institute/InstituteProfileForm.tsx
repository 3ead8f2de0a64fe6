import { useFetcher } from "@remix-run/react";
import { masterInstituteFields } from "@repo/contracts/master-institutes";
import { useFormAnswer } from "@repo/remix-app/forms/answer";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Form, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { useState } from "react";
import type { InstituteActionData, InstituteProfile } from "./institute.server";

const FIELDS = ["name", "contact_name", "contact_phone", "email"] as const;

/** The institute's editable details; loaded on its own, so zod and the form stay off the first view. */
export default function InstituteProfileForm({ profile, csrf }: { profile: InstituteProfile; csrf: string }) {
  const fetcher = useFetcher<InstituteActionData>();
  const dialogs = useMessageDialog();
  // Without JavaScript a refused post renders the page again: its answer brings back what was typed.
  const answer = useFormAnswer(fetcher);
  const [typed] = useState(answer?.ok === false ? answer.values : undefined);
  const form = useZodForm(masterInstituteFields, {
    defaultValues: {
      name: profile.name,
      contact_name: profile.contact_name ?? "",
      contact_phone: profile.contact_phone ?? "",
      email: profile.email,
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
      aria-label="Institute details"
      onSubmit={() => {
        const values = form.getValues();
        const body: Record<string, string> = { csrf };
        for (const field of FIELDS) body[field] = String(values[field] ?? "");
        fetcher.submit(body, { method: "post" });
      }}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <Stack gap={4}>
        <FormTextField name="name" label="Institute name" autoComplete="organization" />
        <FormTextField name="contact_name" label="Contact person" autoComplete="name" />
        <FormTextField name="contact_phone" label="Phone" type="tel" autoComplete="tel" />
        <FormTextField name="email" label="E-mail" type="email" autoComplete="email" />
        <Stack direction="row" justify="end">
          <FormSubmit loading={fetcher.state !== "idle"}>Save changes</FormSubmit>
        </Stack>
      </Stack>
    </Form>
  );
}
