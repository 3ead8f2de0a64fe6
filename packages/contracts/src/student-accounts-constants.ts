/** Plain values of student accounts for screens (no zod: decision 007). */
export const DEACTIVATION_REASON_MAX = 300;

/** Why a student cannot sign in: its own account was switched off, or its school deactivated itself. */
export const INACTIVE_CAUSES = ["account", "school"] as const;
export type InactiveCause = (typeof INACTIVE_CAUSES)[number];

export const INACTIVE_CAUSE_NAMES: Record<InactiveCause, string> = {
  account: "Sign-in switched off",
  school: "School deactivated",
};
