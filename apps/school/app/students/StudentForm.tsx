import type { FetcherWithComponents } from "@remix-run/react";
import { LANGUAGES } from "@repo/contracts/languages";
import { type StudentFieldsInput, studentFields } from "@repo/contracts/students";
import { CLASS_LEVELS, classLabel, GENDERS } from "@repo/contracts/students-constants";
import { useFormAnswer } from "@repo/remix-app/forms/answer";
import { Form, FormSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { Stack } from "@repo/ui/stack";
import { type ReactNode, useEffect, useState } from "react";
import type { StudentActionData } from "./students.server";

const CLASS_OPTIONS = CLASS_LEVELS.map((level) => ({ value: String(level), label: `Class ${classLabel(level)}` }));
const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({
  value: l.code,
  label: l.native === l.name ? l.name : `${l.name} (${l.native})`,
}));
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g.code, label: g.name }));

export const EMPTY_STUDENT: StudentFieldsInput = {
  first_name: "",
  last_name: "",
  class_level: "",
  language: "",
  gender: "",
  date_of_birth: "",
  parent_name: "",
  phone: "",
  email: "",
};

interface Props {
  fetcher: FetcherWithComponents<StudentActionData>;
  /** Hidden fields posted with the values (intent, id, csrf). */
  extra: Record<string, string>;
  defaultValues?: StudentFieldsInput;
  submitLabel: string;
  /** Buttons beside submit (Cancel). */
  actions?: ReactNode;
  /** Bumped by the caller to empty the form after a save. */
  resetKey?: number;
  /** Where the browser posts it without JavaScript (the page itself when not given). */
  action?: string;
}

/**
 * One student's fields, checked as the school types with the API's own schema (packages/contracts
 * studentFields); the API's field errors (a duplicate, a paid student's class) land on the fields.
 */
export function StudentForm({
  fetcher,
  extra,
  defaultValues = EMPTY_STUDENT,
  submitLabel,
  actions,
  resetKey,
  action,
}: Props) {
  // Without JavaScript a refused post renders the page again: its answer brings back what was typed.
  const found = useFormAnswer(fetcher);
  const answer = found && found.intent === extra.intent && (found.id ?? "") === (extra.id ?? "") ? found : undefined;
  const [posted] = useState(answer?.ok === false ? answer : undefined);
  const typed = Object.fromEntries(Object.entries(posted?.values ?? {}).filter(([name]) => name in EMPTY_STUDENT));
  const form = useZodForm(studentFields, { defaultValues: { ...defaultValues, ...typed } });
  const { setError, reset } = form;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || answer.ok) return;
    for (const error of answer.errors ?? []) {
      if (error.field in EMPTY_STUDENT) setError(error.field as keyof StudentFieldsInput, { message: error.message });
    }
  }, [fetcher.state, fetcher.data, setError]);

  useEffect(() => {
    if (resetKey) reset(EMPTY_STUDENT);
  }, [resetKey, reset]);

  return (
    <Form
      form={form}
      action={action}
      errors={answer?.ok === false ? answer.errors : undefined}
      onSubmit={(values) => {
        const posted: Record<string, string> = { ...extra };
        for (const [name, value] of Object.entries(values)) posted[name] = String(value ?? "");
        fetcher.submit(posted, { method: "post" });
      }}
    >
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap={5}>
        <Grid minItemWidth={260} gap={4}>
          <FormTextField name="first_name" label="First name" autoComplete="off" />
          <FormTextField name="last_name" label="Last name" hint="Optional" autoComplete="off" />
          <FormSelect name="class_level" label="Class" placeholder="Select a class" options={CLASS_OPTIONS} />
          <FormSelect
            name="language"
            label="Exam language"
            placeholder="Select a language"
            options={LANGUAGE_OPTIONS}
          />
          <FormSelect name="gender" label="Gender" placeholder="Select" options={GENDER_OPTIONS} />
          <FormTextField name="date_of_birth" label="Date of birth" type="date" />
          <FormTextField name="parent_name" label="Parent's name" autoComplete="off" />
          <FormTextField name="phone" label="Phone" type="tel" hint="10 to 15 digits, e.g. 9876543210" />
          <FormTextField
            name="email"
            label="E-mail"
            type="email"
            hint="Optional; the student's sign-in details are mailed here"
          />
        </Grid>
        <Stack direction="row" gap={3} justify="end">
          {actions}
          <FormSubmit loading={fetcher.state !== "idle"}>{submitLabel}</FormSubmit>
        </Stack>
      </Stack>
    </Form>
  );
}
