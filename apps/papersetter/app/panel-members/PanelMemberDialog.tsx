import { useFetcher } from "@remix-run/react";
import { ROLE } from "@repo/auth/roles";
import { LANGUAGES } from "@repo/contracts/languages";
import { SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormMultiSelect, FormSubmit, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import type { PanelMemberRow, PanelMembersActionData } from "./panel-members.server";

/** Translators translate from English into the other 13. */
const LANGUAGE_OPTIONS = LANGUAGES.filter((l) => l.code !== SOURCE_LANGUAGE).map((l) => ({
  value: l.code,
  label: `${l.name} (${l.native})`,
}));
const schema = z.object({ values: z.array(z.string()) });

/** A subject panel user's subjects, or a translator's languages. */
export default function PanelMemberDialog({
  member,
  subjects,
  csrf,
  onClose,
}: {
  member: PanelMemberRow;
  subjects: { value: string; label: string }[];
  csrf: string;
  onClose: () => void;
}) {
  const translator = member.role_id === ROLE.translator;
  const field = translator ? "languages" : "subject_ids";
  const fetcher = useFetcher<PanelMembersActionData>();
  const dialogs = useMessageDialog();
  const form = useZodForm(schema, {
    defaultValues: { values: translator ? member.languages : member.subject_ids.map(String) },
  });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    const mine = answer.errors?.find((e) => e.field === field || e.field.startsWith(`${field}.`));
    if (mine) form.setError("values", { message: mine.message });
    else void dialogs.error(answer.message);
  });

  return (
    <Dialog
      title={`${translator ? "Languages" : "Subjects"} of ${member.name}`}
      description={
        translator
          ? "The languages this translator translates questions into."
          : "The subjects whose questions this subject panel user writes and sees."
      }
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form
        form={form}
        onSubmit={(values) => {
          const body = new FormData();
          body.set("csrf", csrf);
          body.set("id", String(member.id));
          for (const value of values.values) body.append(field, value);
          fetcher.submit(body, { method: "post" });
        }}
      >
        <Stack gap={4}>
          <FormMultiSelect
            name="values"
            label={translator ? "Languages" : "Subjects"}
            placeholder={translator ? "No languages" : "No subjects"}
            searchPlaceholder={translator ? "Search languages" : "Search subjects"}
            options={translator ? LANGUAGE_OPTIONS : subjects}
          />
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={fetcher.state !== "idle"}>Save</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
