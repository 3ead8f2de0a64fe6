import { useFetcher, useNavigate } from "@remix-run/react";
import type { ExamLevel } from "@repo/contracts/fees";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormMultiSelect, FormSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import { CLASS_OPTIONS, OTHER_LANGUAGES, paperSetPath } from "./paper-set-text";
import type { PaperSetsActionData } from "./paper-sets.server";

/** The API's own rules (contracts' paperSetCreateBody), as the user types. */
const schema = z.object({
  class_id: z.string().min(1, "Choose a class"),
  name: z.string().trim().min(2, "Name the paper set").max(100, "The name can be at most 100 characters"),
  code: z
    .string()
    .trim()
    .min(2, "The code must be at least 2 characters")
    .max(20, "The code can be at most 20 characters")
    .regex(/^[A-Za-z0-9-]+$/, "The code may hold letters, digits and hyphens only"),
  languages: z.array(z.string()),
});

/** Start a draft set of the page's level with the level's default sections; it opens once made. */
export default function NewPaperSetDialog({
  level,
  csrf,
  onClose,
}: {
  level: ExamLevel;
  csrf: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<PaperSetsActionData>();
  const dialogs = useMessageDialog();
  const navigate = useNavigate();
  const form = useZodForm(schema, { defaultValues: { class_id: "", name: "", code: "", languages: ["hi"] } });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      if (answer.id) navigate(paperSetPath(answer.id));
      else void dialogs.success(answer.message);
      return;
    }
    const fields = Object.keys(schema.shape);
    const placed = (answer.errors ?? []).filter((e) => fields.includes(e.field.split(".")[0] ?? ""));
    for (const error of placed) {
      form.setError(error.field.split(".")[0] as keyof z.infer<typeof schema>, { message: error.message });
    }
    if (placed.length === 0) void dialogs.error(answer.message);
  });

  return (
    <Dialog
      title={`New ${level === "mock" ? "mock" : examLevelLabel(level)} paper set`}
      description="It starts as a draft with the level's sections and marks rules; questions are added on its page."
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form
        form={form}
        onSubmit={(values) => {
          const body = new FormData();
          body.set("csrf", csrf);
          body.set("intent", "create");
          body.set("class_id", values.class_id);
          body.set("name", values.name);
          body.set("code", values.code);
          for (const code of values.languages) body.append("languages", code);
          fetcher.submit(body, { method: "post" });
        }}
      >
        <Stack gap={4}>
          <FormSelect name="class_id" label="Class" placeholder="Select a class" options={CLASS_OPTIONS} />
          <FormTextField name="name" label="Name" autoComplete="off" hint="e.g. Level 1, class VIII, set B" />
          <FormTextField
            name="code"
            label="Code"
            autoComplete="off"
            hint="Letters, digits and hyphens, e.g. L1-VIII-B"
          />
          <FormMultiSelect
            name="languages"
            label="Languages besides English"
            placeholder="English only"
            searchPlaceholder="Search languages"
            options={OTHER_LANGUAGES}
            hint="Every paper is offered in English, its source language."
          />
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={fetcher.state !== "idle"}>Create paper set</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
