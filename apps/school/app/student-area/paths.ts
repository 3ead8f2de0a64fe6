import type { AdmitCardLevel } from "@repo/contracts/student-area-constants";

/** The student's admit card PDF of a level (routes/student.admit-card.$level.tsx). */
export const admitCardPath = (level: AdmitCardLevel) => `/student/admit-card/${level}`;

/** The student's own certificate PDF of a level (routes/student.certificate.$level.tsx). */
export const ownCertificatePath = (level: AdmitCardLevel) => `/student/certificate/${level}`;
