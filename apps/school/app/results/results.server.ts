import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { ROLE } from "@repo/auth/roles";
import {
  CERTIFICATE_LEVELS,
  CERTIFICATE_OUTPUT_CODES,
  type CertificateOutput,
  SCHOOL_RESULT_LEVELS,
} from "@repo/contracts/certificates-constants";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { bulkCertificatesDownload, certificateDownload } from "@repo/remix-app/downloads/certificates";
import { messageOf } from "@repo/remix-app/downloads/server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

/** A row of the Results list as the API's generated client types it. */
export type OwnSchoolResultRow = components["schemas"]["OwnSchoolResultRow"];
type ResultsQuery = NonNullable<operations["getSchoolResults"]["parameters"]["query"]>;
export type ResultLevel = (typeof SCHOOL_RESULT_LEVELS)[number];

const pick = <T extends string | number>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => String(value) === raw);
const positive = (raw: string | null) => {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/** The list's query from the page's URL (`level`, `class_level`, `school_id`, `search`, paging), known values only. */
export function resultsQueryFrom(params: URLSearchParams): ResultsQuery & { level: ResultLevel } {
  const { page, perPage, search } = parseTableQuery(params);
  const query: ResultsQuery & { level: ResultLevel } = {
    level: pick(SCHOOL_RESULT_LEVELS, params.get("level")) ?? "level1",
    page,
    per_page: perPage,
  };
  const classLevel = pick(CLASS_LEVELS, params.get("class_level"));
  if (classLevel) query.class_level = classLevel;
  const school = positive(params.get("school_id"));
  if (school) query.school_id = school;
  if (search) query.search = search;
  return query;
}

/** Results: the school's students with sheets of a level, their marks, ranks, awards and certificates. */
export async function resultsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context, "results.own");
  const query = resultsQueryFrom(new URL(request.url).searchParams);
  const [list, choices] = await Promise.all([
    api.GET("/api/school/results", { params: { query } }),
    // A master institute narrows the list to one of its schools.
    subject.roleId === ROLE.masterInstitute ? api.GET("/api/master-institute/schools/choices") : null,
  ]);
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    level: query.level,
    filters,
    schools: choices?.data?.data.map((school) => ({ value: String(school.id), label: school.name })) ?? null,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : messageOf(list.error, "Results could not be loaded, please try again"),
  };
}

/** What starting a bulk run answers the screen: the job to follow, or why it did not start. */
export type BulkAnswer = { ok: true; jobId: number; message: string } | (FormAnswer & { ok: false });

/** Results (POST): starts the bulk run of the level's certificates (the school's own, or one of the institute's schools). */
export async function resultsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "results.own");
  const { fail, failFromApi } = formAnswers<BulkAnswer>();
  const level = pick(CERTIFICATE_LEVELS, String(form.get("level") ?? ""));
  if (!level) return fail("Choose Level 1 or Level 2", 400);
  const output: CertificateOutput = pick(CERTIFICATE_OUTPUT_CODES, String(form.get("output") ?? "")) ?? "pdf";
  const school = positive(String(form.get("school_id") ?? ""));
  const started = await api.POST("/api/certificates/bulk", {
    body: { level, output, ...(school ? { school_id: school } : {}) },
  });
  if (!started.data) return failFromApi(started, "The certificates could not be started, please try again");
  return data<BulkAnswer>({ ok: true, jobId: started.data.data.job_id, message: started.data.message });
}

/** One student's certificate PDF (a resource route: no page). */
export const certificateLoader = (args: LoaderFunctionArgs) => certificateDownload(args, "results.own");

/** A finished bulk run's PDF or zip, for whoever started it (a resource route: no page). */
export const bulkFileLoader = (args: LoaderFunctionArgs) => bulkCertificatesDownload(args, "results.own");
