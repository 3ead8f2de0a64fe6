/**
 * The active exam year (docs/domain.md: one exam year is active at a time; students, payments,
 * paper sets and results belong to a year). The one place that reads `exam_years.is_active`.
 */
import type { ExamYearDates } from "@repo/contracts/school-dashboard";
import type { DbOrTx } from "@repo/db";
import { examYears } from "@repo/db/schema";
import { eq, type SQL, sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";

export const NO_OPEN_EXAM_YEAR = "No exam year is open for registration yet. Please try again later.";

/** The open exam year with its dates, or null between years. */
export async function openExamYear(db: DbOrTx): Promise<(ExamYearDates & { id: number }) | null> {
  const [year] = await db
    .select({ id: examYears.id, label: examYears.label, starts_on: examYears.startsOn, ends_on: examYears.endsOn })
    .from(examYears)
    .where(eq(examYears.isActive, true));
  return year ?? null;
}

/** The open exam year; between years 409 with NO_OPEN_EXAM_YEAR (students are registered into it). */
export async function activeExamYear(db: DbOrTx): Promise<{ id: number; label: string }> {
  const year = await openExamYear(db);
  if (!year) throw new ApiError(409, NO_OPEN_EXAM_YEAR);
  return { id: year.id, label: year.label };
}

/** The open exam year's id as a subquery, for a query that reads the year in the same statement (null between years). */
export const activeExamYearId: SQL = sql`(select y.id from exam_years y where y.is_active)`;

/** The open exam year as a condition on `exam_years y`, for a query that joins the year itself. */
export const isActiveExamYear: SQL = sql`y.is_active`;
