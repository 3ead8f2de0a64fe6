import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { can } from "@repo/auth/permissions";
import type { FieldError } from "@repo/contracts/envelope";
import type { ExamLevel } from "@repo/contracts/fees";
import { idOfText } from "@repo/contracts/numbers-constants";
import { paperExportBody, paperSetUpdateBody, sectionRuleChangeBody } from "@repo/contracts/papers";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusalOf, refusedDownloadJson, streamDownload } from "@repo/remix-app/downloads/server";
import { typedValues } from "@repo/remix-app/forms/answer";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";
import { bankFilterOf, isExamLevel, RULE_FIELDS } from "./paper-set-text";
import { classFilterOf } from "./paper-sets.server";

export type PaperSetRow = components["schemas"]["PaperSetItem"];
export type SectionRow = components["schemas"]["SectionItem"];
export type QuestionRow = components["schemas"]["QuestionListItem"];
export type PrintedQuestionRow = components["schemas"]["PaperSetQuestionItem"];
export type FinalizeProblemRow = components["schemas"]["FinalizeProblem"];
export type SubjectRow = components["schemas"]["SubjectItem"];

export interface PaperSetActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
  /** A section's rule form: which section it was, and what was typed (decision 053). */
  section_id?: number;
  values?: Record<string, string>;
}

const positiveId = (value: string | null) => idOfText(value);

/**
 * /paper-editor-admin/paper-set?id=N: the set (from its level's list), each section's questions
 * as the set prints them (a finalized set's pinned versions, decision 061), the subjects for the
 * blueprint, and what the viewer may do. A subject panel user sees only its own subjects'
 * questions: `hidden` counts the ones it cannot see.
 */
export async function paperSetPageLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context, "paperSets.view");
  const id = positiveId(new URL(request.url).searchParams.get("id"));
  if (!id) throw new Response("There is no such paper set.", { status: 404, statusText: "Not Found" });
  const [sets, subjects, printed] = await Promise.all([
    api.GET("/api/paperset/get-paperset", { params: { query: { id } } }),
    api.GET("/api/subject/get-subjects"),
    api.GET("/api/paperset/questions/{id}", { params: { path: { id } } }),
  ]);
  if (!sets.data) {
    throw new Response(messageOf(sets.error, "The paper set could not be loaded, please try again"), {
      status: sets.response.status >= 400 ? sets.response.status : 502,
    });
  }
  const set = sets.data.data.find((s) => s.id === id);
  if (!set) throw new Response("There is no such paper set.", { status: 404, statusText: "Not Found" });
  const rows = printed.data?.data ?? [];
  return {
    csrf,
    set,
    sections: set.sections.map((section) => {
      const questions = rows.filter((q) => q.section_id === section.id);
      // Unloaded questions count as hidden: a section is saved whole, never from a partial list.
      return { section, questions, hidden: Math.max(0, section.placed - questions.length) };
    }),
    subjects: subjects.data?.data ?? [],
    failure: printed.data ? null : messageOf(printed.error, "The set's questions could not be loaded"),
    may: {
      assemble: can(subject, "paperSets.assemble"),
      finalize: can(subject, "paperSets.finalize"),
      export: can(subject, "paperSets.export"),
    },
  };
}

/**
 * The "Add questions" picker (PAPER_SET_PICKER_PATH, a resource route): reviewed questions of the set's level and class, with
 * the picker's search, subject and page.
 */
export async function questionPickerLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "paperSets.assemble");
  const params = new URL(request.url).searchParams;
  const level: ExamLevel = isExamLevel(params.get("level")) ? (params.get("level") as ExamLevel) : "level1";
  const classId = classFilterOf(params);
  const subjectId = positiveId(params.get("subject_id"));
  const { page, perPage, search } = parseTableQuery(params);
  const { data: list, error } = await api.GET("/api/question/question-list", {
    params: {
      query: {
        ...bankFilterOf(level),
        status: "reviewed",
        page,
        per_page: perPage,
        ...(classId ? { class_id: classId } : {}),
        ...(subjectId ? { subject_id: subjectId } : {}),
        ...(search ? { search } : {}),
      },
    },
  });
  return {
    rows: list?.data.items ?? [],
    total: list?.data.total ?? 0,
    failure: list ? null : messageOf(error, "Questions could not be loaded, please try again"),
  };
}

/** "Check" (`view=check`): what still keeps the set from being finalized. */
export async function finalizeCheckLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "paperSets.view");
  const id = positiveId(new URL(request.url).searchParams.get("id"));
  if (!id) return { problems: [], failure: "There is no such paper set." };
  const { data: found, error } = await api.GET("/api/paperset/finalize-check/{id}", { params: { path: { id } } });
  return {
    problems: found?.data ?? [],
    failure: found ? null : messageOf(error, "The check could not be run, please try again"),
  };
}

/**
 * The set screen's loader: the page, and with `view=check` the check beside it. The check is part
 * of the page, not a fetcher-only answer, so that its address opened on its own (a link, a reload,
 * no JavaScript) shows the page and the check instead of failing for want of the set's data.
 */
export async function paperSetLoader(args: LoaderFunctionArgs) {
  const check = new URL(args.request.url).searchParams.get("view") === "check";
  const [page, checked] = await Promise.all([
    paperSetPageLoader(args),
    check ? finalizeCheckLoader(args) : Promise.resolve(null),
  ]);
  return { ...page, check: checked };
}

export type PaperSetPageData = Awaited<ReturnType<typeof paperSetLoader>>;
export type QuestionPickerData = Awaited<ReturnType<typeof questionPickerLoader>>;
export type FinalizeCheckData = Awaited<ReturnType<typeof finalizeCheckLoader>>;

/** `1,2,3` (or the field repeated) as ids, in order; null when one is not an id. */
export function questionIdsOf(form: FormData): number[] | null {
  const values = form
    .getAll("question_ids")
    .flatMap((v) => String(v).split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  const ids = values.map(Number);
  return ids.every((n) => Number.isSafeInteger(n) && n > 0) ? ids : null;
}

/**
 * The set screen's changes: `update` (the edit dialog's JSON body), `section` (one section's full
 * ordered list), `assemble` (fill from the blueprint) and `finalize`, whose refusal lists every
 * problem in `errors`.
 */
export async function paperSetAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const intent = String(form.get("intent"));
  const { api } = await auth.requireAction(
    request,
    context,
    form,
    intent === "finalize" ? "paperSets.finalize" : "paperSets.assemble",
  );
  const { fail, failFromApi, done } = formAnswers<PaperSetActionData>();
  const id = positiveId(String(form.get("id") ?? ""));
  if (!id) return fail("There is no such paper set.", 404);
  const path = { params: { path: { id } } };

  let result: { data?: { message: string }; error?: { message?: string; errors?: FieldError[] }; response: Response };
  if (intent === "update") {
    let body: unknown;
    try {
      body = JSON.parse(String(form.get("body") ?? ""));
    } catch {
      return fail("The form could not be read. Reload the page and try again.", 400);
    }
    const parsed = parseForm(body, paperSetUpdateBody);
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    result = await api.POST("/api/paperset/update/{id}", { ...path, body: parsed.data });
  } else if (intent === "section") {
    const sectionId = positiveId(String(form.get("section_id") ?? ""));
    const questionIds = questionIdsOf(form);
    if (!sectionId || !questionIds) return fail("The section's questions could not be read.", 400);
    result = await api.POST("/api/paperset/section-questions/{id}", {
      ...path,
      body: { section_id: sectionId, question_ids: questionIds },
    });
  } else if (intent === "rule") {
    // A section's qualifying rule, posted as plain HTML or by script: "" section removes it.
    const sectionId = positiveId(String(form.get("section_id") ?? ""));
    if (!sectionId) return fail("The section could not be read.", 400);
    const values = typedValues(form, RULE_FIELDS);
    const gate = values.counts_if_section?.trim() ?? "";
    const marks = values.counts_if_marks?.trim() ?? "";
    const parsed = parseForm(
      { section_id: sectionId, counts_if_section: gate || null, counts_if_marks: gate ? marks || null : null },
      sectionRuleChangeBody,
    );
    // The answer names its section, and a refusal carries what was typed (decision 053).
    const rule = formAnswers<PaperSetActionData>({ section_id: sectionId }, { values });
    if (!parsed.ok) return rule.fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const saved = await api.POST("/api/paperset/section-rule/{id}", { ...path, body: parsed.data });
    if (!saved.data) return rule.failFromApi(saved, "The rule could not be saved, please try again");
    return rule.done(saved.data.message);
  } else if (intent === "assemble") {
    result = await api.POST("/api/paperset/assemble/{id}", path);
  } else if (intent === "finalize") {
    result = await api.POST("/api/paperset/finalize-paperset", { body: { id } });
  } else {
    return fail("Unknown action.", 400);
  }
  if (!result.data) return failFromApi(result, "The paper set could not be changed, please try again");
  return done(result.data.message);
}

/**
 * /paper-set-export (POST): a set's question paper or answer key in one language, PDF or DOCX,
 * from POST /api/paperset/export-paperset with the user's token, streamed back as a download.
 * A refusal answers JSON `{ message }` for the screen's dialog.
 */
export async function paperSetExportAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const guard = await refusalOf(auth.requireAction(request, context, form, "paperSets.export"));
  if ("refused" in guard) return refusedDownloadJson(await guard.refused.text(), guard.refused.status);
  const parsed = paperExportBody.safeParse({
    paperset_id: form.get("paperset_id"),
    language_id: form.get("language_id"),
    document: form.get("document") || undefined,
    format: form.get("format") || undefined,
  });
  if (!parsed.success) return refusedDownloadJson(parsed.error.issues[0]?.message ?? "Choose what to download.", 400);
  const { error, response } = await guard.api.POST("/api/paperset/export-paperset", {
    body: parsed.data,
    parseAs: "stream",
  });
  if (!response.ok || !response.body) {
    const fallback =
      response.status === 404
        ? "This download is not available yet. Please try again later."
        : "The file could not be made. Please try again.";
    return refusedDownloadJson(messageOf(error, fallback), response.ok ? 502 : response.status);
  }
  return streamDownload(response);
}
