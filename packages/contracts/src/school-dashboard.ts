import { z } from "zod";

const count = z.number().int().min(0);

/** The open exam year: its label and the days it runs. */
export const examYearDates = z.object({
  label: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
});
export type ExamYearDates = z.infer<typeof examYearDates>;

/**
 * A school's (or a master institute's) students in the open exam year: totals by payment status,
 * and the same split by class; by exam language and by gender ("unknown" where none was given).
 */
export const schoolStudentCounts = z.object({
  total: count,
  paid: count,
  pending: count,
  unpaid: count,
  by_class: z.array(
    z.object({ class_level: z.number().int(), total: count, paid: count, pending: count, unpaid: count }),
  ),
  by_language: z.array(z.object({ language: z.string(), count })),
  by_gender: z.array(z.object({ gender: z.string(), count })),
});
export type SchoolStudentCounts = z.infer<typeof schoolStudentCounts>;

/** The Statistics page: the counts of the open exam year (none when no year is open). */
export const schoolStatistics = z.object({
  exam_year: examYearDates.nullable(),
  students: schoolStudentCounts,
});
export type SchoolStatistics = z.infer<typeof schoolStatistics>;

/** Money as whole minor units of its currency (contracts/fees). */
export const money = z.object({ currency: z.string().length(3), amount_minor: z.number().int() });

/**
 * What the unpaid students of one country cost at that country's Level 1 fee. A school has one
 * row; a master institute one per country its schools are in.
 */
export const amountDueRow = z.object({
  country: z.string(),
  unpaid: count,
  /** One student's Level 1 fee this exam year; null when none is set for the country. */
  fee: money.nullable(),
  /** unpaid × fee; null when no fee is set. */
  amount: money.nullable(),
});
export type AmountDueRow = z.infer<typeof amountDueRow>;

/** One line of the school's recent activity, in words. */
export const activityEntry = z.object({
  at: z.string(),
  who: z.string(),
  what: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/** An active coordinator whose region holds the school (or one of a master institute's schools). */
export const assignedCoordinator = z.object({
  id: z.number().int(),
  name: z.string(),
  role_id: z.number().int(),
  role_name: z.string(),
  /** The region(s) it is assigned to that hold the school, e.g. "Maharashtra". */
  region: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
});
export type AssignedCoordinator = z.infer<typeof assignedCoordinator>;

/** GET /api/schools/dashboard: everything the school's dashboard shows. */
export const schoolDashboard = z.object({
  exam_year: examYearDates.nullable(),
  students: schoolStudentCounts,
  amount_due: z.array(amountDueRow),
  /** False while the school (or any of a master institute's schools) has not verified its e-mail. */
  email_verified: z.boolean(),
  recent_activity: z.array(activityEntry),
  coordinators: z.array(assignedCoordinator),
});
export type SchoolDashboard = z.infer<typeof schoolDashboard>;
