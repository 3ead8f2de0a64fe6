import type { CertificateLevel } from "@repo/contracts/certificates-constants";

/**
 * The coordinator app's address of a student's certificate PDF (routes/result-overview.certificate.$student.tsx),
 * for any screen that lists students with sheets (scoped by region in the API).
 */
export const coordinatorCertificatePath = (studentId: number, level: CertificateLevel) =>
  `/result-overview/certificate/${studentId}?${new URLSearchParams({ level })}`;

/** A finished bulk run's file (routes/result-overview.certificates.$job.tsx). */
export const coordinatorBulkCertificatesPath = (jobId: number) => `/result-overview/certificates/${jobId}`;
