/** Addresses of the paper editor's pages that the translate page links to (shared by server and screen). */

const QUESTION_LISTS = { level1: "level1-questions", level2: "level2-questions", mock: "mock-questions" } as const;

/** The list page of an exam level's questions ("level1" → /paper-editor-admin/level1-questions). */
export function questionListPath(examLevel: string): string {
  const page = QUESTION_LISTS[examLevel as keyof typeof QUESTION_LISTS] ?? QUESTION_LISTS.level1;
  return `/paper-editor-admin/${page}`;
}

/** The question's own page. */
export const questionPath = (id: number) => `/paper-editor-admin/question?${new URLSearchParams({ id: String(id) })}`;

/** The translate page of a question and language. */
export const translatePath = (questionId: number, languageId: number) =>
  `/paper-editor-admin/translate?${new URLSearchParams({ question_id: String(questionId), language_id: String(languageId) })}`;
