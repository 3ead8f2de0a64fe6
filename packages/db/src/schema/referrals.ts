import { EXAM_LEVELS } from "@repo/contracts/fees";
import { LEDGER_KINDS, LEDGER_STATUSES } from "@repo/contracts/referrals-constants";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { enumCheck } from "./checks";
import { users } from "./people";
import { examYears, schools, students } from "./schools";

/**
 * What a school earns for each paid referred student (docs/domain.md, Referrals and commissions): an amount per exam level for a
 * range of days (inclusive; `ends_on` null is open-ended). Two rules of one level never share a day
 * (the service refuses it under a table lock). Amounts are whole paise, like `exam_fees`.
 */
export const referralCommissionRules = pgTable(
  "referral_commission_rules",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** mock | level1 | level2 (EXAM_LEVELS in contracts/fees). */
    examLevel: text("exam_level").notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on"),
    amountMinor: integer("amount_minor").notNull(),
    currency: char("currency", { length: 3 }).notNull().default("INR"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("referral_commission_rules_level_idx").on(t.examLevel, t.startsOn),
    check("referral_commission_rules_level", enumCheck(t.examLevel, EXAM_LEVELS)),
    check("referral_commission_rules_amount", sql`${t.amountMinor} > 0`),
    check("referral_commission_rules_dates", sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * A payout: one bank transfer to a school that moved its approved entries to paid out, in the same
 * transaction. The amount is the sum of those entries, kept here as the transfer's record.
 */
export const referralPayouts = pgTable(
  "referral_payouts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "restrict" }),
    reference: text("reference").notNull(),
    paidOn: date("paid_on").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull().default("INR"),
    entryCount: integer("entry_count").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referral_payouts_reference_key").on(sql`lower(${t.reference})`),
    index("referral_payouts_school_idx").on(t.schoolId, t.paidOn),
    check("referral_payouts_amount", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * The commission ledger (docs/decisions/014-referral-ledger.md). Entries are never edited in place:
 * amount, student, school and kind are written once; only `status` moves forward (earned →
 * approved → paid_out) with the columns of that move (who, when, which payout). A refund or a
 * rejected referral adds a negative `reversal` entry pointing at the entry it cancels.
 *
 * `referral_ledger_earned_key` makes the hook idempotent: one earned entry per student and exam
 * level, whatever number of webhooks or confirmations arrive at once; `reverses_entry_id` is unique,
 * so an entry is reversed at most once.
 */
export const referralLedger = pgTable(
  "referral_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The referring school, which earns the commission. */
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "restrict" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => students.id, { onDelete: "restrict" }),
    examYearId: integer("exam_year_id")
      .notNull()
      .references(() => examYears.id, { onDelete: "restrict" }),
    examLevel: text("exam_level").notNull(),
    /** earned | reversal */
    kind: text("kind").notNull(),
    /** Paise; positive for earned, negative for a reversal. */
    amountMinor: integer("amount_minor").notNull(),
    currency: char("currency", { length: 3 }).notNull().default("INR"),
    ruleId: integer("rule_id").references(() => referralCommissionRules.id, { onDelete: "restrict" }),
    reversesEntryId: bigint("reverses_entry_id", { mode: "number" }).references((): AnyPgColumn => referralLedger.id, {
      onDelete: "restrict",
    }),
    /** Why a reversal was made: refund | referral-rejected. */
    note: text("note"),
    /** earned | approved | paid_out */
    status: text("status").notNull().default("earned"),
    /** When the student's payment was confirmed (or the reversal made). */
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull(),
    /** The first day of the month of `earned_at` in India: what the earnings by month group on. */
    earnedMonth: date("earned_month").generatedAlwaysAs(
      sql`(date_trunc('month', earned_at at time zone 'Asia/Kolkata'))::date`,
    ),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: integer("approved_by").references(() => users.id, { onDelete: "set null" }),
    payoutId: integer("payout_id").references(() => referralPayouts.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referral_ledger_earned_key").on(t.studentId, t.examLevel).where(sql`${t.kind} = 'earned'`),
    uniqueIndex("referral_ledger_reverses_key").on(t.reversesEntryId),
    // The earnings dashboard: one school's entries by month and status, read from the index alone.
    index("referral_ledger_school_idx").on(t.schoolId, t.earnedMonth, t.status, t.amountMinor),
    index("referral_ledger_status_idx").on(t.status, t.earnedAt),
    index("referral_ledger_payout_idx").on(t.payoutId),
    check("referral_ledger_kind", enumCheck(t.kind, LEDGER_KINDS)),
    check("referral_ledger_status", enumCheck(t.status, LEDGER_STATUSES)),
    check("referral_ledger_level", enumCheck(t.examLevel, EXAM_LEVELS)),
    check(
      "referral_ledger_sign",
      sql`(${t.kind} = 'earned' and ${t.amountMinor} > 0 and ${t.reversesEntryId} is null)
        or (${t.kind} = 'reversal' and ${t.amountMinor} < 0 and ${t.reversesEntryId} is not null)`,
    ),
    check(
      "referral_ledger_moves",
      sql`(${t.status} = 'earned' and ${t.approvedAt} is null and ${t.payoutId} is null)
        or (${t.status} = 'approved' and ${t.approvedAt} is not null and ${t.payoutId} is null)
        or (${t.status} = 'paid_out' and ${t.approvedAt} is not null and ${t.payoutId} is not null)`,
    ),
  ],
);

/**
 * The last roll-number sequence given per exam year and prefix ({state}{class}). Taking the next
 * one is an upsert on this row, so two payments at once wait for each other instead of both
 * reading the same maximum.
 */
export const rollNumberSequences = pgTable(
  "roll_number_sequences",
  {
    examYearId: integer("exam_year_id")
      .notNull()
      .references(() => examYears.id, { onDelete: "cascade" }),
    prefix: text("prefix").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.examYearId, t.prefix] })],
);
