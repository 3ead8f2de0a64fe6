import { useFetcher } from "@remix-run/react";
import { isoToIndiaWallTime, PORTAL_TIME_HINT } from "@repo/contracts/locale";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormSelect, FormSubmit, FormTextarea, FormTextField, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import { levelName, SCHEDULE_LEVELS } from "./ExamScheduleScreen";
import type { ExamScheduleActionData, ExamScheduleRow } from "./exam-schedule.server";

const LEVEL_OPTIONS = SCHEDULE_LEVELS.map((l) => ({ value: l.code, label: l.name }));
const CLASS_OPTIONS = CLASS_LEVELS.map((c) => ({ value: String(c), label: `Class ${classLabel(c)}` }));

/** The API's rules (contracts' examScheduleBody) on the form's text fields. */
const schema = z.object({
  exam_level: z.string().min(1, "Choose the exam"),
  class_id: z.string().min(1, "Choose a class"),
  starts_at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Give the date and time the exam starts"),
  duration_minutes: z
    .string()
    .trim()
    .regex(/^\d+$/, "The duration is a whole number of minutes")
    .refine((v) => Number(v) >= 10 && Number(v) <= 600, "The duration is 10 to 600 minutes"),
  note: z.string().trim().max(300, "The note can be at most 300 characters"),
});
const FIELDS = Object.keys(schema.shape);

/**
 * Set an exam's date for a class (or move one): the time is typed as India time (IST). Editing a
 * row keeps its exam and class; a new date for an exam and class that already has one moves it.
 */
export default function ExamScheduleDialog({
  row,
  csrf,
  onClose,
}: {
  row: ExamScheduleRow | null;
  csrf: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ExamScheduleActionData>();
  const dialogs = useMessageDialog();
  const form = useZodForm(schema, {
    defaultValues: {
      exam_level: row?.exam_level ?? "",
      class_id: row ? String(row.class_id) : "",
      starts_at: row ? isoToIndiaWallTime(row.starts_at) : "",
      duration_minutes: String(row?.duration_minutes ?? 90),
      note: row?.note ?? "",
    },
  });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    const placed = (answer.errors ?? []).filter((e) => FIELDS.includes(e.field));
    for (const error of placed) form.setError(error.field as keyof z.infer<typeof schema>, { message: error.message });
    if (placed.length === 0) void dialogs.error(answer.message);
  });

  return (
    <Dialog
      title={row ? `Edit ${levelName(row.exam_level)}, class ${classLabel(row.class_id)}` : "Set an exam date"}
      description={row ? undefined : "A date for an exam and class that already has one moves it."}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form
        form={form}
        onSubmit={(values) => {
          fetcher.submit({ ...values, csrf }, { method: "post" });
        }}
      >
        <Stack gap={4}>
          {row ? null : (
            <Grid minItemWidth={180} gap={4}>
              <FormSelect name="exam_level" label="Exam" placeholder="Select the exam" options={LEVEL_OPTIONS} />
              <FormSelect name="class_id" label="Class" placeholder="Select a class" options={CLASS_OPTIONS} />
            </Grid>
          )}
          <Grid minItemWidth={180} gap={4}>
            <FormTextField name="starts_at" label="Starts at" type="datetime-local" hint={PORTAL_TIME_HINT} />
            <FormTextField name="duration_minutes" label="Duration (minutes)" inputMode="numeric" />
          </Grid>
          <FormTextarea name="note" label="Note" rows={2} hint="Optional, e.g. the reporting time." maxLength={300} />
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
