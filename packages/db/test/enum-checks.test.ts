/**
 * The database checks the values the contracts define, from the contracts (issue 37): each check
 * constraint that lists values (`in ('a', 'b')`) or a range of ids (`between 1 and 18`) is built by
 * enumCheck or rangeCheck (packages/db/src/schema/checks.ts) from the contract's list, and says
 * exactly that list. A new check that writes its values by hand fails here until it names its
 * contract, or says why no contract holds its values.
 */
import { CERTIFICATE_WITHDRAWN_REASON_CODES } from "@repo/contracts/certificates-constants";
import { EXAM_LEVELS } from "@repo/contracts/fees";
import { JOB_STATUSES } from "@repo/contracts/jobs";
import { LANGUAGES } from "@repo/contracts/languages";
import { MAIL_ATTEMPT_OUTCOMES, MAIL_STATUSES } from "@repo/contracts/mail-constants";
import { DIFFICULTIES, PAPER_SET_STATUSES, QUESTION_STATUSES, QUESTION_TYPES } from "@repo/contracts/papers-constants";
import {
  CAPTURE_OUTCOMES,
  ORDER_PURPOSES,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  RAISED_REQUEST_STATUSES,
} from "@repo/contracts/payments-constants";
import { LEDGER_KINDS, LEDGER_STATUSES, REFERRAL_STATUSES } from "@repo/contracts/referrals-constants";
import { ANSWER_UPLOAD_STATUSES, RANKED_LEVELS } from "@repo/contracts/results-constants";
import { ROLE_IDS } from "@repo/contracts/roles-constants";
import { SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import { CLASS_LEVELS, GENDERS, PAYMENT_STATUSES } from "@repo/contracts/students-constants";
import { isTable } from "drizzle-orm";
import { getTableConfig, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { type EnumValue, enumCheck, enumCode, rangeCheck } from "../src/schema/checks";
import * as schema from "../src/schema/index";

const codes = (values: readonly EnumValue[]) => values.map(enumCode);

/** Each check that lists values, and the contract list it must say. */
const FROM_CONTRACTS: Record<string, readonly string[]> = {
  exam_fees_level: codes(EXAM_LEVELS),
  jobs_status: JOB_STATUSES,
  mail_messages_status: MAIL_STATUSES,
  mail_attempts_outcome: MAIL_ATTEMPT_OUTCOMES,
  questions_kind: codes(EXAM_LEVELS),
  questions_type: codes(QUESTION_TYPES),
  questions_difficulty: codes(DIFFICULTIES),
  questions_status: codes(QUESTION_STATUSES),
  paper_sets_kind: codes(EXAM_LEVELS),
  paper_sets_status: codes(PAPER_SET_STATUSES),
  paper_sections_rule: codes(QUESTION_TYPES),
  exam_schedules_kind: codes(EXAM_LEVELS),
  payment_orders_purpose: ORDER_PURPOSES,
  payment_orders_status: ORDER_STATUSES,
  payment_orders_provider: PAYMENT_PROVIDERS,
  payment_captures_outcome: CAPTURE_OUTCOMES,
  raised_requests_status: RAISED_REQUEST_STATUSES,
  referral_commission_rules_level: codes(EXAM_LEVELS),
  referral_ledger_kind: LEDGER_KINDS,
  referral_ledger_status: LEDGER_STATUSES,
  referral_ledger_level: codes(EXAM_LEVELS),
  answer_uploads_kind: codes(EXAM_LEVELS),
  answer_uploads_status: codes(ANSWER_UPLOAD_STATUSES),
  answer_sheets_kind: codes(EXAM_LEVELS),
  certificate_codes_kind: RANKED_LEVELS,
  certificate_codes_withdrawn: CERTIFICATE_WITHDRAWN_REASON_CODES,
  students_gender: codes(GENDERS),
  students_payment_status: codes(PAYMENT_STATUSES),
  students_referral_status: REFERRAL_STATUSES,
  students_language: codes(LANGUAGES),
};

/** Each check of a range of ids, and the contract list of those ids. */
const RANGES_FROM_CONTRACTS: Record<string, readonly number[]> = {
  users_role_id_range: ROLE_IDS,
  schools_category_range: SCHOOL_CATEGORIES.map((c) => c.id),
  questions_class: CLASS_LEVELS,
  paper_sets_class: CLASS_LEVELS,
  exam_schedules_class: CLASS_LEVELS,
  students_class_range: CLASS_LEVELS,
};

/** Checks whose values no contract lists, and why. */
const NO_CONTRACT: Record<string, string> = {
  password_resets_kind: "link or code: how a reset is sent, never in a request or an answer",
  payment_events_source: "where the gateway's word came from, only written by the API",
  students_source: "form, import or sif: the lists filter on school or individual (STUDENT_SOURCES)",
  question_translations_status: "the stored two of TRANSLATION_STATUSES; missing and stale are derived",
  payment_orders_paid_fields: "the statuses that carry a payment, a rule over ORDER_STATUSES",
  exam_schedules_duration: "a limit in minutes, not a list of values",
};

const dialect = new PgDialect();
const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => isTable(value));
const checks = tables.flatMap((table) =>
  getTableConfig(table).checks.map((c) => ({ name: c.name, text: dialect.sqlToQuery(c.value).sql })),
);
const listsIn = (text: string) =>
  [...text.matchAll(/\bin \(('(?:[^']|'')*'(?:, *'(?:[^']|'')*')*)\)/g)].map((m) =>
    [...(m[1] ?? "").matchAll(/'((?:[^']|'')*)'/g)].map((v) => (v[1] ?? "").replaceAll("''", "'")),
  );
const rangesIn = (text: string) =>
  [...text.matchAll(/\bbetween (\d+) and (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);

describe("check constraints from the contracts", () => {
  it("builds the SQL the migrations hold", () => {
    const column = schema.students.gender;
    expect(dialect.sqlToQuery(enumCheck(column, GENDERS)).sql).toBe(
      `"students"."gender" in ('female', 'male', 'other')`,
    );
    expect(dialect.sqlToQuery(enumCheck(column, ["it's"])).sql).toBe(`"students"."gender" in ('it''s')`);
    expect(dialect.sqlToQuery(rangeCheck(schema.students.classLevel, [8, 6, 7])).sql).toBe(
      `"students"."class_level" between 6 and 8`,
    );
    expect(() => rangeCheck(schema.students.classLevel, [6, 8])).toThrow(RangeError);
    expect(() => enumCheck(column, [])).toThrow(RangeError);
  });

  it("reads every check of the schema", () => {
    expect(checks.length).toBeGreaterThan(50);
    for (const name of [...Object.keys(FROM_CONTRACTS), ...Object.keys(RANGES_FROM_CONTRACTS)]) {
      expect(
        checks.some((c) => c.name === name),
        `${name} is no check of the schema`,
      ).toBe(true);
    }
  });

  it.each(Object.entries(FROM_CONTRACTS))("%s lists its contract's values", (name, values) => {
    const check = checks.find((c) => c.name === name);
    expect(listsIn(check?.text ?? "")).toEqual([[...values]]);
  });

  it.each(Object.entries(RANGES_FROM_CONTRACTS))("%s spans its contract's ids", (name, values) => {
    const check = checks.find((c) => c.name === name);
    expect(rangesIn(check?.text ?? "")).toEqual([[Math.min(...values), Math.max(...values)]]);
  });

  it("leaves no list of values or range in a check without its contract", () => {
    const unnamed = checks
      .filter((c) => listsIn(c.text).length > 0 || rangesIn(c.text).length > 0)
      .map((c) => c.name)
      .filter((name) => !(name in FROM_CONTRACTS || name in RANGES_FROM_CONTRACTS || name in NO_CONTRACT));
    expect(unnamed).toEqual([]);
  });
});
