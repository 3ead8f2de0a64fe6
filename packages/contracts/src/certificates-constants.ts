/**
 * Certificates' fixed values (issue 15, docs/domain.md, Exams, scoring and awards), without zod so that screens import
 * them cheaply (decision 007). Every stored answer sheet of a ranked level earns a certificate:
 * a merit certificate naming the student's highest award, or a participation certificate.
 */
import { AWARDS, type AwardCode, RANKED_LEVELS } from "./results-constants";

/** The levels that have certificates: the ranked ones (a mock never has one). */
export const CERTIFICATE_LEVELS = RANKED_LEVELS;
export type CertificateLevel = (typeof CERTIFICATE_LEVELS)[number];

/** What a certificate without an award says. */
export const PARTICIPATION = "Participation";

/** The award's name, or "Participation" when there is none. */
export const awardName = (code: AwardCode | string | null | undefined): string =>
  AWARDS.find((award) => award.code === code)?.name ?? PARTICIPATION;

/** The job kind that renders a school's or a region's certificates into one file. */
export const CERTIFICATE_BULK_JOB = "certificates.bulk";

export const CERTIFICATE_OUTPUTS = [
  { code: "pdf", name: "One PDF, a page per student" },
  { code: "zip", name: "A zip with one PDF per school" },
] as const;
export type CertificateOutput = (typeof CERTIFICATE_OUTPUTS)[number]["code"];
export const CERTIFICATE_OUTPUT_CODES = /* @__PURE__ */ CERTIFICATE_OUTPUTS.map((o) => o.code) as [
  CertificateOutput,
  ...CertificateOutput[],
];

export const CERTIFICATE_LIMITS = {
  /**
   * Certificates printed by one Chromium render. Measured: 100 and 200 cost the same per page,
   * 500 a half more (layout grows faster than the document), and smaller renders report progress
   * more often and stay far inside the PDF service's time limit.
   */
  pagesPerRender: 100,
  /**
   * Certificates in one bulk job; a larger region is done district by district. One PDF is merged
   * in memory: 10,000 pages peaked at about 500 MB in the API process, so 20,000 stays near 1 GB.
   */
  maxPerJob: 20_000,
  /** A bulk file is kept this many days after it was made, then removed (housekeeping); make it again after that. */
  bulkFileDays: 7,
} as const;

/** The school app's Results page lists these levels (a mock shows marks, never ranks or certificates). */
export const SCHOOL_RESULT_LEVELS = ["level1", "level2", "mock"] as const;

/** certificate_codes' award of a participation certificate (decision 060). */
export const PARTICIPATION_AWARD = "participation";

/**
 * Why a certificate's code was withdrawn (decision 060), as its public check says it. A withdrawn
 * code comes back when the same student's results of the level are stored again with the same award.
 */
export const CERTIFICATE_WITHDRAWN_REASONS = [
  {
    code: "results_removed",
    text: "The exam office withdrew the results this certificate was printed from.",
  },
  {
    code: "award_changed",
    text: "The student's award changed after this certificate was printed: a certificate with a new code replaces it.",
  },
] as const;
export type CertificateWithdrawnReason = (typeof CERTIFICATE_WITHDRAWN_REASONS)[number]["code"];
export const CERTIFICATE_WITHDRAWN_REASON_CODES = /* @__PURE__ */ CERTIFICATE_WITHDRAWN_REASONS.map((r) => r.code) as [
  CertificateWithdrawnReason,
  ...CertificateWithdrawnReason[],
];
