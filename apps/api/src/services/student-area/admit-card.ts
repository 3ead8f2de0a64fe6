/**
 * A student's admit card (issue 16, DECISIONS §7): once paid, and once its class's exam of the
 * level is scheduled (Level 2: once Level 1 selects the student), as a PDF through the PDF service.
 * Otherwise 409 with what is missing. The centre is the student's school by default.
 */
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { ADMIT_CARD_MESSAGES, type AdmitCardLevel } from "@repo/contracts/student-area-constants";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { fontFaceCss } from "../pdf";
import { profilePhoto } from "../profile";
import { explainResult } from "../results/explain";
import { admitCardHtml } from "./admit-card-document";
import { admitCardRefusal } from "./area";
import { ownStudent, type StudentViewer, scheduleOf } from "./own-student";

/** The student's profile photo as a data URL for the document, or null when it has none. */
async function photoOf(services: Pick<Services, "database" | "storage">, userId: number): Promise<string | null> {
  try {
    const { bytes, type } = await profilePhoto(services.database.db, services.storage, userId);
    return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/student/admit-card/{level}: the PDF, or 409 saying what is missing. */
export async function admitCardPdf(
  services: Pick<Services, "database" | "pdf" | "config" | "storage">,
  viewer: StudentViewer,
  level: AdmitCardLevel,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const db = services.database.db;
  const student = await ownStudent(db, viewer);
  const schedule = (await scheduleOf(db, student)).get(level);
  const level1 = level === "level2" ? ((await explainResult(db, student.id, "level1")) ?? undefined) : undefined;
  const refusal = admitCardRefusal(student, level, schedule, level1);
  if (refusal || !schedule || !student.rollNumber) {
    throw new ApiError(409, ADMIT_CARD_MESSAGES[refusal ?? "unpaid"](examLevelLabel(level)));
  }
  const html = admitCardHtml(
    {
      issuer: services.config.invoiceIssuer.name,
      level,
      examYear: student.examYear,
      rollNumber: student.rollNumber,
      studentName: `${student.firstName} ${student.lastName}`.trim(),
      classLevel: student.classLevel,
      language: student.language,
      parentName: student.parentName,
      dateOfBirth: student.dateOfBirth,
      photo: await photoOf(services, viewer.userId),
      // The school is the centre by default; an unlisted school's district and state say where it is.
      centre: {
        name: student.schoolName,
        address: student.schoolAddress.length
          ? student.schoolAddress
          : [[student.district, student.state].filter(Boolean).join(", ")],
      },
      exam: { startsAt: new Date(schedule.startsAt), durationMinutes: schedule.durationMinutes, note: schedule.note },
    },
    await fontFaceCss(),
  );
  const bytes = await services.pdf.render(html);
  return { bytes, fileName: `admit-card-${level}-${student.rollNumber}.pdf` };
}
