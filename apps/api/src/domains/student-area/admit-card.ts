/**
 * A student's admit card (issue 16, decision 025): once paid, and once its class's exam of the
 * level is scheduled (Level 2: once Level 1 selects the student), as a PDF through the PDF service.
 * Otherwise 409 with what is missing. The centre is the student's school by default.
 */
import { examLevelLabel } from "@repo/contracts/papers-constants";
import type { StudentResult } from "@repo/contracts/result-winners";
import { ADMIT_CARD_MESSAGES, type AdmitCardLevel, type AdmitCardReason } from "@repo/contracts/student-area-constants";
import type { DbOrTx } from "@repo/db";
import type { Services } from "../../context";
import { ApiError } from "../../kernel/http/errors";
import { fontFaceCss } from "../../kernel/pdf";
import { profilePhoto } from "../accounts/profile";
import { explainResult } from "../results/explain";
import { type AdmitCardData, admitCardHtml } from "./admit-card-document";
import { admitCardRefusal } from "./area";
import { type ExamSchedule, type OwnStudent, ownStudent, type StudentViewer, scheduleOf } from "./own-student";

/** The student's profile photo as a data URL for the document, or null when it has none. */
async function photoOf(
  services: Pick<Services, "database" | "storage">,
  userId: number | null,
): Promise<string | null> {
  if (userId === null) return null;
  try {
    const { bytes, type } = await profilePhoto(services.database.db, services.storage, userId);
    return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Everything but the photo needed to say whether a student's card of a level can be had. */
export interface AdmitCardFacts {
  student: OwnStudent;
  level: AdmitCardLevel;
  schedule: ExamSchedule | undefined;
  /** Level 1's result, for a Level 2 card (who Level 1 selected). */
  level1: StudentResult | undefined;
}

/** The student's Level 1 result when a Level 2 card is asked for (its selection), else nothing to read. */
export const level1For = async (db: DbOrTx, studentId: number, level: AdmitCardLevel) =>
  level === "level2" ? ((await explainResult(db, studentId, "level1")) ?? undefined) : undefined;

/** Why the card cannot be had (the student area's own rule), or null. */
export const admitCardBlocked = ({ student, level, schedule, level1 }: AdmitCardFacts): AdmitCardReason | null =>
  admitCardRefusal(student, level, schedule, level1) ?? (student.rollNumber ? null : "unpaid");

/**
 * The card's data for a student whose card can be had (admitCardBlocked is null): the one document
 * the student downloads, and a school prints in bulk (decision 050).
 */
export async function admitCardData(
  services: Pick<Services, "database" | "config" | "storage">,
  { student, level, schedule }: AdmitCardFacts,
): Promise<AdmitCardData> {
  if (!schedule || !student.rollNumber) throw new Error("admitCardData: the card cannot be had");
  return {
    issuer: services.config.invoiceIssuer.name,
    level,
    examYear: student.examYear,
    rollNumber: student.rollNumber,
    studentName: `${student.firstName} ${student.lastName}`.trim(),
    classLevel: student.classLevel,
    language: student.language,
    parentName: student.parentName,
    dateOfBirth: student.dateOfBirth,
    photo: await photoOf(services, student.userId),
    // The school is the centre by default; an unlisted school's district and state say where it is.
    centre: {
      name: student.schoolName,
      address: student.schoolAddress.length
        ? student.schoolAddress
        : [[student.district, student.state].filter(Boolean).join(", ")],
    },
    exam: { startsAt: new Date(schedule.startsAt), durationMinutes: schedule.durationMinutes, note: schedule.note },
  };
}

/** GET /api/student/admit-card/{level}: the PDF, or 409 saying what is missing. */
export async function admitCardPdf(
  services: Pick<Services, "database" | "pdf" | "config" | "storage">,
  viewer: StudentViewer,
  level: AdmitCardLevel,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const db = services.database.db;
  const student = await ownStudent(db, viewer);
  const facts: AdmitCardFacts = {
    student,
    level,
    schedule: (await scheduleOf(db, student)).get(level),
    level1: await level1For(db, student.id, level),
  };
  const refusal = admitCardBlocked(facts);
  if (refusal) throw new ApiError(409, ADMIT_CARD_MESSAGES[refusal](examLevelLabel(level)));
  const html = admitCardHtml(await admitCardData(services, facts), await fontFaceCss());
  const bytes = await services.pdf.render(html);
  return { bytes, fileName: `admit-card-${level}-${student.rollNumber}.pdf` };
}
