import type { CertificateLevel } from "@repo/contracts/certificates-constants";

/** The school app's address of a student's certificate PDF (routes/results.certificate.$student.tsx). */
export const certificatePath = (studentId: number, level: CertificateLevel) =>
  `/results/certificate/${studentId}?${new URLSearchParams({ level })}`;

/** The school app's address of a finished bulk run's file (routes/results.certificates.$job.tsx). */
export const bulkCertificatesPath = (jobId: number) => `/results/certificates/${jobId}`;
