import { EXAM_LEVEL_TYPES, type ImportantDateAudience } from "@repo/contracts/content-texts-constants";
import { importantDateBody } from "@repo/contracts/important-dates";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormCheckbox, FormSelect, FormSubmit, FormTextarea, FormTextField, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import type { ImportantDateRow } from "./content-texts.server";
import { dialogSchema } from "./form-schema";
import { useContentSubmit } from "./use-content-submit";

// The fields hold text; empty pickers mean "none". The API's own schema then checks the body,
// so "the end date is before the start date" shows on the end date as the user types.
const formSchema = dialogSchema(
  {
    title: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    exam_level: z.string(),
    description: z.string(),
    audience: z.string(),
    published: z.boolean(),
  },
  (values) => ({
    ...values,
    end_date: values.end_date || null,
    exam_level: values.exam_level ? Number(values.exam_level) : null,
  }),
  importantDateBody,
);

type Fields = z.input<typeof formSchema>;
const FIELDS = ["title", "start_date", "end_date", "exam_level", "description", "published"] as const;

interface Props {
  row: ImportantDateRow | null;
  audience: ImportantDateAudience;
  csrf: string;
  onClose: () => void;
}

/** Create or edit an important date (a single day, or a range with an end date). */
export default function ImportantDateDialog({ row, audience, csrf, onClose }: Props) {
  const form = useZodForm(formSchema, {
    defaultValues: {
      title: row?.title ?? "",
      start_date: row?.start_date ?? "",
      end_date: row?.end_date ?? "",
      exam_level: row?.exam_level ? String(row.exam_level) : "",
      description: row?.description ?? "",
      audience: row?.audience ?? audience,
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
  const gcc = audience === "gcc";

  return (
    <Dialog
      title={row ? `Edit important date: ${row.title}` : `Add an important date${gcc ? " for GCC schools" : ""}`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
    >
      <Form form={form} onSubmit={submit}>
        <Stack gap={4}>
          <FormTextField name="title" label="Title" autoComplete="off" required />
          <Grid minItemWidth={200} gap={4}>
            <FormTextField name="start_date" label="Date (or first day)" type="date" required />
            <FormTextField name="end_date" label="Last day" type="date" hint="Only for a range of days" />
          </Grid>
          <FormSelect
            name="exam_level"
            label="Exam level"
            placeholder="The whole programme"
            options={EXAM_LEVEL_TYPES.map((level) => ({ value: String(level.value), label: level.name }))}
          />
          <FormTextarea name="description" label="Description" rows={3} />
          <FormCheckbox name="published" label="Published" description="Schools see published dates only." />
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={busy}>{row ? "Save changes" : "Add date"}</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
