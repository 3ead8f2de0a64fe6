import { CERTIFICATE_WITHDRAWN_REASON_CODES } from "@repo/contracts/certificates-constants";
import { EXAM_LEVELS } from "@repo/contracts/fees";
import { ANSWER_UPLOAD_STATUSES, AWARDS, RANKED_LEVELS } from "@repo/contracts/results-constants";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { enumCheck } from "./checks";
import { users } from "./people";
import { examYears } from "./schools";

/**
 * Results (issue 15, docs/decisions/022-scoring-and-ranking.md): answer-sheet files from the
 * scanning vendor, the sheets they store with their scores, and the ranks rebuilt from those.
 */

/**
 * One uploaded answer-sheet file of an exam level. Checked first (the dry run stores nothing),
 * stored only when an admin confirms; deleting it takes away the sheets it still holds.
 */
export const answerUploads = pgTable(
  "answer_uploads",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    examYearId: integer("exam_year_id")
      .notNull()
      .references(() => examYears.id, { onDelete: "restrict" }),
    examKind: text("exam_kind").notNull(),
    fileName: text("file_name").notNull(),
    /** The file in storage (files service), kept so that storing reads exactly what was checked. */
    fileKey: text("file_key").notNull(),
    fileBytes: integer("file_bytes").notNull(),
    /** The format profile's code (RESULT_SHEET_FORMATS). */
    format: text("format").notNull(),
    /** checking → checked → storing → stored; failed; deleted. */
    status: text("status").notNull().default("checking"),
    /** The dry run's report (counts and the first problems of each kind). */
    report: jsonb("report").$type<Record<string, unknown>>(),
    /** The problems file (CSV of every refused line) in storage. */
    problemsKey: text("problems_key"),
    storedSheets: integer("stored_sheets"),
    checkJobId: integer("check_job_id"),
    storeJobId: integer("store_job_id"),
    error: text("error"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: integer("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    deletedBy: integer("deleted_by").references(() => users.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("answer_uploads_year_kind_idx").on(t.examYearId, t.examKind, t.id),
    check("answer_uploads_kind", enumCheck(t.examKind, EXAM_LEVELS)),
    check("answer_uploads_status", enumCheck(t.status, ANSWER_UPLOAD_STATUSES)),
  ],
);

/**
 * The sheets an upload's check read from its file, scored where their paper set was known, waiting
 * for the admin's confirmation (decision 026). The check writes them with COPY and sorts them into
 * stored and refused with joins, so a million lines are read and scored once, and storing them is
 * one INSERT … SELECT. Only each roll number's last line is kept. Rows go when the upload is
 * stored, deleted or reset.
 *
 * Unlogged and without indexes or foreign keys: it is rebuilt from the stored file whenever it is
 * missing (a database crash empties an unlogged table), and every read takes all of an upload's
 * rows, so an index would only slow the load down.
 */
export const answerUploadLines = pgTable("answer_upload_lines", {
  uploadId: integer("upload_id").notNull(),
  line: integer("line").notNull(),
  rollNumber: text("roll_number").notNull(),
  /** The paper-set code as the sheet writes it, upper case. */
  code: text("code").notNull(),
  answerCount: smallint("answer_count").notNull(),
  /** As answer_sheets.answers. */
  answers: text("answers").notNull(),
  /** The score, null when the line's paper set was not a finalized one of the level at the check. */
  total: integer("total"),
  sectionMarks: integer("section_marks").array(),
  sectionCounted: boolean("section_counted").array(),
  rightCount: smallint("right_count"),
  wrongCount: smallint("wrong_count"),
  blankCount: smallint("blank_count"),
  rankKey: bigint("rank_key", { mode: "bigint" }),
  /** A fresh code for a new sheet; a replaced sheet keeps its own. */
  verifyCode: text("verify_code").notNull(),
  /**
   * Why the answers do not fit the paper set (an option a question does not offer, decision 058);
   * the line is then not scored and the join refuses it. Null when they fit or the paper set was not known.
   */
  refusal: text("refusal"),
});

/**
 * Every line an upload's check refused, and why (decision 047): unreadable lines as the file is
 * read, earlier lines of a repeated roll number and the join's refusals after. The report's counts
 * and first problems of each kind, and the problems file, are read from here in line order, so
 * that no process holds a file's problems (a file of another year is a million unknown roll
 * numbers). Unlogged and without indexes, as answer_upload_lines, and emptied with it.
 */
export const answerUploadProblems = pgTable("answer_upload_problems", {
  uploadId: integer("upload_id").notNull(),
  line: integer("line").notNull(),
  /** The roll number, "" when the line was not read that far. */
  rollNumber: text("roll_number").notNull(),
  /** SHEET_PROBLEM_KINDS' code. */
  kind: text("kind").notNull(),
  message: text("message").notNull(),
});

/**
 * A student's answer sheet of one exam level and year, with its score. One per student and level:
 * a later upload replaces it. The student's class, language and region are copied here so that
 * the result lists and the ranking are one table.
 *
 * No foreign keys (decision 026): a million rows checked against four referenced tables cost 20 of
 * the store's seconds, and every row is inserted from a join with the rows it refers to, in the
 * transaction that stores it. Exam years, finalized paper sets and uploads are never deleted; a
 * trigger keeps a student with a sheet from being deleted.
 */
export const answerSheets = pgTable(
  "answer_sheets",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    examYearId: integer("exam_year_id").notNull(),
    examKind: text("exam_kind").notNull(),
    /** A student with a sheet cannot be deleted (a trigger on students, migration 0018). */
    studentId: integer("student_id").notNull(),
    rollNumber: text("roll_number").notNull(),
    paperSetId: integer("paper_set_id").notNull(),
    uploadId: integer("upload_id").notNull(),
    /** The line of the upload's file it came from. */
    line: integer("line").notNull(),
    /** The answers in question order, comma-separated: "A,,BD,*" (letters sorted, "" blank, * double). */
    answers: text("answers").notNull(),
    /** Marks in hundredths (decision 022): the counted total, and each section's own marks. */
    total: integer("total").notNull(),
    sectionMarks: integer("section_marks").array().notNull(),
    /** Sections that counted (a qualifying rule not met leaves false). */
    sectionCounted: boolean("section_counted").array().notNull(),
    rightCount: smallint("right_count").notNull(),
    wrongCount: smallint("wrong_count").notNull(),
    blankCount: smallint("blank_count").notNull(),
    /**
     * The tie-break chain's numbers (ranking.ts rankKeys) packed into one integer that sorts like
     * them, bigger first (store.ts packRankKey): one bigint sorts far faster than an array.
     */
    rankKey: bigint("rank_key", { mode: "bigint" }).notNull(),
    classLevel: smallint("class_level").notNull(),
    language: text("language").notNull(),
    schoolId: integer("school_id"),
    zoneId: integer("zone_id").notNull(),
    stateId: integer("state_id").notNull(),
    prantId: integer("prant_id"),
    districtId: integer("district_id"),
    /** What a certificate's QR code points at (/verify/{code}); kept when a rescan replaces the sheet. */
    verifyCode: text("verify_code").notNull(),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("answer_sheets_student_key").on(t.examYearId, t.examKind, t.studentId),
    uniqueIndex("answer_sheets_verify_code_key").on(t.verifyCode),
    index("answer_sheets_upload_idx").on(t.uploadId),
    index("answer_sheets_paper_idx").on(t.paperSetId),
    index("answer_sheets_school_idx").on(t.schoolId, t.examYearId, t.examKind),
    index("answer_sheets_list_idx").on(t.examYearId, t.examKind, t.stateId, t.classLevel, t.total),
    // A mock is not in result_ranks: its lists page through the sheets by class and tie-break key.
    index("answer_sheets_order_idx").on(
      t.examYearId,
      t.examKind,
      t.classLevel,
      t.rankKey.desc().nullsFirst(),
      t.rollNumber,
    ),
    check("answer_sheets_kind", enumCheck(t.examKind, EXAM_LEVELS)),
  ],
);

/**
 * Every certificate code issued (decision 060): one per student, ranked level, exam year and award
 * (or participation), so that the same results stored again after a reset or a deleted upload give
 * a printed certificate its own code back. The code a sheet prints is answer_sheets.verify_code,
 * kept equal to its student's active row whenever the level is ranked (certificate-codes.ts). A
 * code is withdrawn, never deleted: its QR code then answers "withdrawn on <date>" with what the
 * certificate printed. No foreign keys (decision 026): a student without a sheet may be deleted,
 * and the withdrawn code keeps the name it printed.
 */
export const certificateCodes = pgTable(
  "certificate_codes",
  {
    code: text("code").primaryKey(),
    examYearId: integer("exam_year_id").notNull(),
    examKind: text("exam_kind").notNull(),
    studentId: integer("student_id").notNull(),
    /** The award's code (AWARDS), or CERTIFICATE_PARTICIPATION. */
    award: text("award").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a PDF with this code was first made (one student's, or a bulk run's). */
    printedAt: timestamp("printed_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** CERTIFICATE_WITHDRAWN_REASONS' code, while withdrawn. */
    withdrawnReason: text("withdrawn_reason"),
    /** What the certificate printed, kept when it is withdrawn (its sheet may be gone). */
    studentName: text("student_name"),
    schoolName: text("school_name"),
  },
  (t) => [
    uniqueIndex("certificate_codes_award_key").on(t.examYearId, t.examKind, t.studentId, t.award),
    // At most one valid certificate per student and level.
    uniqueIndex("certificate_codes_active_key")
      .on(t.examYearId, t.examKind, t.studentId)
      .where(sql`${t.withdrawnAt} is null`),
    check("certificate_codes_kind", enumCheck(t.examKind, RANKED_LEVELS)),
    check(
      "certificate_codes_withdrawn",
      sql`(${t.withdrawnAt} is null) = (${t.withdrawnReason} is null) and ${enumCheck(t.withdrawnReason, CERTIFICATE_WITHDRAWN_REASON_CODES)}`,
    ),
  ],
);

/** The most places an award cut per state or per district gives (the award indexes' bound). */
const mostPlaces = (per: "state" | "district") =>
  Math.max(...AWARDS.filter((award) => award.per === per).map((award) => award.places));

/**
 * The ranks of each sheet of a ranked level (Level 1 and 2; a mock is never ranked), rebuilt whole
 * whenever the level's sheets change (one pass in Node, loaded with COPY: decision 036). Dense ranks per class at every level of the
 * region tree; positions (1 + how many are strictly better) decide the awards' cut-offs.
 */
export const resultRanks = pgTable(
  "result_ranks",
  {
    /** answer_sheets.id; no foreign key: the ranks are rebuilt whole whenever a level's sheets change. */
    sheetId: integer("sheet_id").primaryKey(),
    examYearId: integer("exam_year_id").notNull(),
    examKind: text("exam_kind").notNull(),
    classLevel: smallint("class_level").notNull(),
    schoolId: integer("school_id"),
    zoneId: integer("zone_id").notNull(),
    stateId: integer("state_id").notNull(),
    prantId: integer("prant_id"),
    districtId: integer("district_id"),
    /** The sheet's roll number: the order of a tie in the winners' lists, read without the sheet. */
    rollNumber: text("roll_number").notNull().default(""),
    schoolRank: integer("school_rank"),
    districtRank: integer("district_rank"),
    prantRank: integer("prant_rank"),
    stateRank: integer("state_rank").notNull(),
    zoneRank: integer("zone_rank").notNull(),
    nationalRank: integer("national_rank").notNull(),
    schoolPosition: integer("school_position"),
    districtPosition: integer("district_position"),
    statePosition: integer("state_position").notNull(),
  },
  (t) => [
    index("result_ranks_national_idx").on(t.examYearId, t.examKind, t.classLevel, t.nationalRank),
    index("result_ranks_prant_idx").on(t.examYearId, t.examKind, t.prantId, t.classLevel, t.nationalRank),
    index("result_ranks_state_idx").on(t.examYearId, t.examKind, t.stateId, t.classLevel, t.statePosition),
    index("result_ranks_district_idx").on(t.examYearId, t.examKind, t.districtId, t.classLevel, t.districtPosition),
    index("result_ranks_school_idx").on(t.schoolId, t.examYearId, t.examKind, t.classLevel, t.schoolPosition),
    // The country's state and district awards: a few thousand rows of a million, found without a scan.
    index("result_ranks_state_awards_idx")
      .on(t.examYearId, t.examKind, t.statePosition, t.classLevel, t.stateId)
      .where(sql`${t.statePosition} <= ${sql.raw(String(mostPlaces("state")))}`),
    index("result_ranks_district_awards_idx")
      .on(t.examYearId, t.examKind, t.districtPosition, t.classLevel, t.districtId)
      .where(sql`${t.districtPosition} <= ${sql.raw(String(mostPlaces("district")))}`),
  ],
);

/** The sheets' region, as the tallies group them (copied from the student, as on answer_sheets). */
const tallyRegion = {
  zoneId: integer("zone_id").notNull(),
  stateId: integer("state_id").notNull(),
  prantId: integer("prant_id"),
  districtId: integer("district_id"),
};

/** What every tally counts of its sheets. */
const tallyFigures = {
  sheets: integer("sheets").notNull(),
  /** Hundredths, as answer_sheets.total. */
  totalSum: bigint("total_sum", { mode: "number" }).notNull(),
  highest: integer("highest").notNull(),
};

/**
 * Each level's sheets counted per class, paper set and district (decision 026): the state, prant
 * and paper-set figures add up a few thousand of these rows instead of a million sheets. Rebuilt
 * with the ranks whenever a level's sheets change (store.ts rankLevel).
 */
export const resultTallies = pgTable(
  "result_tallies",
  {
    examYearId: integer("exam_year_id").notNull(),
    examKind: text("exam_kind").notNull(),
    classLevel: smallint("class_level").notNull(),
    paperSetId: integer("paper_set_id").notNull(),
    ...tallyRegion,
    ...tallyFigures,
    /** Sheets whose every section counted. */
    qualified: integer("qualified").notNull(),
  },
  (t) => [index("result_tallies_level_idx").on(t.examYearId, t.examKind, t.stateId)],
);

/**
 * Each level's sheets counted per school, class, paper set and the sheets' own region, and per
 * school and region over all classes (class_level and paper_set_id 0) (decision 041): the
 * schools' result list reads a few of these rows per school instead of aggregating each
 * school's sheets, and counts its schools on one row each. Rebuilt with the ranks and
 * result_tallies whenever a level's sheets change (store.ts rankLevel); a reset deletes them with
 * the level's sheets. The region ids are the sheets' (copied from the student), so a
 * coordinator's scope counts the same sheets as it does on answer_sheets; the school's own name
 * and region are read from schools.
 */
export const resultSchoolTallies = pgTable(
  "result_school_tallies",
  {
    examYearId: integer("exam_year_id").notNull(),
    examKind: text("exam_kind").notNull(),
    schoolId: integer("school_id").notNull(),
    /** 0 on a school's row over all classes. */
    classLevel: smallint("class_level").notNull(),
    /** 0 on a school's row over all classes. */
    paperSetId: integer("paper_set_id").notNull(),
    ...tallyRegion,
    ...tallyFigures,
    lowest: integer("lowest").notNull(),
    /** Sheets with a school topper's award (result_ranks.school_position within its places); 0 for a mock. */
    toppers: integer("toppers").notNull(),
  },
  (t) => [
    // A school's rows (the page's figures, and whether a school of the page has any).
    index("result_school_tallies_school_idx").on(t.schoolId, t.examYearId, t.examKind, t.classLevel),
    // A level's schools in id order, one row each per class (0: all): the count merges them with schools.
    index("result_school_tallies_level_idx").on(t.examYearId, t.examKind, t.classLevel, t.schoolId),
  ],
);
