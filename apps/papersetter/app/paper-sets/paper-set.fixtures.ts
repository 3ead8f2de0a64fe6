import { ROLE } from "@repo/auth/roles";
import { envelope, signedInAs, userRecord } from "@repo/remix-app/testing";
import type { FinalizeProblemRow, PaperSetRow, PrintedQuestionRow, SectionRow, SubjectRow } from "./paper-set.server";

/**
 * The paper set screen's data as the API answers it, for its server test and its route test: each
 * fact about the screen's data is written here once, typed by the generated client.
 */

export const admin = userRecord({
  role_id: ROLE.papersetterAdmin,
  role_name: "Papersetter Admin",
  username: "psadmin",
});
export const subAdmin = userRecord({
  role_id: ROLE.papersetterSubAdmin,
  role_name: "Papersetter Sub Admin",
  username: "pssubadmin",
});
export const subjectPanel = userRecord({ role_id: ROLE.subjectPanel, role_name: "Subject Panel", username: "subject" });

/** A section of two 1-mark questions, `placed` of them filled. */
export const section = (id: number, label: string, placed: number): SectionRow => ({
  id,
  label,
  title: `Section ${label}`,
  position: id,
  question_count: 2,
  marks_per_question: 1,
  negative_marks: 0,
  answer_rule: "single",
  counts_if_section: null,
  counts_if_marks: null,
  blueprint: {},
  placed,
});

/** Set 7, a Level 1 draft for class 8 in English and Hindi: section A full (2), section B empty. */
export const set: PaperSetRow = {
  id: 7,
  exam_year: "2026-27",
  exam_level: "level1",
  class_id: 8,
  name: "Set A",
  code: "L1-VIII-A",
  languages: [
    { id: 1, code: "en", name: "English", native: "English", dir: "ltr" },
    { id: 2, code: "hi", name: "Hindi", native: "हिन्दी", dir: "ltr" },
  ],
  duration_minutes: 90,
  instructions: ["Write your roll number."],
  status: "draft",
  content_hash: null,
  finalized_at: null,
  finalized_by: null,
  copied_from: null,
  total_marks: 4,
  sections: [section(31, "A", 2), section(32, "B", 0)],
};

/** The set with other sections (a section's placed count is what a test is about). */
export const withSections = (...sections: SectionRow[]): PaperSetRow => ({ ...set, sections });

/** Question `id` as the set prints it: number `number` of its section, translated into Hindi. */
export const printedQuestion = (id: number, sectionId: number, number: number): PrintedQuestionRow => ({
  section_id: sectionId,
  section_label: set.sections.find((s) => s.id === sectionId)?.label ?? "",
  number,
  question_id: id,
  version: 1,
  subject_id: 1,
  subject_name: "Physics",
  question_type: "single",
  marks: 1,
  content: { text: `<p>Question ${id}</p>`, options: [], correct: ["A"], explanation: "" },
  reviewed: true,
  translations: [{ code: "hi", name: "Hindi", version: 1, status: "done" }],
  translations_done: 1,
  newer: null,
});

export const subjects: SubjectRow[] = [{ id: 1, name: "Physics", is_active: true }];

/** Section A's questions in paper order: 12, then 5. */
export const sectionA = [printedQuestion(12, 31, 1), printedQuestion(5, 31, 2)];

/** What the set's page asks the API, answered for `user`: the set, the subjects, section A's questions. */
export const pageAnswers = (user = admin) => ({
  "GET /api/user": signedInAs(user),
  "GET /api/paperset/get-paperset": { body: envelope([set]) },
  "GET /api/subject/get-subjects": { body: envelope(subjects) },
  "GET /api/paperset/questions/7": { body: envelope(sectionA) },
});

/** What keeps the set a draft: section B's two free places. */
export const sectionBUnfilled: FinalizeProblemRow = {
  code: "count",
  message: "Section B has 2 free places",
  section: "B",
  question_id: null,
  language: null,
};
