import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { idOfText } from "@repo/contracts/numbers-constants";
import { commissionRuleBody, payoutBody } from "@repo/contracts/referrals";
import { LEDGER_KINDS, LEDGER_STATUSES } from "@repo/contracts/referrals-constants";
import { auth } from "@repo/remix-app/auth.server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

export type CommissionRule = components["schemas"]["CommissionRule"];
export type LedgerEntry = components["schemas"]["LedgerPage"]["items"][number];
export type SchoolBalance = components["schemas"]["SchoolBalance"];
type LedgerQuery = NonNullable<operations["getAdminReferralLedger"]["parameters"]["query"]>;

export interface ReferralAdminActionData {
  ok: boolean;
  intent: string;
  message: string;
  errors?: FieldError[];
  kept?: { id: number; reason: string }[];
}

/** A refusal of the whole form (no field named) is the body's. */
const bodyField = (field: string) => field || "body";

/**
 * Rupees as typed ("50", "1,250.50", "₹75") to whole paise; NaN when it is not an amount with at
 * most two decimals, so the contract's message names the field.
 */
export function rupeesToPaise(text: string): number {
  const clean = text.replace(/[₹,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  const [whole = "0", fraction = ""] = clean.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

// ---- Commission rules ------------------------------------------------------------------------------

export async function rulesLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const rules = await api.GET("/api/school/referral-commissions");
  return {
    csrf,
    rules: rules.data?.data ?? [],
    failure: rules.data ? null : (rules.error?.message ?? "Commission rules API failed, please try again"),
  };
}

/** Add or change a rule; the amount is typed in rupees and sent in paise. */
export async function rulesAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "referrals.manage");
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const id = Number(text("id"));
  const amount = rupeesToPaise(text("amount"));
  const { fail, failFromApi, done } = formAnswers<ReferralAdminActionData>({ intent: "save" });
  const parsed = parseForm(
    {
      id: id > 0 ? id : null,
      exam_level: text("exam_level"),
      starts_on: text("starts_on"),
      ends_on: text("ends_on") || null,
      amount_minor: amount,
    },
    commissionRuleBody,
    { rename: bodyField },
  );
  if (!parsed.ok) {
    const errors = parsed.errors.map((e) =>
      e.field === "amount_minor"
        ? {
            field: "amount",
            message: Number.isNaN(amount) ? "Enter the amount in rupees, e.g. 50 or 50.50" : e.message,
          }
        : e,
    );
    return fail(CORRECT_THE_FIELDS, 400, errors);
  }
  const result = await api.POST("/api/school/store-referral-commissions", { body: parsed.data });
  if (!result.data) return failFromApi(result, "Could not save the rule");
  return done(result.data.message);
}

// ---- The ledger --------------------------------------------------------------------------------------

const pick = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => value === raw);

export function ledgerQueryFrom(params: URLSearchParams): LedgerQuery {
  const { page, perPage, search } = parseTableQuery(params);
  const query: LedgerQuery = { page, per_page: perPage };
  if (search) query.search = search;
  const school = idOfText(params.get("school_id"));
  if (school !== null) query.school_id = school;
  const status = pick(LEDGER_STATUSES, params.get("status"));
  if (status) query.status = status;
  const kind = pick(LEDGER_KINDS, params.get("kind"));
  if (kind) query.kind = kind;
  const month = params.get("month") ?? "";
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) query.month = month;
  return query;
}

export async function ledgerLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const query = ledgerQueryFrom(new URL(request.url).searchParams);
  const [ledger, balances] = await Promise.all([
    api.GET("/api/admin/referral-ledger", { params: { query } }),
    api.GET("/api/admin/referral-ledger/schools"),
  ]);
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    rows: ledger.data?.data.items ?? [],
    total: ledger.data?.data.total ?? 0,
    sums: ledger.data?.data.sums ?? null,
    balances: balances.data?.data ?? [],
    failure: ledger.data ? null : (ledger.error?.message ?? "Ledger API failed, please try again"),
  };
}

/** Approve entries, verify a school's bank details, record a payout. */
export async function ledgerAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const intent = String(form.get("intent"));
  const { api } = await auth.requireAction(request, context, form, "referrals.manage");
  const { fail, failFromApi, done } = formAnswers<ReferralAdminActionData>({ intent });

  if (intent === "approve") {
    const ids = String(form.get("ids") ?? "")
      .split(",")
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length === 0) return fail("Choose the entries to approve.", 400);
    const result = await api.POST("/api/admin/referral-ledger/approve", { body: { ids } });
    if (!result.data) return fail(result.error?.message ?? "Could not approve", result.response.status);
    return done(result.data.message, { kept: result.data.data.kept });
  }
  if (intent === "verify") {
    const id = Number(form.get("school_id"));
    const result = await api.POST("/api/school/{id}/bank-details/verify", { params: { path: { id } } });
    if (!result.data) return fail(result.error?.message ?? "Could not verify", result.response.status);
    return done(result.data.message);
  }
  if (intent === "payout") {
    const parsed = parseForm(
      {
        school_id: Number(form.get("school_id")),
        reference: String(form.get("reference") ?? ""),
        paid_on: String(form.get("paid_on") ?? ""),
      },
      payoutBody,
      { rename: bodyField },
    );
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const result = await api.POST("/api/admin/referral-payouts", { body: parsed.data });
    if (!result.data) return failFromApi(result, "Could not record the payout");
    return done(result.data.message);
  }
  return fail("Unknown action", 400);
}
