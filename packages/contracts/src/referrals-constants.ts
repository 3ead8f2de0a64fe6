/**
 * Referrals (docs/domain.md, Referrals and commissions): an individual student who registers with a school's referral code is
 * that school's referred student, pending until the school approves or rejects it. Commissions are
 * a ledger (docs/decisions/014-referral-ledger.md). Plain values and pure rules without zod, so
 * screens can import them cheaply (docs/decisions/007-contracts-constants-without-zod.md).
 */
export const REFERRAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_STATUS_NAMES: Record<ReferralStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

export function referralStatusName(code: string): string {
  return REFERRAL_STATUS_NAMES[code as ReferralStatus] ?? code;
}

/** The longest reason a school may give for its decision. */
export const REFERRAL_REASON_MAX = 500;

/** What a school may still decide about a referral in `from`: pending → approved | rejected, nothing after. */
export const REFERRAL_TRANSITIONS: Record<ReferralStatus, readonly ReferralStatus[]> = {
  pending: ["approved", "rejected"],
  approved: [],
  rejected: [],
};

export type ReferralDecision =
  | { ok: true; status: ReferralStatus; reason: string | null }
  | { ok: false; code: "conflict" | "reason"; message: string };

/**
 * The referral state machine: whether a school may move a referral from `from` to `to`, with the
 * reason it gives (required for a rejection, optional otherwise; blank counts as none).
 */
export function decideReferral(from: ReferralStatus, to: ReferralStatus, reason?: string | null): ReferralDecision {
  const text = reason?.replace(/\s+/g, " ").trim() || null;
  if (!REFERRAL_TRANSITIONS[from].includes(to)) {
    const message =
      from === to
        ? `This referral is already ${REFERRAL_STATUS_NAMES[from].toLowerCase()}.`
        : `A referral that is ${REFERRAL_STATUS_NAMES[from].toLowerCase()} cannot become ${REFERRAL_STATUS_NAMES[to].toLowerCase()}: only a pending referral can be approved or rejected.`;
    return { ok: false, code: "conflict", message };
  }
  if (to === "rejected" && !text) {
    return {
      ok: false,
      code: "reason",
      message: "Give the reason for rejecting this student, e.g. not a student of ours",
    };
  }
  if (text && text.length > REFERRAL_REASON_MAX) {
    return { ok: false, code: "reason", message: `The reason can be at most ${REFERRAL_REASON_MAX} characters` };
  }
  return { ok: true, status: to, reason: text };
}

/**
 * A ledger entry's status: earned when the referred student's payment is confirmed, approved by an
 * admin, paid out when a payout covers it. Status only ever moves forward along this list.
 */
export const LEDGER_STATUSES = ["earned", "approved", "paid_out"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
export const LEDGER_STATUS_NAMES: Record<LedgerStatus, string> = {
  earned: "Earned",
  approved: "Approved",
  paid_out: "Paid out",
};
export function ledgerStatusName(code: string): string {
  return LEDGER_STATUS_NAMES[code as LedgerStatus] ?? code;
}

/** earned: a paid referred student's commission; reversal: the negative entry of a refund or a rejection. */
export const LEDGER_KINDS = ["earned", "reversal"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_NAMES: Record<LedgerKind, string> = { earned: "Commission", reversal: "Reversal" };

/** Commissions are paid to Indian bank accounts (IFSC), in rupees, as whole paise. */
export const COMMISSION_CURRENCY = "INR";
/** The largest commission per student a rule may set: ₹1,00,000.00. */
export const COMMISSION_MAX_MINOR = 10_000_000;
/** Ledger entries approved in one request at most. */
export const LEDGER_BULK_MAX = 500;

/** A commission rule's days, inclusive; `ends_on` null means open-ended. Dates are YYYY-MM-DD. */
export interface RuleRange {
  starts_on: string;
  ends_on: string | null;
}

/** Whether two inclusive date ranges share a day (an open end reaches forever). */
export function rangesOverlap(a: RuleRange, b: RuleRange): boolean {
  const aEnds = a.ends_on ?? "9999-12-31";
  const bEnds = b.ends_on ?? "9999-12-31";
  return a.starts_on <= bEnds && b.starts_on <= aEnds;
}

/**
 * The first rule of the same exam level whose days overlap `candidate` (the rule being saved is
 * skipped by id), or undefined: two rules may not both be in force for one level on one day.
 */
export function clashingRule<R extends RuleRange & { id: number; exam_level: string }>(
  candidate: RuleRange & { id?: number | null; exam_level: string },
  rules: readonly R[],
): R | undefined {
  return rules.find(
    (rule) => rule.id !== candidate.id && rule.exam_level === candidate.exam_level && rangesOverlap(rule, candidate),
  );
}

/** The rule in force for `level` on `day` (YYYY-MM-DD), if any. */
export function ruleInForce<R extends RuleRange & { exam_level: string }>(
  rules: readonly R[],
  level: string,
  day: string,
): R | undefined {
  return rules.find((rule) => rule.exam_level === level && rangesOverlap(rule, { starts_on: day, ends_on: day }));
}

export const REFERRAL_MESSAGES = {
  approved: "Referral approved",
  rejected: "Referral rejected",
  ruleSaved: "Commission rule saved",
  entriesApproved: "Commissions approved",
  payoutRecorded: "Payout recorded",
  bankVerified: "Bank details verified",
  markedPaid: "Payment recorded",
  noBankDetails:
    "This school has no verified bank details: verify its bank details (Schools › bank details) before recording a payout.",
  nothingToPay: "This school has no approved commissions to pay out.",
} as const;
