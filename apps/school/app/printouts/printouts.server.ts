import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { ROLE } from "@repo/auth/roles";
import { PRINTOUT_PAGES } from "@repo/auth/student-paths";
import { ADMIT_CARD_LEVELS, SLIP_AUDIENCE_CODES } from "@repo/contracts/school-printouts-constants";
import type { AdmitCardLevel } from "@repo/contracts/student-area-constants";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";

export type AdmitCardsSummary = components["schemas"]["AdmitCardsSummary"];
export type SlipsPreview = components["schemas"]["SignInSlipsPreview"];
export type JobItem = components["schemas"]["JobItem"];

const pick = <T extends string | number>(values: readonly T[], raw: string | null | undefined): T | undefined =>
  values.find((value) => String(value) === raw);
const positive = (raw: string | null | undefined) => {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/** The page's choices from its URL (or a posted form): level, class, a master institute's school. */
export function printoutQueryFrom(params: { get(name: string): string | null | FormDataEntryValue }) {
  const text = (name: string) => {
    const value = params.get(name);
    return typeof value === "string" ? value : null;
  };
  const query: { level: AdmitCardLevel; class_level?: number; school_id?: number } = {
    level: pick(ADMIT_CARD_LEVELS, text("level")) ?? "level1",
  };
  const classLevel = pick(CLASS_LEVELS, text("class_level"));
  if (classLevel) query.class_level = classLevel;
  const school = positive(text("school_id"));
  if (school) query.school_id = school;
  return query;
}

/** The page's address for these choices (and a job to follow, a message to show). */
export function printoutPageUrl(query: ReturnType<typeof printoutQueryFrom>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  params.set("level", query.level);
  if (query.class_level) params.set("class_level", String(query.class_level));
  if (query.school_id) params.set("school_id", String(query.school_id));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `${PRINTOUT_PAGES.page}?${params}`;
}

/**
 * /student/admit-cards: what a run of the chosen level and class prints and leaves out, a class's
 * sign-in reach, the institute's schools, and the run being followed (?job=), all without JavaScript.
 */
export async function printoutsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context, "students.admitCards");
  const url = new URL(request.url);
  const query = printoutQueryFrom(url.searchParams);
  const institute = subject.roleId === ROLE.masterInstitute;
  const choices = institute ? await api.GET("/api/master-institute/schools/choices") : null;
  const schools = choices?.data?.data.map((school) => ({ value: String(school.id), label: school.name })) ?? null;
  // A master institute prints for one school at a time: its first until it picks one.
  if (institute && !query.school_id && schools?.[0]) query.school_id = Number(schools[0].value);
  const jobId = positive(url.searchParams.get("job"));
  const [summary, preview, job] = await Promise.all([
    api.GET("/api/school/admit-cards", { params: { query } }),
    query.class_level
      ? api.GET("/api/school/sign-in-slips", {
          params: {
            query: { class_level: query.class_level, ...(query.school_id ? { school_id: query.school_id } : {}) },
          },
        })
      : null,
    jobId ? api.GET("/api/jobs/{id}", { params: { path: { id: jobId } } }) : null,
  ]);
  return {
    csrf,
    query,
    schools,
    summary: summary.data?.data ?? null,
    failure: summary.data ? null : messageOf(summary.error, "The admit cards could not be counted, please try again"),
    preview: preview?.data?.data ?? null,
    job: job?.data?.data ?? null,
    jobId: jobId ?? null,
    /** A refusal the slips route sent back here (a plain form cannot show it otherwise). */
    problem: url.searchParams.get("problem"),
  };
}

/** POST: starts the admit-cards run and follows it on the page (?job=), or says why not. */
export async function printoutsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "students.admitCards");
  const query = printoutQueryFrom(form);
  const started = await api.POST("/api/school/admit-cards", { body: query });
  if (!started.data) {
    const message = messageOf(started.error, "The admit cards could not be started, please try again");
    return redirect(printoutPageUrl(query, { problem: message }), 303);
  }
  return redirect(printoutPageUrl(query, { job: String(started.data.data.job_id) }), 303);
}

/** /student/admit-cards/<job>: a finished run's PDF, for whoever started it (a resource route). */
export async function admitCardsFileLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "students.admitCards");
  const jobId = positive(params.job);
  if (!jobId) return refusedDownload("There is no such file.", 404);
  const { response, error } = await api.GET("/api/school/admit-cards/{job_id}/file", {
    params: { path: { job_id: jobId } },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) {
    return refusedDownload(messageOf(error, "There is no such file."), response.status === 401 ? 401 : response.status);
  }
  return streamDownload(response);
}

/**
 * POST /student/sign-in-slips: one student's slip (student_id) or a class's, as the PDF download.
 * A plain form posts here, so a refusal goes back to the page it came from with the message.
 */
export async function slipsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "students.signInSlips");
  const studentId = positive(String(form.get("student_id") ?? ""));
  const back = (message: string) => {
    const from = String(form.get("back") ?? "");
    const target = from.startsWith("/") && !from.startsWith("//") ? new URL(from, "http://x") : null;
    const url = target ?? new URL(printoutPageUrl(printoutQueryFrom(form)), "http://x");
    url.searchParams.set("problem", message);
    return redirect(`${url.pathname}${url.search}`, 303);
  };
  if (studentId) {
    const { response, error } = await api.POST("/api/school/students/{id}/sign-in-slip", {
      params: { path: { id: studentId } },
      parseAs: "stream",
    });
    if (!response.ok || !response.body)
      return back(messageOf(error, "The slip could not be printed, please try again"));
    return streamDownload(response);
  }
  const query = printoutQueryFrom(form);
  if (!query.class_level) return back("Choose a class for its sign-in slips");
  const audience = pick(SLIP_AUDIENCE_CODES, String(form.get("audience") ?? "")) ?? "never_signed_in";
  const { response, error } = await api.POST("/api/school/sign-in-slips", {
    body: {
      class_level: query.class_level,
      ...(query.school_id ? { school_id: query.school_id } : {}),
      audience,
      confirm: form.get("confirm") === "on",
    },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) {
    const fields = (error as { errors?: { message: string }[] } | undefined)?.errors;
    return back(fields?.[0]?.message ?? messageOf(error, "The slips could not be printed, please try again"));
  }
  return streamDownload(response);
}
