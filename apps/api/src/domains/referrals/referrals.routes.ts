import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { COUNTED, countOf } from "@repo/contracts/plural";
import {
  commissionRule,
  commissionRuleBody,
  earningsDashboard,
  ledgerApproveData,
  ledgerIdsBody,
  ledgerListQuery,
  ledgerPage,
  markPaidBody,
  markPaidData,
  payout,
  payoutBody,
  referralCodeData,
  referralStatusBody,
  referredStudentListQuery,
  referredStudentPage,
  referredStudentRow,
  schoolBalance,
} from "@repo/contracts/referrals";
import { REFERRAL_MESSAGES } from "@repo/contracts/referrals-constants";
import { bankDetails } from "@repo/contracts/schools";
import { z as zod } from "zod";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { created, ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { markStudentPaid } from "../payments/student-payments";
import { schoolOwner, verifyBankDetails } from "../schools/school-account-bank";
import { listCommissionRules, storeCommissionRule } from "./referral-commissions";
import { approveEntries, listLedger, recordPayout, schoolBalances } from "./referral-ledger";
import { changeReferralStatus, listReferredStudents, ownEarnings, referralCodeOf } from "./referrals";

const tags = ["Referrals"];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

/** Referred students, their status, the earnings dashboard; commission rules, the ledger and payouts. */
export function registerReferralRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("students.referred", {
      method: "get",
      path: "/api/schools/referral-student",
      tags,
      summary: "Page through the signed-in school's referred students this exam year",
      description:
        "Individual students who registered with the school's referral code. Search by name, phone, e-mail, roll number or the student's own school; filter by referral status, payment status and class.",
      request: { query: referredStudentListQuery },
      responses: {
        200: json(
          envelope(named(referredStudentPage, "ReferredStudentPage")).openapi("ReferredStudentPageResponse"),
          "A page of referred students",
        ),
      },
    }),
    async (c) => ok(c, await listReferredStudents(c.var.services.database.db, actorOf(c).userId, c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("students.referred", {
      method: "post",
      path: "/api/schools/referral-student/changestatus/{id}",
      tags,
      summary: "Approve or reject a referred student",
      description:
        "Only a pending referral changes: pending → approved, or pending → rejected with a reason. Any other move answers 409. Rejecting a referral whose student has paid reverses its commission with a negative ledger entry.",
      request: { params: idParam, ...body(named(referralStatusBody, "ReferralStatusBody")) },
      responses: {
        200: json(
          envelope(named(referredStudentRow, "ReferredStudentRow")).openapi("ReferredStudentResponse"),
          "The student as decided",
        ),
        404: errorResponse("No such referred student of yours"),
        409: errorResponse("The referral is not pending any more"),
        422: errorResponse("A rejection needs a reason"),
      },
    }),
    async (c) => {
      const { student, message } = await changeReferralStatus(
        c.var.services.database.db,
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return ok(c, student, message);
    },
  );

  app.openapi(
    apiRoute("students.referred", {
      method: "get",
      path: "/api/schools/referral-code",
      tags,
      summary: "The signed-in school's referral code and its share link",
      description: "The link opens the public registration form (/sif/register) with the code filled in.",
      responses: {
        200: json(
          envelope(named(referralCodeData, "ReferralCodeData")).openapi("ReferralCodeResponse"),
          "The code and link",
        ),
      },
    }),
    async (c) => {
      const services = c.var.services;
      return ok(c, await referralCodeOf(services.database.db, actorOf(c).userId, services.config.schoolOrigin));
    },
  );

  app.openapi(
    apiRoute("students.referred", {
      method: "get",
      path: "/api/get-referral-earnings-dashboard",
      tags,
      summary: "The signed-in school's referral earnings",
      description:
        "Totals in paise: earned (net of reversals), pending (waiting for an admin's approval), approved (waiting for a payout) and paid out; referred students by status; the same figures by month (India time).",
      responses: {
        200: json(
          envelope(named(earningsDashboard, "EarningsDashboard")).openapi("EarningsDashboardResponse"),
          "The earnings",
        ),
      },
    }),
    async (c) => ok(c, await ownEarnings(c.var.services.database.db, actorOf(c).userId)),
  );

  const rule = named(commissionRule, "CommissionRule");
  app.openapi(
    apiRoute("referrals.manage", {
      method: "get",
      path: "/api/school/referral-commissions",
      tags,
      summary: "Every commission rule",
      responses: { 200: json(envelope(zod.array(rule)).openapi("CommissionRulesResponse"), "The rules, by level") },
    }),
    async (c) => ok(c, await listCommissionRules(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("referrals.manage", {
      method: "post",
      path: "/api/school/store-referral-commissions",
      tags,
      summary: "Add a commission rule, or change one (with its id)",
      description:
        "An amount in paise per paid referred student, for an exam level and a range of days (inclusive; no end date means open-ended). A range that shares a day with another rule of the same level answers 409 naming that rule. Entries already made keep their amount.",
      request: body(named(commissionRuleBody, "CommissionRuleBody")),
      responses: {
        200: json(envelope(rule).openapi("CommissionRuleResponse"), "The changed rule"),
        201: json(envelope(rule), "The new rule"),
        404: errorResponse("No such rule to change"),
        409: errorResponse("The dates overlap another rule of the level"),
      },
    }),
    async (c) => {
      const result = await storeCommissionRule(c.var.services.database.db, actorOf(c), c.req.valid("json"));
      return result.created
        ? created(c, result.rule, REFERRAL_MESSAGES.ruleSaved)
        : ok(c, result.rule, REFERRAL_MESSAGES.ruleSaved);
    },
  );

  app.openapi(
    apiRoute("referrals.manage", {
      method: "get",
      path: "/api/admin/referral-ledger",
      tags,
      summary: "Page through the commission ledger across schools",
      description:
        "Newest first; filter by school, status, kind and month (India time); search by school name or code, student name or roll number. `sums` adds up every entry the filters match.",
      request: { query: ledgerListQuery },
      responses: {
        200: json(envelope(named(ledgerPage, "LedgerPage")).openapi("LedgerPageResponse"), "A page of entries"),
      },
    }),
    async (c) => ok(c, await listLedger(c.var.services.database.db, c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("referrals.manage", {
      method: "post",
      path: "/api/admin/referral-ledger/approve",
      tags,
      summary: "Approve earned entries (in bulk)",
      description:
        "earned → approved. A commission is approved only once the school approved the referral; reversals may always be. Entries that cannot move are kept, each with the reason.",
      request: body(named(ledgerIdsBody, "LedgerIdsBody")),
      responses: {
        200: json(
          envelope(named(ledgerApproveData, "LedgerApproveData")).openapi("LedgerApproveResponse"),
          "What was approved and what was kept",
        ),
      },
    }),
    async (c) => {
      const result = await approveEntries(c.var.services.database.db, actorOf(c), c.req.valid("json").ids);
      const message =
        result.kept.length === 0
          ? `${countOf(result.approved.length, COUNTED.entry)} approved`
          : `${result.approved.length} approved, ${result.kept.length} kept`;
      return ok(c, result, message);
    },
  );

  app.openapi(
    apiRoute("referrals.manage", {
      method: "get",
      path: "/api/admin/referral-ledger/schools",
      tags,
      summary: "Each school's commission balances and bank-detail state",
      responses: {
        200: json(
          envelope(zod.array(named(schoolBalance, "SchoolBalance"))).openapi("SchoolBalancesResponse"),
          "Schools with ledger entries",
        ),
      },
    }),
    async (c) => ok(c, await schoolBalances(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("referrals.manage", {
      method: "post",
      path: "/api/admin/referral-payouts",
      tags,
      summary: "Record a payout to a school",
      description:
        "In one transaction every approved entry of the school becomes paid out under this payout (reference, date). Refused (409, nothing changed) without verified bank details, with nothing approved to pay, or with a reference already used.",
      request: body(named(payoutBody, "PayoutBody")),
      responses: {
        201: json(envelope(named(payout, "Payout")).openapi("PayoutResponse"), "The payout"),
        404: errorResponse("No such school"),
        409: errorResponse("No verified bank details, nothing to pay, or the reference is used"),
      },
    }),
    async (c) =>
      created(
        c,
        await recordPayout(c.var.services.database.db, actorOf(c), c.req.valid("json")),
        REFERRAL_MESSAGES.payoutRecorded,
      ),
  );

  app.openapi(
    apiRoute("referrals.manage", {
      method: "post",
      path: "/api/school/{id}/bank-details/verify",
      tags,
      summary: "Verify a school's bank details (payouts need it)",
      description: "Records who verified them and when. Saving a different account later clears the verification.",
      request: { params: idParam },
      responses: {
        200: json(
          envelope(named(bankDetails, "BankDetails")).openapi("BankDetailsVerifiedResponse"),
          "The verified details, account number masked",
        ),
        404: errorResponse("No such school"),
        409: errorResponse("The school has no bank details"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const owner = await schoolOwner(db, c.req.valid("param").id);
      return ok(c, await verifyBankDetails(db, actorOf(c), owner), REFERRAL_MESSAGES.bankVerified);
    },
  );

  app.openapi(
    apiRoute("payments.markPaid", {
      method: "post",
      path: "/api/admin/students/{id}/update-payment-status",
      tags: ["Payments"],
      summary: "Mark a student paid by hand (cheque or bank transfer)",
      description:
        "Reference and reason are required and logged. The student gets its roll number, and its referring school its commission, in the same transaction. An already paid student answers 409.",
      request: { params: idParam, ...body(named(markPaidBody, "MarkPaidBody")) },
      responses: {
        200: json(envelope(named(markPaidData, "MarkPaidData")).openapi("MarkPaidResponse"), "The student is paid"),
        404: errorResponse("No such student"),
        409: errorResponse("The student is already paid"),
      },
    }),
    async (c) =>
      ok(
        c,
        await markStudentPaid(c.var.services.database.db, actorOf(c), c.req.valid("param").id, c.req.valid("json")),
        REFERRAL_MESSAGES.markedPaid,
      ),
  );
}
