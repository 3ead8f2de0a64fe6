/**
 * Plain values of the master institutes feature (no zod), for screens: the job kind of the schools
 * import, its limits and the words its dialogs use.
 */

/** The job kind of a master institute's schools import; GET /api/jobs/{id} answers it as `kind`. */
export const SCHOOL_IMPORT_JOB = "institute-schools.import";

export const SCHOOL_IMPORT = {
  /** A master institute owns tens of schools, not thousands: each row makes an account. */
  maxRows: 500,
  maxBytes: 2 * 1024 * 1024,
  previewRows: 20,
} as const;

export const MASTER_INSTITUTE_MESSAGES = {
  created: "Master institute created; its sign-in details were mailed to it",
  updated: "Master institute saved",
  enabled: "Master institute enabled: it can sign in again",
  disabled: "Master institute disabled: it can no longer sign in",
  profileSaved: "Institute profile saved",
  nameTaken: "A master institute with this name already exists",
  schoolCreated: "School added; its sign-in details were mailed to the school",
  schoolEnabled: "School enabled",
  schoolDisabled: "School disabled: its account can no longer sign in",
  studentCreated: "Student added",
} as const;

/** Whether a list shows active, inactive or all records (the lists' status filter). */
export const ACTIVE_FILTERS = [
  { code: "active", name: "Active" },
  { code: "inactive", name: "Disabled" },
] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number]["code"];
