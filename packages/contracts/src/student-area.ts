/**
 * The student area (issue 16, docs/decisions/025-student-area.md): what a signed-in student (role 1)
 * reads of itself. Every answer is the session's own student: no request names a student, so no
 * student can ask for another.
 */
import { z } from "zod";
import { EXAM_LEVEL_CODES } from "./papers-constants";
import { AWARD_CODES } from "./results-constants";
import {
  ADMIT_CARD_LEVELS,
  ADMIT_CARD_REASONS,
  type AdmitCardLevel,
  STEP_STATES,
  STUDENT_STEPS,
} from "./student-area-constants";
import { PAYMENT_STATUSES, type PaymentStatus } from "./students-constants";

const PAYMENT_CODES = /* @__PURE__ */ PAYMENT_STATUSES.map((s) => s.code) as [PaymentStatus, ...PaymentStatus[]];
const marks = z.number().describe("In marks (19.5), not hundredths");
const instant = z.string().describe("ISO 8601 date and time");

/** The student's card: who, where, which class and language, and the roll number once paid. */
export const studentCard = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** The student's school, or the school an individual student named because it is not listed. */
  school_name: z.string(),
  school_listed: z.boolean(),
  class_level: z.number().int(),
  /** The exam language (one of the 14 codes). */
  language: z.string(),
  roll_number: z.string().nullable(),
  exam_year: z.string(),
  /** form | import | sif (registered alone). */
  source: z.string(),
  registered_at: instant,
});

export const studentPayment = z.object({
  status: z.enum(PAYMENT_CODES),
  paid_at: instant.nullable(),
  /** The order waiting for the gateway (pending), to continue it at its checkout. */
  open_order_id: z.number().int().nullable(),
  /**
   * The order the student paid itself, with its invoice (the receipt). Null when unpaid, or when
   * its school paid (the school holds that invoice).
   */
  receipt: z.object({ order_id: z.number().int(), invoice_number: z.string(), paid_at: instant }).nullable(),
});

/** One level's result at a glance (the explained score has every question). */
export const studentResultSummary = z.object({
  level: z.enum(EXAM_LEVEL_CODES),
  exam_year: z.string(),
  total: marks,
  full_marks: marks,
  right: z.number().int(),
  wrong: z.number().int(),
  blank: z.number().int(),
  /** Dense ranks in the class; null for a mock (never ranked) or before ranking. */
  ranks: z
    .object({
      school: z.number().int().nullable(),
      district: z.number().int().nullable(),
      state: z.number().int(),
      national: z.number().int(),
    })
    .nullable(),
  /** The awards earned, highest first. */
  awards: z.array(z.object({ code: z.enum(AWARD_CODES), name: z.string() })),
  /** A certificate can be downloaded (Level 1 and 2; a mock has none). */
  certificate: z.boolean(),
});
export type StudentResultSummary = z.infer<typeof studentResultSummary>;

export const studentExam = z.object({
  level: z.enum(EXAM_LEVEL_CODES),
  /** When the student's class sits it; null until scheduled. */
  schedule: z
    .object({ starts_at: instant, duration_minutes: z.number().int(), note: z.string().nullable() })
    .nullable(),
  /** Null for a mock (no admit card); else whether it can be downloaded, or why not yet. */
  admit_card: z.object({ available: z.boolean(), reason: z.enum(ADMIT_CARD_REASONS).nullable() }).nullable(),
  result: studentResultSummary.nullable(),
});
export type StudentExam = z.infer<typeof studentExam>;

export const studentTimelineStep = z.object({
  step: z.enum(STUDENT_STEPS),
  state: z.enum(STEP_STATES),
  /** When it happened (registered, paid) or happens (the exam); null when not known. */
  at: instant.nullable(),
});
export type StudentTimelineStep = z.infer<typeof studentTimelineStep>;

/** The year's path through Level 1, and the step to act on next (null: nothing left to do). */
export const studentTimeline = z.object({
  level: z.enum(ADMIT_CARD_LEVELS as unknown as [AdmitCardLevel, ...AdmitCardLevel[]]),
  steps: z.array(studentTimelineStep),
  next: z.enum(STUDENT_STEPS).nullable(),
});
export type StudentTimeline = z.infer<typeof studentTimeline>;

/** A published important date still ahead (for all schools, or the GCC ones for a GCC student). */
export const studentImportantDate = z.object({
  id: z.number().int(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  description: z.string(),
});

/** GET /api/student/me: everything the student area's home page shows. */
export const studentArea = z.object({
  student: studentCard,
  payment: studentPayment,
  timeline: studentTimeline,
  /** Mock and Level 1 always; Level 2 once Level 1 selects the student (or it has a Level 2 result). */
  exams: z.array(studentExam),
  important_dates: z.array(studentImportantDate),
});
export type StudentArea = z.infer<typeof studentArea>;
