import { z } from "zod";
import { EXAM_LEVELS, type ExamLevel } from "./fees";
import { decimalNumber, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { LANGUAGE_CODES, LANGUAGES } from "./languages";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { PAPER_ACTIVITY_ACTIONS } from "./paper-activity-constants";
import {
  DIFFICULTY_CODES,
  OPTION_KEYS,
  QUESTION_LIMITS,
  QUESTION_TYPE_CODES,
  TRANSLATION_FILTER_CODES,
} from "./papers-constants";
import { CLASS_LEVELS } from "./students-constants";

/**
 * Paper setting (decision 021): masters, the question bank with versions and translations,
 * paper sets, exam schedules and the activity log. Rules: docs/domain.md, Who may do what and Exams, scoring and awards,
 * docs/decisions/021-paper-setting.md.
 */

const EXAM_LEVEL_CODES = /* @__PURE__ */ EXAM_LEVELS.map((l) => l.code) as [ExamLevel, ...ExamLevel[]];
const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());
const optionalNumber = (field: string, min: number, max: number) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : value),
    wholeNumber(
      z
        .number({ error: `${field} must be a whole number` })
        .int(`${field} must be a whole number`)
        .min(min, `${field} must be ${min} to ${max}`)
        .max(max, `${field} must be ${min} to ${max}`),
    ).optional(),
  );
const idField = (field: string) =>
  wholeNumber(
    z
      .number({ error: `${field} must be a whole number` })
      .int(`${field} must be a whole number`)
      .min(1, `${field} must be a positive number`)
      .max(ID_MAX, `${field} is too large`),
  );

export const examLevelField = z.enum(EXAM_LEVEL_CODES, { error: "exam_level must be mock, level1 or level2" });
export const classIdField = wholeNumber(
  z
    .number({ error: "class_id must be 6 to 11 (classes VI to XI)" })
    .int("class_id must be 6 to 11 (classes VI to XI)")
    .refine((n) => (CLASS_LEVELS as readonly number[]).includes(n), "class_id must be 6 to 11 (classes VI to XI)"),
);
export const languageIdField = wholeNumber(
  z
    .number({ error: `language_id must be 1 to ${LANGUAGES.length}` })
    .int(`language_id must be 1 to ${LANGUAGES.length}`)
    .min(1, `language_id must be 1 to ${LANGUAGES.length}`)
    .max(LANGUAGES.length, `language_id must be 1 to ${LANGUAGES.length}`),
);
const flag01 = (field: string) =>
  z.preprocess(
    (value) => (blank(value) ? undefined : value === "true" ? 1 : value === "false" ? 0 : value),
    wholeNumber(
      z
        .number({ error: `${field} must be 0 or 1` })
        .int(`${field} must be 0 or 1`)
        .min(0, `${field} must be 0 or 1`)
        .max(1, `${field} must be 0 or 1`),
    ).optional(),
  );

// ---------------------------------------------------------------------------------------- masters

export const classItem = z.object({ id: z.number().int(), name: z.string() });
export const subjectItem = z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() });
export type SubjectItem = z.infer<typeof subjectItem>;
export const languageItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  native: z.string(),
  dir: z.enum(["ltr", "rtl"]),
});
export type LanguageItem = z.infer<typeof languageItem>;
export const questionTypeItem = z.object({ code: z.string(), name: z.string(), rule: z.string() });

export const languageListQuery = z.object({
  without_english: flag01("without_english").describe("1: English left out"),
  /** 1: only the languages the caller may translate into (a translator's own; none for a writer). */
  translatable: flag01("translatable").describe("1: only the languages the caller may translate into"),
});

// ----------------------------------------------------------------------------------- question bank

/** Rich text: sanitised on save; the limit is on the HTML the editor sends. */
const richText = (field: string, max: number, required: boolean) => {
  const base = z.string({ error: `${field} must be text` }).max(max, `${field} can be at most ${max} characters`);
  return required ? base.refine((html) => hasContent(html), `Write the ${field}`) : base.optional().default("");
};

/** Text, a formula or a picture: Quill's empty editor is `<p><br></p>`. */
export function hasContent(html: string): boolean {
  return (
    /<img\b|ql-formula/i.test(html) ||
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() !== ""
  );
}

const optionKey = z.enum(OPTION_KEYS, { error: `An option key is one of ${OPTION_KEYS.join(", ")}` });
export const questionOption = z.object({
  key: optionKey,
  html: richText("option", QUESTION_LIMITS.optionChars, true),
});
export type QuestionOption = z.infer<typeof questionOption>;

/** question-store and question-update: the English source of a question. */
export const questionBody = z
  .strictObject({
    exam_level: examLevelField,
    class_id: classIdField,
    subject_id: idField("subject_id"),
    question_type: z.enum(QUESTION_TYPE_CODES, { error: "question_type must be single, multiple or at_least" }),
    difficulty: z.enum(DIFFICULTY_CODES, { error: "difficulty must be easy, medium or hard" }).default("medium"),
    marks: decimalNumber(
      z
        .number({ error: "marks must be a number" })
        .positive("marks must be more than 0")
        .max(QUESTION_LIMITS.maxMarks, `marks can be at most ${QUESTION_LIMITS.maxMarks}`)
        .refine((n) => Number.isInteger(n * 4), "marks must be a multiple of 0.25"),
    ),
    text: richText("question text", QUESTION_LIMITS.textChars, true),
    options: z
      .array(questionOption, { error: "options must be a list" })
      .min(QUESTION_LIMITS.minOptions, `Give at least ${QUESTION_LIMITS.minOptions} options`)
      .max(QUESTION_LIMITS.maxOptions, `Give at most ${QUESTION_LIMITS.maxOptions} options`),
    correct: z.array(optionKey, { error: "correct must be a list of option keys" }).min(1, "Mark the correct answer"),
    explanation: richText("explanation", QUESTION_LIMITS.explanationChars, false),
  })
  .superRefine((q, ctx) => {
    q.options.forEach((option, index) => {
      if (option.key !== OPTION_KEYS[index]) {
        ctx.addIssue({
          code: "custom",
          path: ["options", index, "key"],
          message: `Options are keyed in order: option ${index + 1} is ${OPTION_KEYS[index]}`,
        });
      }
    });
    const keys = new Set(q.options.map((o) => o.key));
    for (const key of q.correct) {
      if (!keys.has(key)) ctx.addIssue({ code: "custom", path: ["correct"], message: `There is no option ${key}` });
    }
    if (new Set(q.correct).size !== q.correct.length) {
      ctx.addIssue({ code: "custom", path: ["correct"], message: "An option is marked correct twice" });
    }
    if (q.question_type === "single" && q.correct.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: ["correct"],
        message: "A single-answer question has exactly one correct option",
      });
    }
    if (q.correct.length === q.options.length && q.options.length > 1 && q.question_type !== "single") {
      ctx.addIssue({ code: "custom", path: ["correct"], message: "At least one option must be wrong" });
    }
  });
export type QuestionBody = z.infer<typeof questionBody>;

export const questionUpdateBody = z.strictObject({
  id: idField("id"),
  question: questionBody,
});

/** question/question-list: the question bank's filters (docs/domain.md, Paper sets), plus class, status and a translation filter. */
export const questionListQuery = z.object({
  page: pageField,
  per_page: perPageField,
  search: searchField.describe("Words of the question, or its number"),
  paperset_id: optionalNumber("paperset_id", 1, ID_MAX).describe(
    "Questions placed in this set, as the bank has them now; what a set prints is /api/paperset/questions/{id}",
  ),
  section_id: optionalNumber("section_id", 1, ID_MAX),
  subject_id: optionalNumber("subject_id", 1, ID_MAX),
  language_id: optionalNumber("language_id", 1, LANGUAGES.length).describe(
    "The text shown and translation_status are this language's",
  ),
  /** 1: mock questions; with class_level the exam: 1 Level 1, 2 Level 2. */
  is_mock: flag01("is_mock").describe("1: mock questions"),
  class_level: optionalNumber("class_level", 1, 2),
  class_id: optionalNumber("class_id", 6, 11),
  status: z.enum(["draft", "reviewed"], { error: "status must be draft or reviewed" }).optional(),
  /** With language_id: only questions whose translation into it is in this state (not_done: any but done). */
  translation_status: z
    .enum(TRANSLATION_FILTER_CODES, {
      error: `translation_status must be one of ${TRANSLATION_FILTER_CODES.join(", ")}`,
    })
    .optional(),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;

const translationStatus = z.enum(["missing", "draft", "done", "stale"]);

export const questionListItem = z.object({
  id: z.number().int(),
  exam_level: z.string(),
  class_id: z.number().int(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  question_type: z.string(),
  difficulty: z.string(),
  marks: z.number(),
  status: z.string(),
  version: z.number().int(),
  /** Sanitised HTML of the question text (in the language asked for, when translated). */
  text: z.string(),
  /** Done (not stale) translations, of the 13 other languages. */
  translations_done: z.number().int(),
  /** Translations made for an older English text (stale), of the 13 other languages. */
  translations_stale: z.number().int(),
  /** The state of the translation into the language_id filter's language. */
  translation_status: translationStatus.nullable(),
  updated_at: z.string(),
});
export type QuestionListItem = z.infer<typeof questionListItem>;
export const questionPage = paginated(questionListItem);

export const translationSummary = z.object({
  language_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  status: translationStatus,
  version: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type TranslationSummary = z.infer<typeof translationSummary>;

export const questionContent = z.object({
  text: z.string(),
  options: z.array(z.object({ key: z.string(), html: z.string() })),
  correct: z.array(z.string()),
  explanation: z.string(),
});
export type QuestionContent = z.infer<typeof questionContent>;

/** A question's content as a role sees it: without the key for those who may not read keys (decision 049). */
const shownContent = questionContent.extend({
  correct: questionContent.shape.correct.optional().describe("The answer key; absent for translators"),
});

export const questionDetail = z.object({
  id: z.number().int(),
  exam_level: z.string(),
  class_id: z.number().int(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  question_type: z.string(),
  difficulty: z.string(),
  marks: z.number(),
  status: z.string(),
  version: z.number().int(),
  content: shownContent,
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(translationSummary),
  /** The paper sets that hold it; absent for roles that may not see paper sets (translators). */
  paper_sets: z
    .array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        status: z.string(),
        /** The version a finalized set prints (decision 061); null in a draft, which takes the newest. */
        printed_version: z.number().int().nullable(),
      }),
    )
    .optional(),
});
export type QuestionDetail = z.infer<typeof questionDetail>;

export const questionIdQuery = z.object({ id: idField("id").describe("The question") });
export const questionIdOnlyQuery = z.object({ question_id: idField("question_id").describe("The question") });

export const questionVersionItem = z.object({
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  rolled_back_from: z.number().int().nullable(),
  /** What changed from the version before it: "question text", "option B", "correct answer" … */
  changes: z.array(z.string()),
  content: questionContent,
  question_type: z.string(),
  difficulty: z.string(),
  marks: z.number(),
  subject_id: z.number().int(),
});
export type QuestionVersionItem = z.infer<typeof questionVersionItem>;

export const rollbackBody = z.strictObject({
  question_id: idField("question_id"),
  rollback_version: idField("rollback_version"),
});

export const reviewBody = z.strictObject({ question_id: idField("question_id") });

// ----------------------------------------------------------------------------------- translation

export const translateQuery = z.strictObject({
  question_id: idField("question_id"),
  language_id: languageIdField,
});

/** question-translate: the source beside the translation, with the formulas a translator must keep. */
export const translationWorkspace = z.object({
  question_id: z.number().int(),
  language: languageItem,
  source: shownContent.extend({ version: z.number().int() }),
  /** Every formula (TeX) of the source, in order: the translation must hold the same ones. */
  text_formulas: z.array(z.string()),
  translation: z
    .object({
      content: questionContent.omit({ correct: true }),
      status: translationStatus,
      version: z.number().int(),
      source_version: z.number().int(),
      updated_at: z.string(),
      updated_by: z.string().nullable(),
    })
    .nullable(),
});
export type TranslationWorkspace = z.infer<typeof translationWorkspace>;

export const translationBody = z.strictObject({
  question_id: idField("question_id"),
  language_id: languageIdField,
  text: richText("translated question text", QUESTION_LIMITS.textChars, true),
  options: z
    .array(questionOption, { error: "options must be a list" })
    .max(QUESTION_LIMITS.maxOptions, `Give at most ${QUESTION_LIMITS.maxOptions} options`),
  explanation: richText("explanation", QUESTION_LIMITS.explanationChars, false),
  /** draft: saved, not yet usable in a paper; done: checked by the translator. */
  status: z.enum(["draft", "done"], { error: "status must be draft or done" }),
});
export type TranslationBody = z.infer<typeof translationBody>;

// ------------------------------------------------------------------------------------- paper sets

export const sectionItem = z.object({
  id: z.number().int(),
  label: z.string(),
  title: z.string(),
  position: z.number().int(),
  question_count: z.number().int(),
  marks_per_question: z.number(),
  negative_marks: z.number(),
  answer_rule: z.string(),
  counts_if_section: z.string().nullable(),
  counts_if_marks: z.number().nullable(),
  blueprint: z.record(z.string(), z.number().int()),
  /** Questions placed so far. */
  placed: z.number().int(),
});
export type SectionItem = z.infer<typeof sectionItem>;

export const paperSetItem = z.object({
  id: z.number().int(),
  exam_year: z.string(),
  exam_level: z.string(),
  class_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  languages: z.array(languageItem),
  duration_minutes: z.number().int(),
  instructions: z.array(z.string()),
  status: z.string(),
  content_hash: z.string().nullable(),
  finalized_at: z.string().nullable(),
  finalized_by: z.string().nullable(),
  copied_from: z.number().int().nullable(),
  total_marks: z.number(),
  sections: z.array(sectionItem),
});
export type PaperSetItem = z.infer<typeof paperSetItem>;

/** A language a set's question is translated into, and that translation's state (at the printed version, once finalized). */
export const printedTranslation = z.object({
  code: z.string(),
  name: z.string(),
  /** The translation's version: the pinned one once the set is finalized; null when missing. */
  version: z.number().int().nullable(),
  status: translationStatus,
});

/**
 * paperset/questions/{id}: a set's question as the set shows and prints it (decision 061). A
 * finalized set answers the versions and translations it pinned, whatever was saved since; a
 * draft answers the newest ones.
 */
export const paperSetQuestionItem = z.object({
  section_id: z.number().int(),
  section_label: z.string(),
  /** The printed number, continuous across sections. */
  number: z.number().int(),
  question_id: z.number().int(),
  /** The version shown and printed. */
  version: z.number().int(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  question_type: z.string(),
  marks: z.number(),
  content: questionContent,
  /** Reviewed at this version (a finalized set's questions all were: finalize refuses otherwise). */
  reviewed: z.boolean(),
  /** The set's languages other than English: a finalized set's pinned translations only. */
  translations: z.array(printedTranslation),
  /** Of those, the done ones that match this version's text. */
  translations_done: z.number().int(),
  /** A finalized set's question saved again since: the newest version and when it was saved. */
  newer: z.object({ version: z.number().int(), since: z.string() }).nullable(),
});
export type PaperSetQuestionItem = z.infer<typeof paperSetQuestionItem>;

/** section/get-sections: a paper set's sections. */
export const sectionListQuery = z.object({ paperset_id: idField("paperset_id") });

export const paperSetListQuery = z.object({
  /** One set by its id, of any exam year (the others filter the open year's sets). */
  id: optionalNumber("id", 1, ID_MAX).describe("One set, of any exam year"),
  class_id: optionalNumber("class_id", 6, 11),
  exam_level: examLevelField.optional(),
});

const codeField = z
  .string({ error: "code is required" })
  .trim()
  .min(2, "The code must be at least 2 characters")
  .max(20, "The code can be at most 20 characters")
  .regex(/^[A-Za-z0-9-]+$/, "The code may hold letters, digits and hyphens only");
const paperLanguages = z
  .array(z.enum(LANGUAGE_CODES, { error: "Choose languages from the 14" }), { error: "languages must be a list" })
  .min(1, "Offer the paper in at least one language")
  .refine((codes) => codes.includes("en"), "Every paper is offered in English, its source language")
  .refine((codes) => new Set(codes).size === codes.length, "A language is listed twice");

export const paperSetCreateBody = z.strictObject({
  exam_level: examLevelField,
  class_id: classIdField,
  name: z.string().trim().min(2, "Name the paper set").max(100, "The name can be at most 100 characters"),
  code: codeField,
  languages: paperLanguages.default(["en", "hi"]),
});
export type PaperSetCreateBody = z.infer<typeof paperSetCreateBody>;

const sectionLabelField = z
  .string({ error: "Choose the section it waits for" })
  .trim()
  .regex(/^[A-Z]$/, "Choose the section by its letter (A, B …)");
const qualifyingMarkField = decimalNumber(
  z
    .number({ error: "The qualifying mark must be a number" })
    .positive("The qualifying mark must be more than 0; to let the section always count, remove the rule")
    .max(4000, "The qualifying mark can be at most 4000"),
);

const sectionRuleBody = z.strictObject({
  id: idField("sections.id"),
  title: z.string().trim().min(1, "Name the section").max(60, "The title can be at most 60 characters"),
  question_count: wholeNumber(z.number().int().min(1, "A section has at least 1 question").max(200)),
  marks_per_question: decimalNumber(z.number().positive("Marks must be more than 0").max(20)),
  negative_marks: decimalNumber(z.number().min(0, "Negative marks are 0 or more").max(20)),
  blueprint: z
    .record(z.string().regex(/^\d+$/, "Blueprint keys are subject ids"), wholeNumber(z.number().int().min(0).max(200)))
    .default({}),
  /** Left out: the section keeps its qualifying rule; null on both removes it (decision 059). */
  counts_if_section: sectionLabelField.nullable().optional(),
  counts_if_marks: qualifyingMarkField.nullable().optional(),
});

/** One section's qualifying rule: it counts only when another section reaches a mark (decision 059). */
export const sectionRuleChangeBody = z.strictObject({
  section_id: idField("section_id"),
  /** The label of the section it waits for; null for a section that always counts. */
  counts_if_section: sectionLabelField.nullable(),
  counts_if_marks: qualifyingMarkField.nullable(),
});
export type SectionRuleChangeBody = z.infer<typeof sectionRuleChangeBody>;

export const paperSetUpdateBody = z.strictObject({
  name: z.string().trim().min(2, "Name the paper set").max(100),
  code: codeField,
  languages: paperLanguages,
  duration_minutes: wholeNumber(z.number().int().min(10, "At least 10 minutes").max(600, "At most 600 minutes")),
  instructions: z.array(z.string().trim().min(1).max(300, "An instruction can be at most 300 characters")).max(20),
  sections: z.array(sectionRuleBody).max(10),
});
export type PaperSetUpdateBody = z.infer<typeof paperSetUpdateBody>;

/** Replaces one section's questions, in the order given. */
export const sectionQuestionsBody = z.strictObject({
  section_id: idField("section_id"),
  question_ids: z.array(idField("question_ids"), { error: "question_ids must be a list" }).max(200),
});

export const finalizeBody = z.strictObject({
  id: idField("id"),
  is_mock: flag01("is_mock"),
  class_exam_id: optionalNumber("class_exam_id", 6, 11),
});

/** A reason finalize was refused, pointing at the question and language to fix. */
export const finalizeProblem = z.object({
  /**
   * `rule`: a qualifying rule out of reach (decision 059); `wording`: a set's own English text
   * (instructions, a section title) with no translation (decision 062).
   */
  code: z.enum(["count", "rule", "wording", "review", "translation"]),
  message: z.string(),
  question_id: z.number().int().nullable(),
  section: z.string().nullable(),
  language: z.string().nullable(),
});
export type FinalizeProblem = z.infer<typeof finalizeProblem>;

export const copyMockBody = z.strictObject({
  id: idField("id"),
  name: z.string().trim().min(2).max(100).optional(),
  code: codeField.optional(),
});

export const paperExportBody = z.strictObject({
  class_id: classIdField.optional(),
  paperset_id: idField("paperset_id"),
  language_id: languageIdField,
  /** paper: the question paper; key: the answer key. */
  document: z.enum(["paper", "key"], { error: "document must be paper or key" }).default("paper"),
  format: z.enum(["pdf", "docx"], { error: "format must be pdf or docx" }).default("pdf"),
});
export type PaperExportBody = z.infer<typeof paperExportBody>;

export const subjectExportBody = z.strictObject({
  subject_id: idField("subject_id"),
  class_id: classIdField,
  exam_level: examLevelField,
  language_id: languageIdField,
  document: z.enum(["paper", "key"], { error: "document must be paper or key" }).default("paper"),
  format: z.enum(["pdf", "docx"], { error: "format must be pdf or docx" }).default("pdf"),
});

// ---------------------------------------------------------------------------------- exam schedule

export const examScheduleBody = z.strictObject({
  exam_level: examLevelField,
  class_id: classIdField,
  /** Date and time of the start, ISO 8601 with an offset, or local India time (YYYY-MM-DDTHH:mm). */
  starts_at: z
    .string({ error: "starts_at is required" })
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/,
      "starts_at must be a date and time such as 2027-01-24T10:00",
    ),
  duration_minutes: wholeNumber(z.number().int().min(10, "At least 10 minutes").max(600, "At most 600 minutes")),
  note: z.string().trim().max(300, "The note can be at most 300 characters").optional(),
});
export type ExamScheduleBody = z.infer<typeof examScheduleBody>;

export const examScheduleItem = z.object({
  id: z.number().int(),
  exam_year: z.string(),
  exam_level: z.string(),
  class_id: z.number().int(),
  starts_at: z.string(),
  duration_minutes: z.number().int(),
  note: z.string().nullable(),
  updated_at: z.string(),
});
export type ExamScheduleItem = z.infer<typeof examScheduleItem>;

// ----------------------------------------------------------------------------------- dashboards

export const questionTableQuery = z.object({
  class_level: optionalNumber("class_level", 1, 2),
  is_mock: flag01("is_mock"),
});

/** One subject and class of a level's dashboard. */
export const questionTableRow = z.object({
  subject_id: z.number().int(),
  subject_name: z.string(),
  class_id: z.number().int(),
  written: z.number().int(),
  reviewed: z.number().int(),
  /** Done (not stale) translations per language code. */
  translated: z.record(z.string(), z.number().int()),
  /** Questions the draft paper sets' blueprints ask of this subject and class, and how many are placed. */
  needed: z.number().int(),
  placed: z.number().int(),
});
export type QuestionTableRow = z.infer<typeof questionTableRow>;

export const subjectWiseQuery = z.object({
  subject_name: z.string().trim().min(1, "subject_name is required").max(100),
  class_level: optionalNumber("class_level", 1, 2),
  is_mock: flag01("is_mock"),
});

/** One section of one paper set, for one subject: what its blueprint asks and what is placed. */
export const subjectWiseRow = z.object({
  paperset_id: z.number().int(),
  paperset_code: z.string(),
  class_id: z.number().int(),
  section: z.string(),
  needed: z.number().int(),
  placed: z.number().int(),
  available: z.number().int(),
});

// --------------------------------------------------------------------------------- activity log

export const activityLogQuery = z.object({
  page: pageField,
  per_page: perPageField,
  user_id: optionalNumber("user_id", 1, ID_MAX),
  action: z.enum(PAPER_ACTIVITY_ACTIONS, { error: "Choose an action from the list" }).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "from must be a date (YYYY-MM-DD)")
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "to must be a date (YYYY-MM-DD)")
    .optional(),
  question_id: optionalNumber("question_id", 1, ID_MAX),
});
export type ActivityLogQuery = z.infer<typeof activityLogQuery>;

export const activityLogItem = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  role_id: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** One line a person reads: "Question 12 saved as version 3". */
  summary: z.string(),
  created_at: z.string(),
});
export type ActivityLogItem = z.infer<typeof activityLogItem>;

// ------------------------------------------------------------------------------- panel members

export const panelMemberItem = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role_id: z.number().int(),
  is_active: z.boolean(),
  subject_ids: z.array(z.number().int()),
  languages: z.array(z.string()),
});
export type PanelMemberItem = z.infer<typeof panelMemberItem>;

export const panelAssignmentBody = z.strictObject({
  subject_ids: z.array(idField("subject_ids")).max(50).default([]),
  languages: z
    .array(z.enum(LANGUAGE_CODES, { error: "Choose languages from the 14" }))
    .max(LANGUAGES.length)
    .refine((codes) => !codes.includes("en"), "English is the source language: translators translate from it")
    .default([]),
});
