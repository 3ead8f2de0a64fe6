import { CONTENT_TEXT_LIMITS, EXAM_LEVEL_TYPES, examLevelName } from "@repo/contracts/content-texts-constants";
import { frontendPatternBody } from "@repo/contracts/frontend-pattern";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormCheckbox, FormSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { Icon } from "@repo/ui/icon";
import { RichTextEditor } from "@repo/ui/rich-text-editor";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { z } from "zod";
import type { PatternRow } from "./content-texts.server";
import { dialogSchema } from "./form-schema";
import { useContentSubmit } from "./use-content-submit";

const section = z.object({ name: z.string(), questions: z.string(), marks: z.string() });
const formSchema = dialogSchema(
  {
    exam_level: z.string(),
    class_band: z.string(),
    sections: z.array(section),
    duration_minutes: z.string(),
    negative_marks: z.string(),
    notes: z.string(),
    published: z.boolean(),
  },
  (values) => ({
    ...values,
    // Empty number boxes stay empty (and are reported) instead of turning into 0.
    exam_level: values.exam_level || undefined,
    duration_minutes: values.duration_minutes || undefined,
    negative_marks: values.negative_marks === "" ? undefined : values.negative_marks,
    sections: values.sections.map((s) => ({ ...s, questions: s.questions || undefined, marks: s.marks || undefined })),
  }),
  frontendPatternBody,
);
type Fields = z.input<typeof formSchema>;
const TOP_FIELDS = ["exam_level", "class_band", "sections", "duration_minutes", "negative_marks", "notes"];

interface Props {
  row: PatternRow | null;
  csrf: string;
  onClose: () => void;
}

/** Create or edit the paper pattern of one level and class band: its sections as a table, plus notes. */
export default function PatternDialog({ row, csrf, onClose }: Props) {
  const form = useZodForm(formSchema, {
    defaultValues: {
      exam_level: row ? String(row.exam_level) : "1",
      class_band: row?.class_band ?? "",
      sections: row?.sections.map((s) => ({
        name: s.name,
        questions: String(s.questions),
        marks: String(s.marks),
      })) ?? [{ name: "", questions: "", marks: "" }],
      duration_minutes: row ? String(row.duration_minutes) : "",
      negative_marks: row ? String(row.negative_marks) : "0",
      notes: row?.notes ?? "",
      published: row?.published ?? true,
    },
  });
  const { submit, busy } = useContentSubmit({
    rowId: row?.id ?? null,
    csrf,
    onClose,
    place: (field, message) => {
      if (!TOP_FIELDS.includes(field.split(".")[0] ?? "")) return false;
      form.setError(field as keyof Fields, { message });
      return true;
    },
  });
  const sections = form.watch("sections");
  const sectionsError = form.formState.isSubmitted ? form.formState.errors.sections?.message : undefined;
  const setSections = (next: Fields["sections"]) =>
    form.setValue("sections", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  return (
    <Dialog
      title={row ? `Edit pattern: ${examLevelName(row.exam_level)} ${row.class_band}` : "Add a question paper pattern"}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
    >
      <Form form={form} onSubmit={submit}>
        <Stack gap={4}>
          <Grid minItemWidth={200} gap={4}>
            <FormSelect
              name="exam_level"
              label="Exam level"
              required
              options={EXAM_LEVEL_TYPES.map((level) => ({ value: String(level.value), label: level.name }))}
            />
            <FormTextField name="class_band" label="Classes" hint="e.g. VI-VIII" required autoComplete="off" />
          </Grid>
          <Stack element="fieldset" gap={3}>
            <legend>
              <Text weight="semibold">Sections</Text>
            </legend>
            {sections.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a section is identified by its place in the paper
              <Grid key={index} minItemWidth={200} gap={3}>
                <FormTextField name={`sections.${index}.name`} label={`Section ${index + 1} name`} />
                <Grid minItemWidth={90} gap={3}>
                  <FormTextField name={`sections.${index}.questions`} label="Questions" inputMode="numeric" />
                  <FormTextField name={`sections.${index}.marks`} label="Marks" inputMode="numeric" />
                  <Stack justify="end">
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<Icon name="trash" size={16} />}
                      disabled={sections.length === 1}
                      onClick={() => setSections(sections.filter((__, i) => i !== index))}
                      aria-label={`Remove section ${index + 1}`}
                    >
                      Remove
                    </Button>
                  </Stack>
                </Grid>
              </Grid>
            ))}
            {sectionsError ? (
              <Text tone="danger" role="alert">
                {sectionsError}
              </Text>
            ) : null}
            <div>
              <Button
                variant="light"
                size="sm"
                icon={<Icon name="plus" size={16} />}
                disabled={sections.length >= CONTENT_TEXT_LIMITS.sections}
                onClick={() => setSections([...sections, { name: "", questions: "", marks: "" }])}
              >
                Add a section
              </Button>
            </div>
          </Stack>
          <Grid minItemWidth={200} gap={4}>
            <FormTextField name="duration_minutes" label="Duration (minutes)" inputMode="numeric" required />
            <FormTextField
              name="negative_marks"
              label="Negative marks per wrong answer"
              inputMode="decimal"
              hint="0 for no negative marking"
            />
          </Grid>
          <RichTextEditor
            label="Notes"
            defaultValue={row?.notes ?? ""}
            height={140}
            onChange={(html) => form.setValue("notes", html, { shouldDirty: true })}
          />
          <FormCheckbox name="published" label="Published" description="Schools see published patterns only." />
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={busy}>{row ? "Save changes" : "Add pattern"}</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
