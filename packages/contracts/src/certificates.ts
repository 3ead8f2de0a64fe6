import { z } from "zod";
import {
  CERTIFICATE_LEVELS,
  CERTIFICATE_OUTPUT_CODES,
  CERTIFICATE_WITHDRAWN_REASON_CODES,
  type CertificateLevel,
  SCHOOL_RESULT_LEVELS,
} from "./certificates-constants";
import { idField, wholeNumber } from "./ids";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { AWARD_CODES } from "./results-constants";
import { CLASS_LEVELS } from "./students-constants";

/**
 * Certificates (issue 15): one student's certificate as a PDF, a school's or a region's as a bulk
 * job, the public check behind each certificate's QR code, and the school's own Results list.
 */

const LEVELS = CERTIFICATE_LEVELS as unknown as [CertificateLevel, ...CertificateLevel[]];
const LEVEL_ERROR = `level must be ${LEVELS.join(" or ")}`;

/** Pickers post "" for "not chosen". */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

const id = (name: string) => idField(name, `${name} must be an id`);

export const certificateLevelField = z.enum(LEVELS, { error: LEVEL_ERROR });

/** GET /api/certificate/{student_id}?level=… */
export const certificateQuery = z.object({ level: certificateLevelField.default("level1") });

/**
 * The public check (GET /api/certificate/verify/{code}): what the certificate says, nothing more
 * (no roll number, no marks, no class), so that a QR code shows only what the paper already shows.
 */
export const certificateVerification = z.object({
  /** valid, or withdrawn (decision 060): the fields then say what the withdrawn certificate printed. */
  status: z.enum(["valid", "withdrawn"]),
  /** As the school wrote it, in any script. */
  student_name: z.string(),
  /** The student's school, or the school an individual student named. */
  school_name: z.string(),
  level: certificateLevelField,
  level_name: z.string(),
  exam_year: z.string(),
  /** The highest award, or null for a participation certificate. */
  award: z.enum(AWARD_CODES).nullable(),
  /** The award's name, or "Participation". */
  award_name: z.string(),
  /** When the certificate was withdrawn (ISO), null while it is valid. */
  withdrawn_at: z.string().nullable(),
  /** Why (CERTIFICATE_WITHDRAWN_REASONS), null while it is valid. */
  withdrawn_reason: z.enum(CERTIFICATE_WITHDRAWN_REASON_CODES).nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

/**
 * POST /api/certificates/bulk: a level's certificates of one school, district or state (at most one
 * of them). A school account may leave them all out (its own students; a master institute: all
 * its schools'); admins and coordinators name one.
 */
export const bulkCertificatesBody = z
  .strictObject({
    level: certificateLevelField,
    school_id: z.preprocess(blank, id("school_id").optional()),
    district_id: z.preprocess(blank, id("district_id").optional()),
    state_id: z.preprocess(blank, id("state_id").optional()),
    output: z
      .enum(CERTIFICATE_OUTPUT_CODES, { error: `output must be ${CERTIFICATE_OUTPUT_CODES.join(" or ")}` })
      .default("pdf"),
  })
  .refine((body) => [body.school_id, body.district_id, body.state_id].filter((v) => v !== undefined).length <= 1, {
    path: ["school_id"],
    message: "Choose one of school_id, district_id or state_id, not several",
  });
export type BulkCertificatesBody = z.infer<typeof bulkCertificatesBody>;

/** What a finished bulk job's `result` holds. */
export const bulkCertificatesResult = z.object({
  certificates: z.number().int(),
  output: z.enum(CERTIFICATE_OUTPUT_CODES),
  file_name: z.string(),
  bytes: z.number().int(),
  /** Files in the zip (one per school); 1 for a PDF. */
  files: z.number().int(),
  /** When housekeeping removed the file (CERTIFICATE_LIMITS.bulkFileDays after it was made). */
  removed_at: z.string().optional(),
});
export type BulkCertificatesResult = z.infer<typeof bulkCertificatesResult>;

const SCHOOL_LEVELS = SCHOOL_RESULT_LEVELS as unknown as [
  (typeof SCHOOL_RESULT_LEVELS)[number],
  ...(typeof SCHOOL_RESULT_LEVELS)[number][],
];

/** GET /api/school/results: the signed-in school's (or master institute's schools') students with sheets. */
export const ownSchoolResultsQuery = z.object({
  level: z.enum(SCHOOL_LEVELS, { error: `level must be one of ${SCHOOL_LEVELS.join(", ")}` }).default("level1"),
  class_level: z.preprocess(
    blank,
    wholeNumber(
      z
        .number({ error: "Choose a class from VI to XI" })
        .int("Choose a class from VI to XI")
        .refine((value) => (CLASS_LEVELS as readonly number[]).includes(value), "Choose a class from VI to XI"),
    ).optional(),
  ),
  /** A master institute: one of its schools. */
  school_id: z.preprocess(blank, id("school_id").optional()),
  /** The beginning of a name or a roll number. */
  search: searchField,
  page: pageField,
  per_page: perPageField,
});
export type OwnSchoolResultsQuery = z.infer<typeof ownSchoolResultsQuery>;
/** The list's filters without paging: the body of its export (POST /api/export/school-results). */
export const ownSchoolResultsFilters = ownSchoolResultsQuery.omit({ page: true, per_page: true });
export type OwnSchoolResultsFilters = z.infer<typeof ownSchoolResultsFilters>;

export const ownSchoolResultRow = z.object({
  student_id: z.number().int(),
  roll_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  class_level: z.number().int(),
  school_id: z.number().int().nullable(),
  school_name: z.string(),
  level: z.enum(SCHOOL_LEVELS),
  /** Marks (not hundredths). */
  total: z.number(),
  /** Dense rank within the school and class; null for a mock. */
  school_rank: z.number().int().nullable(),
  award: z.enum(AWARD_CODES).nullable(),
  /** The award's name, "Participation", or null for a mock (no certificate). */
  award_name: z.string().nullable(),
  /** The code behind the certificate's QR code; null for a mock. */
  verify_code: z.string().nullable(),
});
export type OwnSchoolResultRow = z.infer<typeof ownSchoolResultRow>;
export const ownSchoolResultsPage = paginated(ownSchoolResultRow);
