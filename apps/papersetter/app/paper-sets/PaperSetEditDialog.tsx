import { useFetcher } from "@remix-run/react";
import { SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormMultiSelect, FormSubmit, FormTextarea, FormTextField, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Panel } from "@repo/ui/panel";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { z } from "zod";
import type { PaperSetActionData, PaperSetRow, SubjectRow } from "./paper-set.server";
import { OTHER_LANGUAGES } from "./paper-set-text";

/** A blueprint field's key: a subject id behind a letter (react-hook-form reads bare numbers as array places). */
const subjectKey = (id: number | string) => `s${id}`;

const whole = (field: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${field} must be a whole number`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `${field} must be ${min} to ${max}`);
const decimal = (field: string, min: number, max: number, positive: boolean) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${field} must be a number`)
    .refine((v) => (positive ? Number(v) > min : Number(v) >= min) && Number(v) <= max, {
      message: positive ? `${field} must be more than ${min}, at most ${max}` : `${field} must be ${min} to ${max}`,
    });

/** The API's rules (contracts' paperSetUpdateBody), on the form's text fields. */
const schema = z.object({
  name: z.string().trim().min(2, "Name the paper set").max(100, "The name can be at most 100 characters"),
  code: z
    .string()
    .trim()
    .min(2, "The code must be at least 2 characters")
    .max(20, "The code can be at most 20 characters")
    .regex(/^[A-Za-z0-9-]+$/, "The code may hold letters, digits and hyphens only"),
  languages: z.array(z.string()),
  duration_minutes: whole("The duration", 10, 600),
  instructions: z
    .string()
    .refine((v) => lines(v).length <= 20, "At most 20 instructions")
    .refine((v) => lines(v).every((l) => l.length <= 300), "An instruction can be at most 300 characters"),
  sections: z.array(
    z
      .object({
        id: z.number(),
        label: z.string(),
        title: z.string().trim().min(1, "Name the section").max(60, "The title can be at most 60 characters"),
        question_count: whole("The number of questions", 1, 200),
        marks_per_question: decimal("Marks", 0, 20, true),
        negative_marks: decimal("Negative marks", 0, 20, false),
        blueprint: z.record(z.string(), z.string().trim().regex(/^\d*$/, "A whole number")),
      })
      .superRefine((section, ctx) => {
        const total = Object.values(section.blueprint).reduce((sum, v) => sum + (Number(v) || 0), 0);
        if (/^\d+$/.test(section.question_count) && total > Number(section.question_count)) {
          ctx.addIssue({
            code: "custom",
            path: ["blueprint"],
            message: `The subjects add up to ${total}; the section has ${countOf(Number(section.question_count), COUNTED.question)}`,
          });
        }
      }),
  ),
});
type Values = z.infer<typeof schema>;

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

function defaults(set: PaperSetRow, subjects: SubjectRow[]): Values {
  return {
    name: set.name,
    code: set.code,
    languages: set.languages.map((l) => l.code).filter((code) => code !== SOURCE_LANGUAGE),
    duration_minutes: String(set.duration_minutes),
    instructions: set.instructions.join("\n"),
    sections: set.sections.map((s) => ({
      id: s.id,
      label: s.label,
      title: s.title,
      question_count: String(s.question_count),
      marks_per_question: String(s.marks_per_question),
      negative_marks: String(s.negative_marks),
      blueprint: Object.fromEntries(
        subjects.map((subject) => [subjectKey(subject.id), String(s.blueprint[subject.id] ?? 0)]),
      ),
    })),
  };
}

/** The API's body (paperSetUpdateBody) from the form's values: numbers, one instruction a line. */
export function updateBodyOf(values: Values) {
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    languages: [SOURCE_LANGUAGE, ...values.languages.filter((c) => c !== SOURCE_LANGUAGE)],
    duration_minutes: Number(values.duration_minutes),
    instructions: lines(values.instructions),
    sections: values.sections.map((s) => ({
      id: s.id,
      title: s.title.trim(),
      question_count: Number(s.question_count),
      marks_per_question: Number(s.marks_per_question),
      negative_marks: Number(s.negative_marks),
      blueprint: Object.fromEntries(
        Object.entries(s.blueprint)
          .map(([key, n]) => [key.replace(/^s/, ""), Number(n) || 0] as const)
          .filter(([, n]) => n > 0),
      ),
    })),
  };
}

/**
 * Edit a draft set: name, code, languages, duration, instructions, and each section's title,
 * size, marks and blueprint (how many questions of each subject "Fill from blueprint" places).
 */
export default function PaperSetEditDialog({
  set,
  subjects,
  csrf,
  onClose,
}: {
  set: PaperSetRow;
  subjects: SubjectRow[];
  csrf: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<PaperSetActionData>();
  const dialogs = useMessageDialog();
  const form = useZodForm(schema, { defaultValues: defaults(set, subjects) });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    const placed: string[] = [];
    for (const error of answer.errors ?? []) {
      const field = error.field.replace(/^(sections\.\d+\.blueprint)\..*$/, "$1");
      const known =
        /^(name|code|languages|duration_minutes|instructions)$/.test(field) ||
        /^sections\.\d+\.(title|question_count|marks_per_question|negative_marks|blueprint)$/.test(field);
      if (!known) continue;
      form.setError(field as "name", { message: error.message });
      placed.push(field);
    }
    if (placed.length === 0) void dialogs.error(answer.message);
  });
  const blueprintError = (index: number): string | undefined => {
    const error = form.formState.errors.sections?.[index]?.blueprint;
    return typeof error?.message === "string" ? error.message : undefined;
  };

  return (
    <Dialog
      title={`Edit ${set.code}`}
      description="A draft changes freely; once finalized it never changes."
      size="lg"
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form
        form={form}
        onSubmit={(values) => {
          fetcher.submit(
            { csrf, intent: "update", id: String(set.id), body: JSON.stringify(updateBodyOf(values)) },
            { method: "post" },
          );
        }}
      >
        <Stack gap={5}>
          <Grid minItemWidth={220} gap={4}>
            <FormTextField name="name" label="Name" autoComplete="off" />
            <FormTextField name="code" label="Code" autoComplete="off" />
          </Grid>
          <Grid minItemWidth={220} gap={4}>
            <FormMultiSelect
              name="languages"
              label="Languages besides English"
              placeholder="English only"
              searchPlaceholder="Search languages"
              options={OTHER_LANGUAGES}
              hint="Every paper is offered in English, its source language."
            />
            <FormTextField name="duration_minutes" label="Duration (minutes)" inputMode="numeric" />
          </Grid>
          {/* Decision 062: only the standard instructions have words in every language. */}
          <FormTextarea
            name="instructions"
            label="Instructions"
            rows={5}
            hint="One instruction a line. The standard instructions print in each paper's language; instructions of your own print on English papers only, so Check refuses the set's other languages."
          />
          {set.sections.map((section, index) => (
            <Panel key={section.id} element="fieldset" legend={`Section ${section.label}`} padding={5} gap={4}>
              <Grid minItemWidth={160} gap={4}>
                <FormTextField name={`sections.${index}.title`} label="Title" autoComplete="off" />
                <FormTextField name={`sections.${index}.question_count`} label="Questions" inputMode="numeric" />
                <FormTextField
                  name={`sections.${index}.marks_per_question`}
                  label="Marks per question"
                  inputMode="decimal"
                />
                <FormTextField
                  name={`sections.${index}.negative_marks`}
                  label="Negative marks"
                  hint="Taken off a wrong answer"
                  inputMode="decimal"
                />
              </Grid>
              {subjects.length ? (
                <Stack element="fieldset" gap={2} aria-describedby={`blueprint-${section.id}-note`}>
                  <legend>
                    <Text inline weight="medium">
                      Blueprint: questions of each subject
                    </Text>
                  </legend>
                  <Grid minItemWidth={150} gap={3}>
                    {subjects.map((subject) => (
                      <FormTextField
                        key={subject.id}
                        name={`sections.${index}.blueprint.${subjectKey(subject.id)}`}
                        label={subject.name}
                        inputMode="numeric"
                      />
                    ))}
                  </Grid>
                  <Text
                    id={`blueprint-${section.id}-note`}
                    size="sm"
                    tone={blueprintError(index) ? "danger" : "muted"}
                    role={blueprintError(index) ? "alert" : undefined}
                  >
                    {blueprintError(index) ??
                      "“Fill from blueprint” places this many reviewed questions of each subject."}
                  </Text>
                </Stack>
              ) : null}
            </Panel>
          ))}
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={fetcher.state !== "idle"}>Save changes</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
