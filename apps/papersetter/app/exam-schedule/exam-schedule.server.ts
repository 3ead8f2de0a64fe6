import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { can } from "@repo/auth/permissions";
import type { FieldError } from "@repo/contracts/envelope";
import { examScheduleBody } from "@repo/contracts/papers";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";

/** One exam's date for one class, as the API's generated client types it. */
export type ExamScheduleRow = components["schemas"]["ExamScheduleItem"];

export interface ExamScheduleActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

/** The open exam year's schedule, and whether the viewer may set it (the papersetter admin). */
export async function examScheduleLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context, "paperSets.view");
  const list = await api.GET("/api/exam-schedule");
  return {
    csrf,
    rows: list.data?.data ?? [],
    failure: list.data ? null : messageOf(list.error, "The exam schedule could not be loaded, please try again"),
    may: { schedule: can(subject, "exams.schedule") },
  };
}

/**
 * Sets (or moves) one exam's date, time and duration for a class. The time comes from a
 * datetime-local field and is India's (IST): it goes to the API without an offset, which reads it so.
 */
export async function examScheduleAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "exams.schedule");
  const note = String(form.get("note") ?? "").trim();
  const parsed = parseForm(
    {
      exam_level: form.get("exam_level"),
      class_id: form.get("class_id"),
      starts_at: String(form.get("starts_at") ?? "").trim(),
      duration_minutes: form.get("duration_minutes"),
      ...(note ? { note } : {}),
    },
    examScheduleBody,
  );
  const { fail, failFromApi, done } = formAnswers<ExamScheduleActionData>();
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const { data: saved, error, response } = await api.POST("/api/store-exam-schedule", { body: parsed.data });
  if (!saved) return failFromApi({ error, response }, "The exam schedule could not be saved");
  return done(saved.message);
}
