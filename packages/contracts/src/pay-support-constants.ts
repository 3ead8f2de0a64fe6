/** Plain values of the pay-support desk for screens (no zod: decision 007). */

/** Which orders a list shows: every one, those waiting for the gateway, or those needing a person. */
export const PAY_SUPPORT_VIEWS = ["all", "waiting", "attention"] as const;
export type PaySupportView = (typeof PAY_SUPPORT_VIEWS)[number];

export const PAY_SUPPORT_VIEW_NAMES: Record<PaySupportView, string> = {
  all: "Every order",
  waiting: "Waiting for the gateway",
  attention: "Needs attention (mismatch, refund due, stuck)",
};

/** Whose orders a list shows: everyone's, schools' and institutes', individual students', or referred students'. */
export const PAY_SUPPORT_PAYERS = ["any", "schools", "individual", "referred"] as const;
export type PaySupportPayer = (typeof PAY_SUPPORT_PAYERS)[number];

export const PAY_SUPPORT_PAYER_NAMES: Record<PaySupportPayer, string> = {
  any: "Every payer",
  schools: "Schools and institutes",
  individual: "Individual students",
  referred: "Referred students (a school's referral code)",
};
