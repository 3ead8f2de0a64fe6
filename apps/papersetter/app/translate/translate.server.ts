import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { questionListPath, questionPath, translatePath } from "@repo/auth/paper-paths";
import { idOfText } from "@repo/contracts/numbers-constants";
import { OPTION_KEYS, type TranslationStatus } from "@repo/contracts/papers-constants";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";

export type TranslationWorkspace = components["schemas"]["TranslationWorkspace"];
type Summary = components["schemas"]["TranslationSummary"];
type OptionKey = (typeof OPTION_KEYS)[number];

/** One language the viewer may translate this question into, with the state of its translation. */
export interface LanguageChoice {
  id: number;
  code: string;
  name: string;
  native: string;
  dir: "ltr" | "rtl";
  status: TranslationStatus;
}

/** Why the page shows no workspace: not the viewer's language, no such question, no question asked for. */
export interface TranslateProblem {
  status: number;
  title: string;
  message: string;
}

/** What the editors start from: the translation's own text, or the source's where it has none. */
export interface TranslateInitial {
  text: string;
  options: { key: string; html: string }[];
  explanation: string;
  /** Fields copied from the English (the translation had none): the words are still English. */
  copied: string[];
}

/** What the translate page shows: a workspace, or a problem saying why there is none. */
export interface TranslateLoaderData {
  csrf: string;
  questionId: number | null;
  languageId: number | null;
  /** The languages the viewer may translate this question into (a translator's own only). */
  languages: LanguageChoice[];
  problem: TranslateProblem | null;
  workspace: TranslationWorkspace | null;
  initial: TranslateInitial | null;
  question: {
    id: number;
    exam_level: string;
    class_id: number;
    subject_name: string;
    status: string;
    version: number;
  } | null;
  neighbours: {
    /** The question before and after this one that has no translation into the language yet. */
    previous: number | null;
    next: number | null;
    /** The questions of this level and class that still have no translation into this language. */
    list: string;
    question: string;
  } | null;
}

/** The form pipeline's answer (saved, or why not with the API's field messages). */
export type TranslateActionData = FormAnswer;

/** Text, a formula or a picture (Quill's empty editor is `<p><br></p>`), as the API decides it. */
export function hasContent(html: string | null | undefined): boolean {
  if (!html) return false;
  return (
    /<img\b|ql-formula/i.test(html) ||
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() !== ""
  );
}

/**
 * The editors' starting HTML: each field of the newest translation, or, where it is empty, the
 * source's HTML with its formulas, so the translator replaces the words around the formulas.
 * Options follow the source's keys and order.
 */
export function initialTexts(workspace: TranslationWorkspace): TranslateInitial {
  const own = workspace.translation?.content;
  const copied: string[] = [];
  const pick = (field: string, translated: string | undefined, source: string) => {
    if (hasContent(translated)) return translated ?? "";
    if (hasContent(source)) copied.push(field);
    return source;
  };
  const text = pick("text", own?.text, workspace.source.text);
  const options = workspace.source.options.map((option, index) => ({
    key: option.key,
    html: pick(`options.${index}.html`, own?.options.find((o) => o.key === option.key)?.html, option.html),
  }));
  const explanation = pick("explanation", own?.explanation, workspace.source.explanation);
  return { text, options, explanation, copied };
}

const positiveId = (value: string | null) => idOfText(value);

/**
 * The translate page: the English source beside the newest translation into one language, the
 * formulas to keep, the languages the viewer may switch to (a translator's own only, each with its
 * state), the question's subject and class, and the questions before and after it that still need
 * this language. A language that is not the viewer's, or a question it cannot see, is a clear
 * page of its own, not an error.
 */
export async function translateLoader({ request, context }: LoaderFunctionArgs): Promise<TranslateLoaderData> {
  const { api, csrf } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const questionId = positiveId(params.get("question_id"));
  const base = { csrf, questionId, workspace: null, initial: null, question: null, neighbours: null } as const;
  if (!questionId) {
    return {
      ...base,
      languageId: null,
      languages: [],
      problem: {
        status: 400,
        title: "Choose a question to translate",
        message: "Open a question from a question list and choose Translate.",
      },
    };
  }
  const [states, list, question] = await Promise.all([
    api.POST("/api/language/translation-status", { params: { query: { question_id: questionId } } }),
    api.GET("/api/get-language-list", { params: { query: { without_english: 1 } } }),
    api.GET("/api/question/question-edit", { params: { query: { id: questionId } } }),
  ]);
  const items = list.data?.data ?? [];
  const languages: LanguageChoice[] = (states.data?.data ?? []).flatMap((state: Summary) => {
    const item = items.find((l) => l.code === state.code);
    return item ? [{ ...item, status: state.status }] : [];
  });
  if (!states.data) {
    return {
      ...base,
      languageId: null,
      languages,
      problem: {
        status: states.response.status,
        title: states.response.status === 404 ? "No such question" : "The question could not be opened",
        message: states.error?.message ?? "Please try again in a moment.",
      },
    };
  }
  const languageId = positiveId(params.get("language_id"));
  const first = languages[0];
  if (!languageId) {
    if (first) throw redirect(translatePath(questionId, first.id));
    return {
      ...base,
      languageId: null,
      languages,
      problem: {
        status: 403,
        title: "No language to translate into",
        message: "No languages are assigned to you yet. Ask the papersetter admin to assign yours.",
      },
    };
  }

  const detail = question.data?.data;
  const examLevel = detail?.exam_level ?? "level1";
  const [opened, missing] = await Promise.all([
    api.POST("/api/question-translate", { body: { question_id: questionId, language_id: languageId } }),
    detail
      ? api.GET("/api/question/question-list", {
          params: {
            query: {
              per_page: 100,
              ...(examLevel === "mock" ? { is_mock: 1 } : { is_mock: 0, class_level: examLevel === "level2" ? 2 : 1 }),
              class_id: detail.class_id,
              language_id: languageId,
              translation_status: "not_done",
            },
          },
        })
      : null,
  ]);
  if (!opened.data) {
    const status = opened.response.status;
    const chosen = items.find((l) => l.id === languageId);
    return {
      ...base,
      languageId,
      languages,
      problem: {
        status,
        title:
          status === 403
            ? `You do not translate into ${chosen?.name ?? "this language"}`
            : status === 404
              ? "No such question"
              : "The translation could not be opened",
        message: opened.error?.message ?? "Please try again in a moment.",
      },
    };
  }
  const workspace = opened.data.data;
  // The list is newest first: the question before this one has a higher number.
  const ids = (missing?.data?.data.items ?? []).map((q) => q.id).filter((id) => id !== questionId);
  const previous = ids.filter((id) => id > questionId).at(-1) ?? null;
  const next = ids.find((id) => id < questionId) ?? null;
  const listQuery = new URLSearchParams({
    language_id: String(languageId),
    translation_status: "not_done",
    ...(detail ? { class_id: String(detail.class_id) } : {}),
  });
  return {
    ...base,
    languageId,
    languages,
    problem: null,
    workspace,
    initial: initialTexts(workspace),
    question: detail
      ? {
          id: detail.id,
          exam_level: detail.exam_level,
          class_id: detail.class_id,
          subject_name: detail.subject_name,
          status: detail.status,
          version: detail.version,
        }
      : null,
    neighbours: {
      previous,
      next,
      list: `${questionListPath(examLevel)}?${listQuery}`,
      question: questionPath(questionId),
    },
  };
}

/**
 * Save draft or Mark done: the translated text, each option by the source's key, the explanation.
 * The API refuses (422) a field whose formulas differ from the source's; its field errors
 * (`text`, `options.2.html`, `explanation`) come back as they are.
 */
export async function translateAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "questions.translate");
  const questionId = positiveId(String(form.get("question_id") ?? ""));
  const languageId = positiveId(String(form.get("language_id") ?? ""));
  const { fail, failFromApi, done } = formAnswers<TranslateActionData>();
  if (!questionId || !languageId) return fail("Choose a question and a language.", 400);
  const keys = form
    .getAll("option_key")
    .map(String)
    .filter((key): key is OptionKey => (OPTION_KEYS as readonly string[]).includes(key));
  const result = await api.POST("/api/store-question-translation", {
    body: {
      question_id: questionId,
      language_id: languageId,
      text: String(form.get("text") ?? ""),
      options: keys.map((key) => ({ key, html: String(form.get(`option.${key}`) ?? "") })),
      explanation: String(form.get("explanation") ?? ""),
      status: form.get("status") === "done" ? "done" : "draft",
    },
  });
  if (!result.data) return failFromApi(result, "The translation could not be saved, please try again");
  return done(result.data.message);
}
