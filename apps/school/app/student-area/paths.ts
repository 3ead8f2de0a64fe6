import type { AdmitCardLevel } from "@repo/contracts/student-area-constants";

/**
 * The student's admit card PDF of a level (routes/student.admit-card.$level.tsx). Links to it and
 * to the certificate carry no `download` attribute: the PDF comes as an attachment anyway, and a
 * refusal must open as a page (studentProblemPath), not be saved as a file.
 */
export const admitCardPath = (level: AdmitCardLevel) => `/student/admit-card/${level}`;

/** The student's own certificate PDF of a level (routes/student.certificate.$level.tsx). */
export const ownCertificatePath = (level: AdmitCardLevel) => `/student/certificate/${level}`;

/** The files of the student area that can be refused. */
export type StudentFile = "admit-card" | "certificate";

/** Why a file cannot be given yet, in the student's language (routes/_app.student.unavailable.$file.$level.tsx). */
export const studentProblemPath = (file: StudentFile, level: string) =>
  `/student/unavailable/${file}/${encodeURIComponent(level)}`;
