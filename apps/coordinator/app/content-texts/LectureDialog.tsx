import { LANGUAGES } from "@repo/contracts/languages";
import { lectureSeriesBody } from "@repo/contracts/lecture-series";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormCheckbox, FormSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import type { LectureRow } from "./content-texts.server";
import { dialogSchema } from "./form-schema";
import { useContentSubmit } from "./use-content-submit";

const formSchema = dialogSchema(
  {
    title: z.string(),
    speaker: z.string(),
    lecture_date: z.string(),
    video_url: z.string(),
    class_level: z.string(),
    language: z.string(),
    published: z.boolean(),
  },
  (values) => ({ ...values, class_level: values.class_level ? Number(values.class_level) : null }),
  lectureSeriesBody,
);

type Fields = z.input<typeof formSchema>;
const FIELDS = ["title", "speaker", "lecture_date", "video_url", "class_level", "language", "published"] as const;

interface Props {
  row: LectureRow | null;
  csrf: string;
  onClose: () => void;
}

/** Create or edit a lecture of the student lecture series. */
export default function LectureDialog({ row, csrf, onClose }: Props) {
  const form = useZodForm(formSchema, {
    defaultValues: {
      title: row?.title ?? "",
      speaker: row?.speaker ?? "",
      lecture_date: row?.lecture_date ?? "",
      video_url: row?.video_url ?? "",
      class_level: row?.class_level ? String(row.class_level) : "",
      language: row?.language ?? "en",
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

  return (
    <Dialog
      title={row ? `Edit lecture: ${row.title}` : "Add a lecture"}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
    >
      <Form form={form} onSubmit={submit}>
        <Stack gap={4}>
          <FormTextField name="title" label="Title" autoComplete="off" required />
          <Grid minItemWidth={200} gap={4}>
            <FormTextField name="speaker" label="Speaker" autoComplete="off" required />
            <FormTextField name="lecture_date" label="Date" type="date" required />
          </Grid>
          <FormTextField
            name="video_url"
            label="Video link"
            type="url"
            inputMode="url"
            required
            hint="An https:// link. YouTube and Vimeo videos play on the page."
          />
          <Grid minItemWidth={200} gap={4}>
            <FormSelect
              name="class_level"
              label="Class"
              placeholder="Every class"
              options={CLASS_LEVELS.map((value) => ({ value: String(value), label: `Class ${classLabel(value)}` }))}
            />
            <FormSelect
              name="language"
              label="Language"
              options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
            />
          </Grid>
          <FormCheckbox name="published" label="Published" description="Schools see published lectures only." />
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={busy}>{row ? "Save changes" : "Add lecture"}</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
