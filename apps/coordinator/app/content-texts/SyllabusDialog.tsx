import { type ExamLevelType, examLevelName } from "@repo/contracts/content-texts-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { syllabusBody } from "@repo/contracts/syllabus";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormCheckbox, FormSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { RichTextEditor } from "@repo/ui/rich-text-editor";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import type { SyllabusRow } from "./content-texts.server";
import { dialogSchema } from "./form-schema";
import { useContentSubmit } from "./use-content-submit";

const formSchema = dialogSchema(
  {
    syllabus_type: z.number(),
    class_level: z.string(),
    title: z.string(),
    body: z.string(),
    published: z.boolean(),
  },
  (values) => ({ ...values, class_level: values.class_level ? Number(values.class_level) : undefined }),
  syllabusBody,
);

type Fields = z.input<typeof formSchema>;
const FIELDS = ["class_level", "title", "body", "published"] as const;

interface Props {
  row: SyllabusRow | null;
  syllabusType: ExamLevelType;
  csrf: string;
  onClose: () => void;
}

/** Create or edit one class's syllabus: rich text with formulas (the editor's ƒx button). */
export default function SyllabusDialog({ row, syllabusType, csrf, onClose }: Props) {
  const form = useZodForm(formSchema, {
    defaultValues: {
      syllabus_type: row?.syllabus_type ?? syllabusType,
      class_level: row ? String(row.class_level) : "",
      title: row?.title ?? "",
      body: row?.body ?? "",
      published: row?.published ?? true,
    },
  });
  const { submit, busy } = useContentSubmit({
    rowId: row?.id ?? null,
    csrf,
    onClose,
    place: (field, message) => {
      if (!(FIELDS as readonly string[]).includes(field)) return false;
      form.setError(field as keyof Fields, { message });
      return true;
    },
  });
  const bodyState = form.getFieldState("body", form.formState);
  const bodyError =
    bodyState.isTouched || bodyState.isDirty || form.formState.isSubmitted ? bodyState.error?.message : undefined;
  const level = examLevelName(syllabusType);

  return (
    <Dialog
      title={row ? `Edit syllabus: ${row.title}` : `Add a ${level} syllabus`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
    >
      <Form form={form} onSubmit={submit}>
        <Stack gap={4}>
          <Grid minItemWidth={200} gap={4}>
            <FormSelect
              name="class_level"
              label="Class"
              placeholder="Select a class"
              required
              options={CLASS_LEVELS.map((value) => ({ value: String(value), label: `Class ${classLabel(value)}` }))}
            />
            <FormTextField name="title" label="Subject or title" autoComplete="off" required />
          </Grid>
          <RichTextEditor
            label="Syllabus"
            defaultValue={row?.body ?? ""}
            hint="Use the ƒx button to write a formula."
            height={260}
            required
            error={bodyError}
            onChange={(html) => form.setValue("body", html, { shouldDirty: true, shouldValidate: true })}
            onBlur={() => form.setValue("body", form.getValues("body"), { shouldTouch: true, shouldValidate: true })}
          />
          <FormCheckbox name="published" label="Published" description="Schools see published syllabus only." />
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={busy}>{row ? "Save changes" : "Add syllabus"}</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
