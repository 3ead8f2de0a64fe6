import { EXAM_LEVELS } from "@repo/contracts/fees";
import { DIFFICULTIES, PAPER_SET_STATUSES, QUESTION_STATUSES, QUESTION_TYPES } from "@repo/contracts/papers-constants";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { enumCheck, rangeCheck } from "./checks";
import { users } from "./people";
import { examYears } from "./schools";

/**
 * Paper setting (docs/decisions/021-paper-setting.md): a bank of questions whose every save is a
 * version, translations of each version into the other 13 languages, and paper sets that freeze
 * the exact versions they print.
 */

/** A subject of the exam (Physics, Mathematics …); subject panel users are assigned subjects. */
export const subjects = pgTable(
  "subjects",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    position: smallint("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [uniqueIndex("subjects_name_key").on(sql`lower(${t.name})`)],
);

/** The subjects a subject panel user (15) writes in. */
export const userSubjects = pgTable(
  "user_subjects",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subjectId] })],
);

/** The languages (codes, packages/contracts languages) a translator (16) translates into. */
export const userLanguages = pgTable(
  "user_languages",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.language] })],
);

/**
 * A question of the bank. The row holds its newest version's fields that lists filter and show;
 * `question_versions` holds every version in full.
 */
export const questions = pgTable(
  "questions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    examKind: text("exam_kind").notNull(),
    classLevel: smallint("class_level").notNull(),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "restrict" }),
    questionType: text("question_type").notNull(),
    difficulty: text("difficulty").notNull(),
    marks: numeric("marks", { precision: 5, scale: 2, mode: "number" }).notNull(),
    status: text("status").notNull().default("draft"),
    version: integer("version").notNull().default(1),
    /** Hash of the newest English text, options and explanation: translations of another hash are stale. */
    sourceHash: text("source_hash").notNull(),
    /** The newest version's text without markup, lower case, for search and the list. */
    plainText: text("plain_text").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list filters by kind and class first, then subject, newest first; id breaks ties.
    index("questions_list_idx").on(t.examKind, t.classLevel, t.subjectId, t.id),
    index("questions_kind_id_idx").on(t.examKind, t.id),
    // Search matches words and word beginnings of the English text (full text, no extension needed).
    index("questions_search_idx").using("gin", sql`to_tsvector('simple', ${t.plainText})`),
    check("questions_kind", enumCheck(t.examKind, EXAM_LEVELS)),
    check("questions_class", rangeCheck(t.classLevel, CLASS_LEVELS)),
    check("questions_type", enumCheck(t.questionType, QUESTION_TYPES)),
    check("questions_difficulty", enumCheck(t.difficulty, DIFFICULTIES)),
    check("questions_status", enumCheck(t.status, QUESTION_STATUSES)),
  ],
);

/**
 * How many questions each exam, class, subject and status holds, kept by a trigger on `questions`
 * (migration 0015): the list's total without counting a hundred thousand rows on every page.
 */
export const questionTallies = pgTable(
  "question_tallies",
  {
    examKind: text("exam_kind").notNull(),
    classLevel: smallint("class_level").notNull(),
    subjectId: integer("subject_id").notNull(),
    status: text("status").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.examKind, t.classLevel, t.subjectId, t.status] })],
);

/**
 * How many newest translations each exam, class, subject and question status holds per language
 * and state (draft, done, stale), kept by triggers on `questions` and `question_translations`
 * (migration 0016): the list's totals under a translation filter without counting rows. Missing
 * is what the question tallies hold beyond these.
 */
export const questionTranslationTallies = pgTable(
  "question_translation_tallies",
  {
    examKind: text("exam_kind").notNull(),
    classLevel: smallint("class_level").notNull(),
    subjectId: integer("subject_id").notNull(),
    status: text("status").notNull(),
    language: text("language").notNull(),
    state: text("state").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.examKind, t.classLevel, t.subjectId, t.status, t.language, t.state] })],
);

/** One saved version of a question's English content, kept for ever (the history and rollback read it). */
export const questionVersions = pgTable(
  "question_versions",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** { text, options: [{ key, html }], correct: [key], explanation, type, difficulty, marks, subject_id } */
    content: jsonb("content").notNull(),
    sourceHash: text("source_hash").notNull(),
    /** The version this one restored, when it was made by a rollback. */
    rolledBackFrom: integer("rolled_back_from"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.version] })],
);

/**
 * One saved version of a question's translation into one language. The newest row per language
 * is the translation; it is stale when its `source_hash` is not the question's.
 */
export const questionTranslations = pgTable(
  "question_translations",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    version: integer("version").notNull(),
    /** { text, options: [{ key, html }], explanation } */
    content: jsonb("content").notNull(),
    status: text("status").notNull(),
    /** The English source it translates (questions.source_hash when it was saved). */
    sourceHash: text("source_hash").notNull(),
    sourceVersion: integer("source_version").notNull(),
    isLatest: boolean("is_latest").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.language, t.version] }),
    uniqueIndex("question_translations_latest_key").on(t.questionId, t.language).where(sql`${t.isLatest}`),
    check("question_translations_status", sql`${t.status} in ('draft', 'done')`),
    check("question_translations_language", sql`${t.language} <> 'en'`),
  ],
);

/**
 * A paper set: one exam paper of a kind and class in an exam year, offered in some languages.
 * Draft until the papersetter admin finalizes it; then its questions point at frozen versions and
 * `content_hash` fingerprints everything it prints. A finalized set never changes: copy it instead.
 */
export const paperSets = pgTable(
  "paper_sets",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    examYearId: integer("exam_year_id")
      .notNull()
      .references(() => examYears.id, { onDelete: "restrict" }),
    examKind: text("exam_kind").notNull(),
    classLevel: smallint("class_level").notNull(),
    name: text("name").notNull(),
    /** Printed on the paper and written on answer sheets (e.g. L1-VIII-A). */
    code: text("code").notNull(),
    languages: text("languages").array().notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    instructions: jsonb("instructions").$type<string[]>().notNull(),
    status: text("status").notNull().default("draft"),
    contentHash: text("content_hash"),
    finalizedAt: timestamp("finalized_at", { withTimezone: true }),
    finalizedBy: integer("finalized_by").references(() => users.id, { onDelete: "set null" }),
    copiedFrom: integer("copied_from"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("paper_sets_year_code_key").on(t.examYearId, sql`lower(${t.code})`),
    index("paper_sets_kind_class_idx").on(t.examKind, t.classLevel),
    check("paper_sets_kind", enumCheck(t.examKind, EXAM_LEVELS)),
    check("paper_sets_class", rangeCheck(t.classLevel, CLASS_LEVELS)),
    check("paper_sets_status", enumCheck(t.status, PAPER_SET_STATUSES)),
    check(
      "paper_sets_finalized",
      sql`(${t.status} = 'finalized') = (${t.contentHash} is not null and ${t.finalizedAt} is not null)`,
    ),
  ],
);

/** A section of a paper set with its marks rule (the defaults of docs/domain.md, Exams, scoring and awards, copied per set). */
export const paperSections = pgTable(
  "paper_sections",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    paperSetId: integer("paper_set_id")
      .notNull()
      .references(() => paperSets.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    title: text("title").notNull(),
    position: smallint("position").notNull(),
    questionCount: smallint("question_count").notNull(),
    marksPerQuestion: numeric("marks_per_question", { precision: 5, scale: 2, mode: "number" }).notNull(),
    negativeMarks: numeric("negative_marks", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    answerRule: text("answer_rule").notNull(),
    countsIfSection: text("counts_if_section"),
    countsIfMarks: numeric("counts_if_marks", { precision: 6, scale: 2, mode: "number" }),
    /** How many of the section's questions each subject gives: { "<subject id>": count }. */
    blueprint: jsonb("blueprint").$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex("paper_sections_set_label_key").on(t.paperSetId, t.label),
    check("paper_sections_rule", enumCheck(t.answerRule, QUESTION_TYPES)),
  ],
);

/** A question placed in a section of a paper set; finalizing pins its version and translations. */
export const paperSetQuestions = pgTable(
  "paper_set_questions",
  {
    paperSetId: integer("paper_set_id")
      .notNull()
      .references(() => paperSets.id, { onDelete: "cascade" }),
    sectionId: integer("section_id")
      .notNull()
      .references(() => paperSections.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "restrict" }),
    position: smallint("position").notNull(),
    /** Set when the set is finalized: the version it prints and, per language, the translation version. */
    frozenVersion: integer("frozen_version"),
    frozenTranslations: jsonb("frozen_translations").$type<Record<string, number>>(),
  },
  (t) => [
    primaryKey({ columns: [t.paperSetId, t.questionId] }),
    uniqueIndex("paper_set_questions_position_key").on(t.sectionId, t.position),
    index("paper_set_questions_question_idx").on(t.questionId),
  ],
);

/** When a level's paper is sat by a class, per exam year (store-exam-schedule). */
export const examSchedules = pgTable(
  "exam_schedules",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    examYearId: integer("exam_year_id")
      .notNull()
      .references(() => examYears.id, { onDelete: "restrict" }),
    examKind: text("exam_kind").notNull(),
    classLevel: smallint("class_level").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    note: text("note"),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("exam_schedules_key").on(t.examYearId, t.examKind, t.classLevel),
    check("exam_schedules_kind", enumCheck(t.examKind, EXAM_LEVELS)),
    check("exam_schedules_class", rangeCheck(t.classLevel, CLASS_LEVELS)),
    check("exam_schedules_duration", sql`${t.durationMinutes} between 10 and 600`),
  ],
);
