import { createCookie, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { type PageId, pagePath } from "@repo/auth/menus";
import { isApiUnavailable } from "@repo/auth/remix/unavailable";
import { dateFormats } from "@repo/contracts/locale";
import { EXAM_LEVEL_CODES } from "@repo/contracts/papers-constants";
import { ADMIT_CARD_LEVELS, type AdmitCardLevel } from "@repo/contracts/student-area-constants";
import type { StudentWords } from "@repo/contracts/student-words";
import { WORDS } from "@repo/contracts/student-words";
import { fill } from "@repo/contracts/student-words/fill";
import { auth, env } from "@repo/remix-app/auth.server";
import { streamDownload } from "@repo/remix-app/downloads/server";
import { invoicePath } from "../payment-history/paths";
import { checkoutPath } from "../payments/paths";
import { isStudentLocale, localeInfo, pickLocale } from "./locale";
import { type StudentFile, studentProblemPath } from "./paths";

/** What the API answers, as its generated client types it. */
export type StudentArea = components["schemas"]["StudentArea"];
export type StudentExam = StudentArea["exams"][number];
export type StudentResult = components["schemas"]["StudentResult"];
export type ResultSummary = components["schemas"]["StudentResultSummary"];
type Level = (typeof EXAM_LEVEL_CODES)[number];

/** The student area's pages for studying, in the order the home page lists them (decision 025). */
export const STUDY_PAGES = [
  "study-material",
  "syllabus-1",
  "syllabus-2",
  "detailed-syllabus",
  "lecture-series",
  "mock-instructions",
  "how-to-attempt",
  "level-1-exam",
  "download-app",
] as const satisfies readonly PageId<"school">[];

/** The language a student chose on the language switch, remembered for its next pages. */
const languageCookie = createCookie(
  env.NODE_ENV === "production" ? "__Host-student-language" : "school_student_language",
  {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production",
    maxAge: 365 * 24 * 60 * 60,
  },
);

/**
 * The page's language: `?lang=` (the switch; then remembered), the remembered choice, the
 * student's exam language when a dictionary exists, else English.
 */
export async function studentLocaleOf(request: Request, examLanguage: string | null | undefined) {
  const asked = new URL(request.url).searchParams.get("lang");
  const remembered: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  const code = pickLocale(asked, isStudentLocale(remembered) ? remembered : null, examLanguage);
  const headers = new Headers();
  if (isStudentLocale(asked) && asked !== remembered) headers.set("Set-Cookie", await languageCookie.serialize(asked));
  return { locale: localeInfo(code), words: WORDS[code], headers };
}

/**
 * Dates as the student reads them (contracts' dateFormats, the one formatter), written on the
 * server so the page hydrates to the same text; a time goes where the language puts it.
 */
function formats(code: string, words: StudentWords) {
  const format = dateFormats(code);
  return { ...format, at: (iso: string) => format.at(iso, words.dateTime) };
}

/** A date ahead on the home page: an exam of the student's class, or an important date. */
export interface DateAhead {
  key: string;
  when: string;
  level: Level | null;
  title: string | null;
}

function homeView(area: StudentArea, code: string, words: StudentWords, now: Date) {
  const format = formats(code, words);
  const exams = Object.fromEntries(
    area.exams.flatMap((exam) => (exam.schedule ? [[exam.level, format.at(exam.schedule.starts_at)]] : [])),
  ) as Partial<Record<Level, string>>;
  const ahead = [
    ...area.exams.flatMap((exam) =>
      exam.schedule && new Date(exam.schedule.starts_at) > now
        ? [
            {
              sort: exam.schedule.starts_at,
              key: `exam-${exam.level}`,
              when: exams[exam.level] ?? "",
              level: exam.level,
              title: null,
            },
          ]
        : [],
    ),
    ...area.important_dates.map((date) => ({
      sort: `${date.start_date}T12:00:00Z`,
      key: `date-${date.id}`,
      when: format.days(date.start_date, date.end_date),
      level: null,
      title: date.title,
    })),
  ]
    .sort((a, b) => a.sort.localeCompare(b.sort))
    .map(({ sort: _sort, ...item }): DateAhead => item);
  return {
    registered: format.day(area.student.registered_at),
    paid: area.payment.paid_at ? format.day(area.payment.paid_at) : null,
    exams,
    ahead,
  };
}

/** /student: the student's card, the year's steps, its exams, the dates ahead and what to study. */
export async function studentHomeLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "student.area");
  const answer = await api.GET("/api/student/me");
  const area = answer.data?.data ?? null;
  const { locale, words, headers } = await studentLocaleOf(request, area?.student.language);
  return data(
    {
      locale,
      words,
      area,
      when: area ? homeView(area, locale.code, words, new Date()) : null,
      links: {
        payMyFee: pagePath("school", "pay-my-fee"),
        continuePayment: area?.payment.open_order_id ? checkoutPath(area.payment.open_order_id) : null,
        receipt: area?.payment.receipt ? invoicePath(area.payment.receipt.order_id) : null,
        study: STUDY_PAGES.map((id) => ({ id, href: pagePath("school", id) })),
      },
      failure: area ? null : words.failed,
    },
    { headers },
  );
}

/** /student/results?level=…: one level's explained score, and the levels the student has results of. */
export async function studentResultsLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "student.area");
  const raw = new URL(request.url).searchParams.get("level");
  const level = EXAM_LEVEL_CODES.find((code) => code === raw) ?? "level1";
  const [explained, summaries] = await Promise.all([
    api.GET("/api/student/results/{level}/explained", { params: { path: { level } } }),
    api.GET("/api/student/results"),
  ]);
  const result = explained.data?.data ?? null;
  // No result yet: the student's language still comes from its registration, not English.
  const language = result ? result.student.language : await examLanguageOf(api);
  const { locale, words, headers } = await studentLocaleOf(request, language);
  const status = explained.response.status;
  if (!result && status !== 404) throw studentProblem({ locale, words, headers }, "failed", status);
  return data(
    {
      locale,
      words,
      level,
      result,
      levels: summaries.data?.data.map((summary) => summary.level) ?? [],
      home: pagePath("school", "student-home"),
    },
    { headers },
  );
}

/** Whose it is the API decides from the session; this route only passes the level on. */
const rankedLevel = (raw: string | undefined): AdmitCardLevel | undefined => ADMIT_CARD_LEVELS.find((l) => l === raw);

type Api = Awaited<ReturnType<typeof auth.requirePage>>["api"];

/** The student's exam language, from its registration (null when the API cannot say). */
async function examLanguageOf(api: Api): Promise<string | null> {
  const me = await api.GET("/api/student/me");
  return me.data?.data.student.language ?? null;
}

type Problem = "missing" | "failed" | "not_made" | "admit_card" | "certificate";

/**
 * A problem page of the student area in the student's language (issue 35 item 7): what it is
 * and what to do, with the way back to its exams; the app's error boundary shows it when thrown.
 */
function studentProblem(
  { locale, words, headers }: Awaited<ReturnType<typeof studentLocaleOf>>,
  problem: Problem,
  status: number,
  detail: { level?: AdmitCardLevel; reason?: keyof StudentWords["admitCardReasons"] | null } = {},
) {
  const p = words.problems;
  const level = detail.level ? words.levels[detail.level] : "";
  const texts: Record<Problem, { title: string; message: string }> = {
    missing: { title: p.missingTitle, message: p.missingHelp },
    failed: { title: p.failedTitle, message: words.failed },
    not_made: { title: p.notMadeTitle, message: p.notMadeHelp },
    admit_card: {
      title: fill(p.admitCardTitle, { level }),
      message: detail.reason ? words.admitCardReasons[detail.reason] : p.notMadeHelp,
    },
    certificate: { title: fill(p.certificateTitle, { level }), message: p.certificateHelp },
  };
  headers.set("Cache-Control", "private, no-store");
  return data(
    { studentProblem: { locale, words, status, ...texts[problem], home: pagePath("school", "student-home") } },
    { status, headers },
  );
}
export type StudentProblem = ReturnType<typeof studentProblem>["data"]["studentProblem"];

/**
 * /student/unavailable/<file>/<level>: why a file the student asked for cannot be given, in its
 * language and the app's look, with the status the API gave (409 not yet, 404 none).
 */
export async function studentUnavailableLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "student.area");
  const answer = await api.GET("/api/student/me");
  const area = answer.data?.data ?? null;
  const said = await studentLocaleOf(request, area?.student.language);
  const level = rankedLevel(params.level);
  const file = params.file as StudentFile | undefined;
  if (!level || (file !== "admit-card" && file !== "certificate")) return studentProblem(said, "missing", 404);
  if (!area) return studentProblem(said, "failed", isApiUnavailable(answer.response) ? 503 : 404);
  if (file === "certificate") {
    const summary = await api.GET("/api/student/results");
    const has = summary.data?.data.some((s) => s.level === level && s.certificate);
    return studentProblem(said, has ? "not_made" : "certificate", has ? 503 : 404, { level });
  }
  const reason = area.exams.find((exam) => exam.level === level)?.admit_card?.reason ?? null;
  // Level 2 is not listed until Level 1 selects the student.
  const why = reason ?? (level === "level2" && !area.exams.some((e) => e.level === "level2") ? "not_selected" : null);
  return studentProblem(said, "admit_card", why ? 409 : 503, { level, reason: why });
}

/** A refused file: its problem page, where the student reads why in its own language. */
const refusedFile = (file: StudentFile, raw: string | undefined) => redirect(studentProblemPath(file, raw ?? "-"), 303);

/** /student/admit-card/<level>: the student's admit card PDF, or the page saying why not. */
export async function admitCardLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "student.area");
  const level = rankedLevel(params.level);
  if (!level) return refusedFile("admit-card", params.level);
  const { response } = await api.GET("/api/student/admit-card/{level}", {
    params: { path: { level } },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) return refusedFile("admit-card", level);
  return streamDownload(response);
}

/** /student/certificate/<level>: the student's own certificate PDF, or the page saying why not. */
export async function ownCertificateLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "student.area");
  const level = rankedLevel(params.level);
  if (!level) return refusedFile("certificate", params.level);
  const { response } = await api.GET("/api/student/certificate/{level}", {
    params: { path: { level } },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) return refusedFile("certificate", level);
  return streamDownload(response);
}
