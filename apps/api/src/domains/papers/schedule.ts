import type { ExamScheduleBody, ExamScheduleItem } from "@repo/contracts/papers";
import { type DbOrTx, queryRows } from "@repo/db";
import { examSchedules } from "@repo/db/schema";
import { sql } from "drizzle-orm";
import { recordActivity } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";
import { activeExamYear, isActiveExamYear } from "../programme/exam-year";
import type { PaperViewer } from "./access";
import { iso } from "./questions";

/** A local time without an offset is India's (the programme's clock). */
export function scheduleInstant(startsAt: string): Date {
  const withZone = /(Z|[+-]\d{2}:\d{2})$/.test(startsAt) ? startsAt : `${startsAt}+05:30`;
  const at = new Date(withZone);
  // Date rolls 31 February over into March; a calendar day must exist as written.
  const [year, month, day] = startsAt.slice(0, 10).split("-").map(Number);
  const calendar = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0));
  const real =
    calendar.getUTCFullYear() === year && calendar.getUTCMonth() + 1 === month && calendar.getUTCDate() === day;
  if (Number.isNaN(at.getTime()) || !real) {
    throw new ApiError(422, "starts_at is not a real date and time", [
      { field: "starts_at", message: "Give a date and time such as 2027-01-24T10:00" },
    ]);
  }
  return at;
}

/** The open exam year's schedule: one row per exam and class. */
export async function listExamSchedule(db: DbOrTx): Promise<ExamScheduleItem[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.id, y.label as exam_year, e.exam_kind, e.class_level, e.starts_at, e.duration_minutes, e.note, e.updated_at
      from exam_schedules e join exam_years y on y.id = e.exam_year_id
      where ${isActiveExamYear} order by e.starts_at, e.exam_kind, e.class_level`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    exam_year: String(r.exam_year),
    exam_level: String(r.exam_kind),
    class_id: Number(r.class_level),
    starts_at: iso(r.starts_at),
    duration_minutes: Number(r.duration_minutes),
    note: (r.note as string | null) ?? null,
    updated_at: iso(r.updated_at),
  }));
}

/** store-exam-schedule: sets (or moves) one exam's date, time and duration for a class. */
export async function storeExamSchedule(
  db: DbOrTx,
  viewer: PaperViewer,
  body: ExamScheduleBody,
): Promise<ExamScheduleItem[]> {
  const year = await activeExamYear(db);
  const startsAt = scheduleInstant(body.starts_at);
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(examSchedules)
      .values({
        examYearId: year.id,
        examKind: body.exam_level,
        classLevel: body.class_id,
        startsAt,
        durationMinutes: body.duration_minutes,
        note: body.note || null,
        updatedBy: viewer.userId,
      })
      .onConflictDoUpdate({
        target: [examSchedules.examYearId, examSchedules.examKind, examSchedules.classLevel],
        set: {
          startsAt,
          durationMinutes: body.duration_minutes,
          note: body.note || null,
          updatedBy: viewer.userId,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: examSchedules.id });
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "examSchedule.save",
      entity: "exam_schedule",
      entityId: saved?.id,
      after: { exam_level: body.exam_level, class_id: body.class_id, starts_at: startsAt.toISOString() },
      requestId: viewer.requestId,
    });
  });
  return listExamSchedule(db);
}
