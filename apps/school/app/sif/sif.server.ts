import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import type { FieldError } from "@repo/contracts/envelope";
import { sifRegistrationBody } from "@repo/contracts/sif";
import { normalizeReferralCode, REFERRAL_CODE_PATTERN, SIF_REFERRAL_PARAM } from "@repo/contracts/sif-constants";
import { auth } from "@repo/remix-app/auth.server";
import { typedValues } from "@repo/remix-app/forms/answer";
import { CORRECT_THE_FIELDS, FOREIGN_FORM, formAnswers, parseForm, readPublicForm } from "@repo/remix-app/forms/server";
import { firstPickers, type RegionChoices, regionChoices } from "../register/register.server";

export type SifSchoolOption = components["schemas"]["SifSchoolPage"]["items"][number];
export type SifRegistered = components["schemas"]["SifRegistrationData"];

export interface SifRegisterActionData {
  ok: boolean;
  message: string;
  registered?: SifRegistered;
  errors?: FieldError[];
  /** What was typed, shown again when the form is refused (or asks for choices without JavaScript). */
  values?: Record<string, string>;
  regions?: RegionChoices;
  /** The school search's answer, for the form without JavaScript. */
  schools?: SifSchoolOption[];
}

/** The fields of a school that is not listed. */
const UNLISTED_FIELDS: readonly string[] = ["unlisted_school_name", "zone_id", "state_id", "prant_id", "district_id"];

/** Fields the form posts besides the API's: the country of the pickers, the search, the "not listed" box. */
const FORM_EXTRAS = ["country_id", "school_search", "unlisted"] as const;

/** The form's fields by their API names (pickers and numbers post as text). */
export const SIF_FIELDS = [
  "first_name",
  "last_name",
  "class_level",
  "language",
  "gender",
  "date_of_birth",
  "parent_name",
  "phone",
  "email",
  "school_id",
  "unlisted_school_name",
  "zone_id",
  "state_id",
  "prant_id",
  "district_id",
  "referral_code",
] as const;

/** /sif/register: public; the countries start the unlisted school's pickers; ?ref= pre-fills the code. */
export async function sifRegisterLoader({ request, context }: LoaderFunctionArgs) {
  const pickers = await firstPickers(auth.apiFor(request, context));
  const ref = normalizeReferralCode(new URL(request.url).searchParams.get(SIF_REFERRAL_PARAM) ?? "");
  return {
    ...pickers,
    referralCode: REFERRAL_CODE_PATTERN.test(ref) ? ref : "",
    // After registering, signing in leads straight to paying the fee.
    payHref: `/login?redirectTo=${encodeURIComponent(pagePath("school", "pay-my-fee"))}`,
  };
}

/** Posts the registration after checking it with the API's own schema; the Origin check stands in for a session. */
export async function sifRegisterAction({ request, context }: ActionFunctionArgs) {
  const form = await readPublicForm(request, auth.appOrigin);
  if (!form) return formAnswers<SifRegisterActionData>().fail(FOREIGN_FORM, 403);
  const typed = typedValues(form, [...SIF_FIELDS, ...FORM_EXTRAS]);
  // Without JavaScript the form asks the server for the pickers' choices or the school search.
  const intent = form.get("intent");
  if (intent === "regions") {
    const answer = await regionChoices(request, context, form, [...SIF_FIELDS, ...FORM_EXTRAS]);
    return data<SifRegisterActionData>({ ...answer, values: { ...answer.values, unlisted: "on", school_id: "" } });
  }
  if (intent === "schools") {
    const found = await searchSchools(request, context, typed.school_search ?? "");
    // Nothing is saved: the form comes again with what was typed and the schools found (200).
    const again = { values: { ...typed, unlisted: "" }, schools: found.items };
    return formAnswers<SifRegisterActionData>({}, again).fail(found.message ?? "", 200);
  }
  // A refused form comes back with what was typed, and the lists its choices were made from.
  const again = async (): Promise<Pick<SifRegisterActionData, "values" | "regions" | "schools">> => {
    const regions =
      typed.unlisted === "on" ? await regionChoices(request, context, form, [...SIF_FIELDS, ...FORM_EXTRAS]) : null;
    const found = typed.school_search ? await searchSchools(request, context, typed.school_search) : null;
    return { values: regions?.values ?? typed, regions: regions?.regions, schools: found?.items };
  };
  // Without JavaScript both ways of giving the school are in the page: the "not listed" box, or
  // else a school picked from the list, says which one counts.
  const unlisted = typed.unlisted === "on";
  const listed = !unlisted && Boolean(typed.school_id);
  const values = Object.fromEntries(
    SIF_FIELDS.map((field) => {
      const dropped = field === "school_id" ? unlisted : listed && UNLISTED_FIELDS.includes(field);
      return [field, dropped ? "" : String(form.get(field) ?? "")];
    }),
  );
  const parsed = parseForm(values, sifRegistrationBody);
  if (!parsed.ok)
    return formAnswers<SifRegisterActionData>({}, await again()).fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const api = auth.apiFor(request, context);
  const result = await api.POST("/api/sif/register/student", { body: parsed.data });
  if (!result.data) {
    return formAnswers<SifRegisterActionData>({}, await again()).failFromApi(
      result,
      "Registration failed. Please try again.",
    );
  }
  return data<SifRegisterActionData>({ ok: true, message: result.data.message, registered: result.data.data });
}

/** /sif/register/schools?search=…: one page of the school search. */
export function sifSchoolsLoader({ request, context }: LoaderFunctionArgs) {
  return searchSchools(request, context, new URL(request.url).searchParams.get("search") ?? "");
}

async function searchSchools(request: Request, context: LoaderFunctionArgs["context"], text: string) {
  const search = text.trim().slice(0, 100);
  if (search.length < 2) return { search, items: [] as SifSchoolOption[], total: 0, message: null };
  const { data: answer, error } = await auth.apiFor(request, context).GET("/api/sif/list/schools", {
    params: { query: { search, per_page: 20 } },
  });
  return {
    search,
    items: answer?.data.items ?? [],
    total: answer?.data.total ?? 0,
    message: answer ? null : (error?.message ?? "The schools could not be searched. Please try again."),
  };
}

export interface ReferralCheck {
  code: string;
  school: string | null;
  message: string;
}

/** /sif/register/referral?code=…: whose referral code this is, in the API's words. */
export async function sifReferralLoader({ request, context }: LoaderFunctionArgs) {
  const code = normalizeReferralCode(new URL(request.url).searchParams.get("code") ?? "").slice(0, 40);
  if (!REFERRAL_CODE_PATTERN.test(code)) {
    return data<ReferralCheck>({ code, school: null, message: "A referral code has 4 to 20 letters and digits" });
  }
  const { data: answer, error } = await auth
    .apiFor(request, context)
    .GET("/api/sif/referral-code/{code}", { params: { path: { code } } });
  return data<ReferralCheck>({
    code,
    school: answer?.data.school_name ?? null,
    message: answer?.message ?? error?.message ?? "The code could not be checked",
  });
}
