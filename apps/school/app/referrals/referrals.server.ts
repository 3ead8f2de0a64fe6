import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { REFERRAL_STATUSES } from "@repo/contracts/referrals-constants";
import { CLASS_LEVELS, PAYMENT_STATUSES } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

/** A referred student as the API's generated client types it. */
export type ReferredStudentRow = components["schemas"]["ReferredStudentRow"];
export type EarningsDashboard = components["schemas"]["EarningsDashboard"];
type ListQuery = NonNullable<operations["getSchoolsReferralStudent"]["parameters"]["query"]>;

export interface ReferralActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

const pick = <T extends string | number>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => String(value) === raw);

/** The referred-students list query from the URL: paging, search and known filter values only. */
export function referredListQueryFrom(params: URLSearchParams): ListQuery {
  const { page, perPage, search } = parseTableQuery(params);
  const query: ListQuery = { page, per_page: perPage };
  if (search) query.search = search;
  const status = pick(REFERRAL_STATUSES, params.get("referral_status"));
  if (status) query.referral_status = status;
  const payment = pick(
    PAYMENT_STATUSES.map((s) => s.code),
    params.get("payment_status"),
  );
  if (payment) query.payment_status = payment;
  const classLevel = pick(CLASS_LEVELS, params.get("class_level"));
  if (classLevel) query.class_level = classLevel;
  return query;
}

/** The Referred Students page: the list, and the school's code with its share link. */
export async function referredStudentsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const query = referredListQueryFrom(new URL(request.url).searchParams);
  const [list, code] = await Promise.all([
    api.GET("/api/schools/referral-student", { params: { query } }),
    api.GET("/api/schools/referral-code"),
  ]);
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    code: code.data?.data ?? null,
    failure: list.data ? null : (list.error?.message ?? "Referred students API failed, please try again"),
  };
}

/** Approve or reject one referral. */
export async function referredStudentsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "students.referred");
  const { fail, failFromApi, done } = formAnswers<ReferralActionData>();
  const id = Number(form.get("id"));
  const status = String(form.get("status"));
  if (!Number.isInteger(id) || id < 1 || (status !== "approved" && status !== "rejected")) {
    return fail("Choose a student and a decision.", 400);
  }
  const reason = String(form.get("reason") ?? "").trim();
  const result = await api.POST("/api/schools/referral-student/changestatus/{id}", {
    params: { path: { id } },
    body: { status, reason: reason || null },
  });
  if (!result.data) return failFromApi(result, "Could not save the decision");
  return done(result.data.message);
}

/** The Referral Earnings page. */
export async function earningsLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context);
  const [earnings, code] = await Promise.all([
    api.GET("/api/get-referral-earnings-dashboard"),
    api.GET("/api/schools/referral-code"),
  ]);
  return {
    earnings: earnings.data?.data ?? null,
    code: code.data?.data ?? null,
    failure: earnings.data ? null : (earnings.error?.message ?? "Earnings API failed, please try again"),
  };
}
