/** The registration link is good for this long, once. */
export const SCHOOL_VERIFICATION_TTL_HOURS = 48;
/** A school may ask for a new link this often per hour. */
export const SCHOOL_VERIFICATION_RESENDS = { max: 5, windowSeconds: 60 * 60 } as const;

/** A cancelled-cheque file (JPEG, PNG or PDF) may be this large. */
export const CHEQUE_MAX_BYTES = 5 * 1024 * 1024;

/** Schools chosen for deletion (admins): at most this many at a time. */
export const SCHOOL_DELETE_MAX = 100;

/** School boards offered by the registration form (fetchSubBoard). */
export const SCHOOL_BOARDS = [
  { id: 1, name: "CBSE" },
  { id: 2, name: "CISCE (ICSE / ISC)" },
  { id: 3, name: "State Board" },
  { id: 4, name: "NIOS" },
  { id: 5, name: "IB" },
  { id: 6, name: "Cambridge (CAIE)" },
  { id: 7, name: "Other" },
] as const;

/** School categories (schools.category_id). */
export const SCHOOL_CATEGORIES = [
  { id: 1, name: "Government" },
  { id: 2, name: "Private" },
  { id: 3, name: "Government aided" },
  { id: 4, name: "Institute" },
] as const;

/** The exact words of the school's activate/deactivate dialogs (docs/domain.md, "School account"). */
export const SCHOOL_TOGGLE_MESSAGES = {
  confirmDeactivate: "Are you sure you want to deactivate the School?",
  confirmActivate: "Are you sure you want to activate the School?",
  deactivated: "School deactivated successfully!",
  activated: "School activated successfully!",
  failed: "Something went wrong. Please try again.",
} as const;
