import { createCookie, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { type PageId, pagePath } from "@repo/auth/menus";
import { PORTAL_TIME_ZONE } from "@repo/contracts/locale";
import { EXAM_LEVEL_CODES } from "@repo/contracts/papers-constants";
import { ADMIT_CARD_LEVELS, type AdmitCardLevel } from "@repo/contracts/student-area-constants";
import { auth, env } from "@repo/remix-app/auth.server";
import { messageOf, refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { invoicePath } from "../payment-history/paths";
import { checkoutPath } from "../payments/paths";
import { isStudentLocale, localeInfo, pickLocale, type StudentLocale } from "./locale";
import { en, type StudentWords } from "./words/en";
import { hi } from "./words/hi";
import { ur } from "./words/ur";

/** What the API answers, as its generated client types it. */
export type StudentArea = components["schemas"]["StudentArea"];
export type StudentExam = StudentArea["exams"][number];
export type StudentResult = components["schemas"]["StudentResult"];
export type ResultSummary = components["schemas"]["StudentResultSummary"];
type Level = (typeof EXAM_LEVEL_CODES)[number];

// The dictionaries stay on the server: a page gets its own language's words with its data.
const WORDS: Record<StudentLocale, StudentWords> = { en, hi, ur };

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

/** Dates as the student reads them, written on the server so the page hydrates to the same text. */
function formats(intl: string) {
  const at = new Intl.DateTimeFormat(intl, { dateStyle: "full", timeStyle: "short", timeZone: PORTAL_TIME_ZONE });
  const day = new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: PORTAL_TIME_ZONE });
  // An important date is a calendar day (YYYY-MM-DD): read at noon UTC so no time zone moves it.
  const calendar = new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: "UTC" });
  const noon = (isoDay: string) => new Date(`${isoDay}T12:00:00Z`);
  return {
    at: (iso: string) => at.format(new Date(iso)),
    day: (iso: string) => day.format(new Date(iso)),
    days: (start: string, end: string | null) =>
      end && end !== start ? calendar.formatRange(noon(start), noon(end)) : calendar.format(noon(start)),
  };
}

/** A date ahead on the home page: an exam of the student's class, or an important date. */
export interface DateAhead {
  key: string;
  when: string;
  level: Level | null;
  title: string | null;
}

function homeView(area: StudentArea, intl: string, now: Date) {
  const format = formats(intl);
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
      when: area ? homeView(area, locale.intl, new Date()) : null,
      links: {
        payMyFee: pagePath("school", "pay-my-fee"),
        continuePayment: area?.payment.open_order_id ? checkoutPath(area.payment.open_order_id) : null,
        receipt: area?.payment.receipt ? invoicePath(area.payment.receipt.order_id) : null,
        study: STUDY_PAGES.map((id) => ({ id, href: pagePath("school", id) })),
      },
      failure: area ? null : messageOf(answer.error, words.failed),
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
  const { locale, words, headers } = await studentLocaleOf(request, result?.student.language);
  const status = explained.response.status;
  if (!result && status !== 404) {
    throw new Response(messageOf(explained.error, words.failed), { status });
  }
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

/** /student/admit-card/<level>: the student's admit card PDF, or the API's reason as plain text. */
export async function admitCardLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "student.area");
  const level = rankedLevel(params.level);
  if (!level) return refusedDownload("There is no such admit card.", 404);
  const { response, error } = await api.GET("/api/student/admit-card/{level}", {
    params: { path: { level } },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) {
    return refusedDownload(messageOf(error, "Your admit card is not ready yet."), response.status === 409 ? 409 : 404);
  }
  return streamDownload(response);
}

/** /student/certificate/<level>: the student's own certificate PDF. */
export async function ownCertificateLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "student.area");
  const level = rankedLevel(params.level);
  if (!level) return refusedDownload("There is no such certificate.", 404);
  const { response, error } = await api.GET("/api/student/certificate/{level}", {
    params: { path: { level } },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) return refusedDownload(messageOf(error, "There is no such certificate."), 404);
  return streamDownload(response);
}
