import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ApiClient } from "@repo/api-client";
import type { components, operations } from "@repo/api-client/schema";
import { can, type Subject } from "@repo/auth/permissions";
import type { FieldError } from "@repo/contracts/envelope";
import type { ExamLevel } from "@repo/contracts/fees";
import { LANGUAGES } from "@repo/contracts/languages";
import { idOfText } from "@repo/contracts/numbers-constants";
import {
  DIFFICULTY_CODES,
  EXAM_LEVEL_CODES,
  OPTION_KEYS,
  QUESTION_TYPE_CODES,
  QUESTION_TYPES,
  SOURCE_LANGUAGE,
  TRANSLATION_FILTER_CODES,
} from "@repo/contracts/papers-constants";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { optionsOf } from "@repo/remix-app/content/choices";
import { type ApiErrorLike, formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";
import { renderRichText } from "@repo/ui/rich-text-render";
import type { SelectOption } from "@repo/ui/select";

export type QuestionRow = components["schemas"]["QuestionListItem"];
export type QuestionDetail = components["schemas"]["QuestionDetail"];
export type QuestionVersion = components["schemas"]["QuestionVersionItem"];
export type QuestionBody = components["schemas"]["QuestionBody"];
type ListQuery = NonNullable<operations["getQuestionQuestionList"]["parameters"]["query"]>;

export interface LanguageOption extends SelectOption {
  name: string;
  code: string;
  dir: "ltr" | "rtl";
}

/** What the list's and the question screen's actions answer. */
export interface QuestionActionData {
  ok: boolean;
  message: string;
  /** The question saved or restored, and its version now. */
  id?: number;
  version?: number;
  /** Field errors named as the form names them: `text`, `options.1.html`, `correct`… */
  errors?: FieldError[];
}

/** What a signed-in user may do here (the API checks each again). */
export function permissionsOf(subject: Subject) {
  return {
    edit: can(subject, "questions.edit"),
    translate: can(subject, "questions.translate"),
    review: can(subject, "questions.review"),
    rollback: can(subject, "questions.rollback"),
    /** Version histories hold every version's answer key: not for translators (decision 049). */
    history: can(subject, "questions.keys"),
  };
}
export type QuestionPermissions = ReturnType<typeof permissionsOf>;

/** The API's names for a list's exam (docs/domain.md, Paper sets): Level 1 is `is_mock=0&class_level=1`, Level 2 `class_level=2`, mock `is_mock=1`. */
export const LEVEL_QUERY: Record<ExamLevel, ListQuery> = {
  level1: { is_mock: 0, class_level: 1 },
  level2: { class_level: 2 },
  mock: { is_mock: 1 },
};

export const STATUS_FILTERS = ["draft", "reviewed"] as const;
export const TRANSLATION_FILTERS = TRANSLATION_FILTER_CODES;
/** Languages a question is translated into: every one but English, by `language_id` (2-14). */
const TRANSLATED_LANGUAGE_IDS = LANGUAGES.map((_, index) => index + 1).filter(
  (id) => LANGUAGES[id - 1]?.code !== SOURCE_LANGUAGE,
);

const positive = (raw: FormDataEntryValue | string | null | undefined): number | undefined =>
  (typeof raw === "string" ? idOfText(raw) : null) ?? undefined;
const pick = <T extends string | number>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => String(value) === raw);

export function examLevelOf(raw: string | null): ExamLevel | undefined {
  return pick(EXAM_LEVEL_CODES, raw);
}

/** The list query from the page's URL: the level's exam, paging, search and every filter. */
export function questionListQueryFrom(level: ExamLevel, params: URLSearchParams, seesPaperSets = true): ListQuery {
  const { page, perPage, search } = parseTableQuery(params);
  const query: ListQuery = { page, per_page: perPage, ...LEVEL_QUERY[level] };
  if (search) query.search = search;
  const classId = pick(CLASS_LEVELS, params.get("class_id"));
  if (classId) query.class_id = classId;
  const subjectId = positive(params.get("subject_id"));
  if (subjectId) query.subject_id = subjectId;
  const status = pick(STATUS_FILTERS, params.get("status"));
  if (status) query.status = status;
  // Translators see no paper sets (decision 049): the API refuses the filter, so it is not sent.
  const paperSet = seesPaperSets ? positive(params.get("paperset_id")) : undefined;
  if (paperSet) {
    query.paperset_id = paperSet;
    // A section belongs to its paper set: without the set it means nothing.
    const section = positive(params.get("section_id"));
    if (section) query.section_id = section;
  }
  const language = pick(TRANSLATED_LANGUAGE_IDS, params.get("language_id"));
  if (language) {
    query.language_id = language;
    const translation = pick(TRANSLATION_FILTERS, params.get("translation_status"));
    if (translation) query.translation_status = translation;
  }
  return query;
}

/** The languages the viewer may translate into, by id (a translator's own; none for a writer). */
export async function translatableLanguageIds(api: ApiClient, subject: Subject): Promise<number[]> {
  if (!can(subject, "questions.translate")) return [];
  const { data } = await api.GET("/api/get-language-list", { params: { query: { translatable: 1 } } });
  return (data?.data ?? []).map((l) => l.id);
}

const subjectOptions = (rows: { id: number; name: string }[] | undefined) => optionsOf(rows);

/**
 * A question list (Level 1, Level 2 or mock): the page of questions for the URL's search and
 * filters, the pickers' options (the viewer's subjects, the level's paper sets and the chosen
 * set's sections, the 13 translated languages) and what the viewer may do.
 */
export async function questionsLoader(level: ExamLevel, { request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const seesPaperSets = can(subject, "paperSets.view");
  const query = questionListQueryFrom(level, params, seesPaperSets);
  const [list, subjects, paperSets, languages, translatable] = await Promise.all([
    api.GET("/api/question/question-list", { params: { query } }),
    api.GET("/api/subject/get-subjects"),
    seesPaperSets ? api.GET("/api/paperset/get-paperset", { params: { query: { exam_level: level } } }) : null,
    api.GET("/api/get-language-list", { params: { query: { without_english: 1 } } }),
    translatableLanguageIds(api, subject),
  ]);
  const sets = paperSets?.data?.data ?? [];
  const chosenSet = sets.find((s) => s.id === query.paperset_id);
  const languageOptions: LanguageOption[] = (languages.data?.data ?? []).map((l) => ({
    value: String(l.id),
    label: `${l.name} (${l.native})`,
    name: l.name,
    code: l.code,
    dir: l.dir,
  }));
  const chosenLanguage = query.language_id ?? undefined;
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    level,
    /** The API query without its paging, as the list was asked for. */
    filters,
    // Rendered here (sanitised, formulas as MathML): the list's page carries no sanitiser or KaTeX.
    rows: (list.data?.data.items ?? []).map((row) => ({ ...row, text: renderRichText(row.text) })),
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Questions could not be loaded, please try again"),
    can: permissionsOf(subject),
    subjects: subjectOptions(subjects.data?.data),
    paperSets: sets.map((s) => ({ value: String(s.id), label: `${s.code}: ${s.name}` })),
    sections: (chosenSet?.sections ?? []).map((s) => ({ value: String(s.id), label: s.title })),
    languages: languageOptions,
    /** The language chosen in the filter: the list shows its text and translation state. */
    language: languageOptions.find((l) => Number(l.value) === chosenLanguage) ?? null,
    /** Where Translate goes: the chosen language when the viewer may translate into it, else its first. */
    translateLanguageId:
      chosenLanguage && translatable.includes(chosenLanguage) ? chosenLanguage : (translatable[0] ?? null),
  };
}

/** The API names a question's fields `question.<field>`, the form `<field>`. */
const { fail, failFromApi, done } = formAnswers<QuestionActionData>();
const refused = (result: { error?: ApiErrorLike; response: Response }, fallback: string) =>
  failFromApi(result, fallback, (field) => field.replace(/^question\./, ""));

/** The list's action: mark a draft question reviewed (papersetter admin and sub admin). */
export async function questionsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "questions.review");
  const id = positive(form.get("id"));
  if (String(form.get("intent")) !== "review" || !id) {
    return fail("Unknown action.", 400);
  }
  const result = await api.POST("/api/question/review", { body: { question_id: id } });
  if (!result.data) return refused(result, "The question could not be marked reviewed");
  return done(result.data.message, { id, version: result.data.data.version });
}

// ------------------------------------------------------------------------------ question screen

/** The form's fields as the API's question body; what the API refuses comes back on its field. */
export function questionBodyFrom(form: FormData): {
  id: number | undefined;
  baseVersion: number | undefined;
  question: QuestionBody;
  missing: FieldError[];
} {
  const text = (name: string) => String(form.get(name) ?? "");
  const options = OPTION_KEYS.flatMap((key) => {
    const html = form.get(`option_${key}`);
    return html === null ? [] : [{ key, html: String(html) }];
  });
  const correct = form
    .getAll("correct")
    .flatMap((value) => String(value).split(","))
    .map((value) => value.trim())
    .flatMap((value) => OPTION_KEYS.filter((key) => key === value));
  const classId = positive(form.get("class_id"));
  const subjectId = positive(form.get("subject_id"));
  const missing: FieldError[] = [
    ...(classId ? [] : [{ field: "class_id", message: "Choose the class" }]),
    ...(subjectId ? [] : [{ field: "subject_id", message: "Choose the subject" }]),
  ];
  const marks = text("marks").trim();
  return {
    id: positive(form.get("id")),
    baseVersion: positive(form.get("base_version")),
    question: {
      exam_level: (examLevelOf(text("exam_level")) ?? text("exam_level")) as QuestionBody["exam_level"],
      class_id: classId ?? 0,
      subject_id: subjectId ?? 0,
      question_type: (pick(QUESTION_TYPE_CODES, text("question_type")) ??
        text("question_type")) as QuestionBody["question_type"],
      difficulty: pick(DIFFICULTY_CODES, text("difficulty")) ?? "medium",
      marks: marks === "" ? 0 : Number(marks),
      text: text("text"),
      options,
      correct,
      explanation: text("explanation"),
    },
    missing,
  };
}

/**
 * The question screen: `?id=N` opens a question (its newest version, translations' states and
 * versions), `?level=…` starts a new one for writers. The pickers' options and what the viewer may
 * do come with it.
 */
export async function questionLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const id = positive(params.get("id"));
  const allowed = permissionsOf(subject);
  if (!id && !allowed.edit) {
    throw new Response("You can open questions, not write them.", { status: 403, statusText: "Forbidden" });
  }
  const [detail, log, subjects, types, translatable] = await Promise.all([
    id ? api.GET("/api/question/question-edit", { params: { query: { id } } }) : null,
    id && allowed.history
      ? api.GET("/api/question/question-log-list", { params: { query: { question_id: id } } })
      : null,
    api.GET("/api/subject/get-subjects"),
    api.GET("/api/question/get-question-type"),
    id ? translatableLanguageIds(api, subject) : [],
  ]);
  if (detail && !detail.data) {
    throw new Response(detail.error?.message ?? "There is no such question.", {
      status: detail.response.status,
      statusText: detail.response.statusText,
    });
  }
  const question = detail?.data?.data ?? null;
  return {
    csrf,
    question,
    level: (examLevelOf(question?.exam_level ?? null) ?? examLevelOf(params.get("level")) ?? "level1") as ExamLevel,
    versions: log?.data?.data ?? [],
    historyFailure: log && !log.data ? (log.error?.message ?? "The versions could not be loaded") : null,
    /** Open the history at once (the list's History button). */
    openHistory: allowed.history && params.has("history"),
    can: permissionsOf(subject),
    subjects: subjectOptions(subjects.data?.data),
    // The answer types are fixed: the contract's list stands in if the API did not answer.
    types: (types.data?.data ?? QUESTION_TYPES).map((t) => ({ value: t.code, label: t.name, rule: t.rule })),
    translatable,
  };
}

/** Save (a new question, or the next version of one) and restore an earlier version. */
export async function questionAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const intent = String(form.get("intent"));
  if (intent === "rollback") {
    const { api } = await auth.requireAction(request, context, form, "questions.rollback");
    const id = positive(form.get("id"));
    const version = positive(form.get("version"));
    if (!id || !version) return fail("Unknown version.", 400);
    const result = await api.POST("/api/question/rollback-version", {
      body: { question_id: id, rollback_version: version },
    });
    if (!result.data) return refused(result, "The version could not be restored");
    return done(result.data.message, { id, version: result.data.data.version });
  }
  if (intent !== "save") return fail("Unknown action.", 400);
  const { api } = await auth.requireAction(request, context, form, "questions.edit");
  const { id, baseVersion, question, missing } = questionBodyFrom(form);
  if (missing.length) return fail("Some fields need your attention.", 422, missing);
  const result = id
    ? await api.POST("/api/question/question-update", {
        body: { id, ...(baseVersion ? { base_version: baseVersion } : {}), question },
      })
    : await api.POST("/api/question/question-store", { body: question });
  if (!result.data) return refused(result, "The question could not be saved");
  return done(result.data.message, { id: result.data.data.id, version: result.data.data.version });
}
