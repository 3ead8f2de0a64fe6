import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import {
  CERTIFICATE_LEVELS,
  CERTIFICATE_OUTPUT_CODES,
  type CertificateLevel,
  type CertificateOutput,
} from "@repo/contracts/certificates-constants";
import { regionPaths } from "@repo/contracts/geography-constants";
import { idOfText } from "@repo/contracts/numbers-constants";
import { auth } from "@repo/remix-app/auth.server";
import { optionsOf } from "@repo/remix-app/content/choices";
import { bulkCertificatesDownload, certificateDownload } from "@repo/remix-app/downloads/certificates";
import { messageOf } from "@repo/remix-app/downloads/server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";

const pick = <T extends string>(values: readonly T[], raw: string | null | undefined): T | undefined =>
  values.find((value) => value === raw);
const positive = (raw: string | null | undefined) => idOfText(raw) ?? undefined;

/** What the page's URL chose: the level and the state, district and school (each narrowing the one above). */
export function choiceFrom(params: URLSearchParams) {
  return {
    level: pick(CERTIFICATE_LEVELS, params.get("level")) ?? ("level1" as CertificateLevel),
    stateId: positive(params.get("state_id")),
    districtId: positive(params.get("district_id")),
    schoolId: positive(params.get("school_id")),
  };
}

/**
 * /result-overview/certificates: the pickers of a bulk run, each offering what the viewer's region
 * holds under the one chosen above it (the API scopes every list).
 */
export async function certificatesLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "results.view");
  const choice = choiceFrom(new URL(request.url).searchParams);
  const [states, districts, schools] = await Promise.all([
    api.POST(regionPaths("state").pick, { body: {} }),
    choice.stateId ? api.POST(regionPaths("district").pick, { body: { state_ids: [choice.stateId] } }) : null,
    choice.districtId
      ? api.POST("/api/region/schools", {
          body: { district_ids: [choice.districtId], per_page: 100, sort: "name", direction: "asc" },
        })
      : null,
  ]);
  return {
    csrf,
    choice,
    states: optionsOf(states.data?.data),
    districts: optionsOf(districts?.data?.data),
    schools: optionsOf(schools?.data?.data.items),
    /** A district with more schools than the picker shows. */
    moreSchools: (schools?.data?.data.total ?? 0) > (schools?.data?.data.items.length ?? 0),
    failure: states.data ? null : messageOf(states.error, "Your regions could not be loaded, please try again"),
  };
}

export type BulkAnswer = { ok: true; jobId: number; message: string } | (FormAnswer & { ok: false });

/** Starts the bulk run of the narrowest place chosen: the school, else the district, else the state. */
export async function certificatesAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "results.view");
  const { fail, failFromApi } = formAnswers<BulkAnswer>();
  const level = pick(CERTIFICATE_LEVELS, String(form.get("level") ?? ""));
  if (!level) return fail("Choose Level 1 or Level 2", 400);
  const output: CertificateOutput = pick(CERTIFICATE_OUTPUT_CODES, String(form.get("output") ?? "")) ?? "pdf";
  const school = positive(String(form.get("school_id") ?? ""));
  const district = positive(String(form.get("district_id") ?? ""));
  const state = positive(String(form.get("state_id") ?? ""));
  const scope = school
    ? { school_id: school }
    : district
      ? { district_id: district }
      : state
        ? { state_id: state }
        : null;
  if (!scope) return fail("Choose a state, a district or a school", 400);
  const started = await api.POST("/api/certificates/bulk", { body: { level, output, ...scope } });
  if (!started.data) return failFromApi(started, "The certificates could not be started, please try again");
  return data<BulkAnswer>({ ok: true, jobId: started.data.data.job_id, message: started.data.message });
}

/** One student's certificate PDF (a resource route: no page). */
export const coordinatorCertificateLoader = (args: LoaderFunctionArgs) => certificateDownload(args, "results.view");

/** A finished bulk run's PDF or zip, for whoever started it (a resource route: no page). */
export const coordinatorBulkFileLoader = (args: LoaderFunctionArgs) => bulkCertificatesDownload(args, "results.view");
