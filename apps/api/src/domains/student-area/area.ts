/**
 * The student area (issue 16): a signed-in student's card, payment, year as steps, exams with their
 * dates, admit cards and results, the dates ahead, its explained scores and its certificates. Each
 * function finds the student from the session (own-student.ts); results are read through the
 * results service (explainResult, certificatePdf), never recomputed here.
 */
import { ROLE } from "@repo/auth/roles";
import { CERTIFICATE_LEVELS, type CertificateLevel } from "@repo/contracts/certificates-constants";
import type { ExamLevel } from "@repo/contracts/fees";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { formatInvoiceNumber } from "@repo/contracts/payments-constants";
import type { StudentResult } from "@repo/contracts/result-winners";
import type { StudentArea, StudentExam, StudentResultSummary } from "@repo/contracts/student-area";
import {
  type AdmitCardLevel,
  type AdmitCardReason,
  LEVEL2_AWARDS,
  STUDENT_AREA_MESSAGES,
  STUDENT_EXAM_LEVELS,
} from "@repo/contracts/student-area-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import type { Services } from "../../context";
import { ApiError } from "../../kernel/http/errors";
import { listImportantDates } from "../content/important-dates";
import { certificatePdf } from "../results/certificates";
import { explainResult } from "../results/explain";
import { type ExamSchedule, type OwnStudent, ownStudent, type StudentViewer, scheduleOf } from "./own-student";
import { studentTimeline } from "./timeline";

/** Important dates the home page lists, the nearest first. */
const IMPORTANT_DATES_SHOWN = 5;

const isCertificateLevel = (level: string): level is CertificateLevel =>
  (CERTIFICATE_LEVELS as readonly string[]).includes(level);

/** One level's explained result at a glance. */
export function resultSummary(result: StudentResult): StudentResultSummary {
  return {
    level: result.level,
    exam_year: result.exam_year,
    total: result.total,
    full_marks: result.full_marks,
    right: result.right,
    wrong: result.wrong,
    blank: result.blank,
    ranks: result.ranks
      ? {
          school: result.ranks.school_rank,
          district: result.ranks.district_rank,
          state: result.ranks.state_rank,
          national: result.ranks.national_rank,
        }
      : null,
    awards: result.awards,
    certificate: isCertificateLevel(result.level),
  };
}

/** The student's results of every level it has a sheet of, in the year's order. */
async function resultsOf(db: DbOrTx, student: OwnStudent): Promise<Map<ExamLevel, StudentResult>> {
  const results = new Map<ExamLevel, StudentResult>();
  for (const level of STUDENT_EXAM_LEVELS) {
    const result = await explainResult(db, student.id, level);
    if (result) results.set(level, result);
  }
  return results;
}

/** Level 1 selected the student for Level 2 (the state camp; docs/decisions/025-student-area.md). */
const selectedForLevel2 = (level1: StudentResult | undefined) =>
  Boolean(level1?.awards.some((award) => (LEVEL2_AWARDS as readonly string[]).includes(award.code)));

/** Why a level's admit card cannot be had yet, or null when it can. */
export function admitCardRefusal(
  student: Pick<OwnStudent, "paymentStatus">,
  level: AdmitCardLevel,
  schedule: ExamSchedule | undefined,
  level1: StudentResult | undefined,
): AdmitCardReason | null {
  if (student.paymentStatus === "unpaid") return "unpaid";
  if (student.paymentStatus === "pending") return "pending";
  if (level === "level2" && !selectedForLevel2(level1)) return "not_selected";
  if (!schedule) return "not_scheduled";
  return null;
}

interface PaidOrder {
  id: number;
  payer_user_id: number;
  invoice_number: number | null;
  paid_at: string | null;
  year_label: string;
}

/** The student's paid fee order (whoever paid it) and its open one, if the student placed one itself. */
async function ordersOf(db: DbOrTx, viewer: StudentViewer, student: OwnStudent) {
  const [paid] = await queryRows<PaidOrder>(
    db,
    sql`select o.id, o.payer_user_id, o.invoice_number, o.paid_at, y.label as year_label
        from payment_orders o join payment_order_items i on i.order_id = o.id join exam_years y on y.id = o.exam_year_id
        where i.student_id = ${student.id} and o.status = 'paid' order by o.paid_at desc, o.id desc limit 1`,
  );
  // Only an order the student placed can be continued at the checkout (the school's is the school's).
  const [open] = await queryRows<{ id: number }>(
    db,
    sql`select o.id from payment_orders o join payment_order_items i on i.order_id = o.id
        where i.student_id = ${student.id} and o.payer_user_id = ${viewer.userId} and o.status in ('created', 'pending')
        order by o.id desc limit 1`,
  );
  return { paid, openOrderId: open ? Number(open.id) : null };
}

/** GET /api/student/me: the student's card, payment, steps, exams and the dates ahead. */
export async function studentAreaOf(db: DbOrTx, viewer: StudentViewer, now = new Date()): Promise<StudentArea> {
  const student = await ownStudent(db, viewer);
  const [schedule, results, orders, dates] = await Promise.all([
    scheduleOf(db, student),
    resultsOf(db, student),
    ordersOf(db, viewer, student),
    listImportantDates(db, { page: 1, per_page: 100 }, { manages: false, isGcc: viewer.isGcc }),
  ]);
  const level1 = results.get("level1");
  const paidAt =
    student.paymentStatus === "paid" && orders.paid?.paid_at ? new Date(orders.paid.paid_at).toISOString() : null;
  const receipt =
    student.paymentStatus === "paid" && orders.paid && Number(orders.paid.payer_user_id) === viewer.userId && paidAt
      ? orders.paid.invoice_number === null
        ? null
        : {
            order_id: Number(orders.paid.id),
            invoice_number: formatInvoiceNumber(orders.paid.year_label, Number(orders.paid.invoice_number)),
            paid_at: paidAt,
          }
      : null;
  const exams: StudentExam[] = STUDENT_EXAM_LEVELS.filter(
    // Level 2 is listed once Level 1 selects the student for it, or when it has a Level 2 result.
    (level) => level !== "level2" || selectedForLevel2(level1) || results.has("level2"),
  ).map((level) => {
    const planned = schedule.get(level);
    const refusal = level === "mock" ? null : admitCardRefusal(student, level, planned, level1);
    const result = results.get(level);
    return {
      level,
      schedule: planned
        ? { starts_at: planned.startsAt, duration_minutes: planned.durationMinutes, note: planned.note }
        : null,
      admit_card: level === "mock" ? null : { available: refusal === null, reason: refusal },
      result: result ? resultSummary(result) : null,
    };
  });
  return {
    student: {
      id: student.id,
      first_name: student.firstName,
      last_name: student.lastName,
      school_name: student.schoolName,
      school_listed: student.schoolId !== null,
      class_level: student.classLevel,
      language: student.language,
      roll_number: student.rollNumber,
      exam_year: student.examYear,
      source: student.source,
      registered_at: student.registeredAt,
    },
    payment: { status: student.paymentStatus, paid_at: paidAt, open_order_id: orders.openOrderId, receipt },
    timeline: studentTimeline({
      registeredAt: student.registeredAt,
      payment: { status: student.paymentStatus, paidAt },
      examAt: schedule.get("level1")?.startsAt ?? null,
      hasResult: Boolean(level1),
      now,
    }),
    exams,
    important_dates: dates.items
      .filter((date) => !date.is_past)
      .slice(0, IMPORTANT_DATES_SHOWN)
      .map((date) => ({
        id: date.id,
        title: date.title,
        start_date: date.start_date,
        end_date: date.end_date,
        description: date.description,
      })),
  };
}

/** GET /api/student/results: each level the student has a result of, at a glance. */
export async function studentResults(db: DbOrTx, viewer: StudentViewer): Promise<StudentResultSummary[]> {
  const student = await ownStudent(db, viewer);
  return [...(await resultsOf(db, student)).values()].map(resultSummary);
}

/** GET /api/student/results/{level}/explained: the student's own score, question by question. */
export async function ownExplainedResult(db: DbOrTx, viewer: StudentViewer, level: ExamLevel): Promise<StudentResult> {
  const student = await ownStudent(db, viewer);
  const result = await explainResult(db, student.id, level);
  if (!result) throw new ApiError(404, STUDENT_AREA_MESSAGES.noResult(examLevelLabel(level)));
  return result;
}

/** GET /api/student/certificate/{level}: the student's own certificate (PDF). */
export async function ownCertificate(
  services: Pick<Services, "database" | "pdf" | "config">,
  viewer: StudentViewer,
  level: CertificateLevel,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const student = await ownStudent(services.database.db, viewer);
  try {
    // certificatePdf lets a student see its own sheets only (results/certificates.ts visibleSheets).
    return await certificatePdf(services, { userId: viewer.userId, roleId: ROLE.student }, student.id, level);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new ApiError(404, STUDENT_AREA_MESSAGES.noCertificate(examLevelLabel(level)));
    }
    throw error;
  }
}
