import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { can } from "@repo/auth/permissions";
import type { FieldError } from "@repo/contracts/envelope";
import type { ExamLevel } from "@repo/contracts/fees";
import { paperSetCreateBody } from "@repo/contracts/papers";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";

/** A paper set as the API's generated client types it. */
export type PaperSetRow = components["schemas"]["PaperSetItem"];

export interface PaperSetsActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
  /** The set made (created or copied), to open it. */
  id?: number;
}

/** The list's class filter (`class_id`, 6-11) from the URL, if it names a class. */
export function classFilterOf(params: URLSearchParams): number | undefined {
  const value = Number(params.get("class_id"));
  return (CLASS_LEVELS as readonly number[]).includes(value) ? value : undefined;
}

/**
 * One level's paper sets (Level 1, Level 2, mock) of the open exam year, for the URL's class, and
 * what the viewer may do with them (the API refuses the rest anyway).
 */
export async function paperSetsLoader(level: ExamLevel, { request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context, "paperSets.view");
  const classId = classFilterOf(new URL(request.url).searchParams);
  const list = await api.GET("/api/paperset/get-paperset", {
    params: { query: { exam_level: level, ...(classId ? { class_id: classId } : {}) } },
  });
  return {
    csrf,
    level,
    classId: classId ?? null,
    rows: list.data?.data ?? [],
    failure: list.data ? null : messageOf(list.error, "Paper sets could not be loaded, please try again"),
    may: {
      create: can(subject, "paperSets.assemble"),
      copy: level === "mock" && can(subject, "paperSets.copyMock"),
    },
  };
}

/**
 * create: a new draft set of the page's level (languages arrive one field each; English is always
 * among them); copy: a mock set into a new draft. Checked with the API's own schema, then by it.
 */
export async function paperSetsAction(level: ExamLevel, { request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const intent = String(form.get("intent"));
  const { fail, failFromApi, done } = formAnswers<PaperSetsActionData>();
  if (intent === "copy") {
    const { api } = await auth.requireAction(request, context, form, "paperSets.copyMock");
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || id < 1) return fail("Choose a mock paper set to copy.", 400);
    const { data: copied, error, response } = await api.POST("/api/paperset/copy-mock-paperset", { body: { id } });
    if (!copied) return failFromApi({ error, response }, "The paper set could not be copied");
    return done(`${copied.message} It is ${copied.data.code}.`, { id: copied.data.id });
  }
  if (intent !== "create") return fail("Unknown action.", 400);

  const { api } = await auth.requireAction(request, context, form, "paperSets.assemble");
  const languages = ["en", ...form.getAll("languages").map(String)].filter((code, i, all) => all.indexOf(code) === i);
  const parsed = parseForm(
    {
      exam_level: level,
      class_id: form.get("class_id"),
      name: form.get("name") ?? "",
      code: form.get("code") ?? "",
      languages,
    },
    paperSetCreateBody,
  );
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const { data: created, error, response } = await api.POST("/api/paperset/create", { body: parsed.data });
  if (!created) return failFromApi({ error, response }, "The paper set could not be created");
  return done(created.message, { id: created.data.id });
}
