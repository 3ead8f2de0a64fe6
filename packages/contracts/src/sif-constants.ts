/**
 * Individual (SIF) students: students who register alone at /sif/register (
 * docs/decisions/013-individual-students.md). Plain values only, so screens import them cheaply.
 */

/** Referral codes are stored upper case (VVM…); what the student types is tidied to that. */
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{4,20}$/;

/** Tidies a typed referral code: spaces dropped, upper case. */
export function normalizeReferralCode(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** The share link a school hands out: /sif/register?ref=CODE pre-fills the referral code. */
export const SIF_REFERRAL_PARAM = "ref";

export function sifRegisterLink(schoolOrigin: string, code: string): string {
  return `${schoolOrigin.replace(/\/$/, "")}/sif/register?${SIF_REFERRAL_PARAM}=${encodeURIComponent(code)}`;
}

export const SIF_LIMITS = {
  unlistedSchoolName: 200,
  /** Schools per page of the public school search. */
  schoolsPerPage: 20,
  /** The public school search needs this many letters (or a city or state) before it answers. */
  minSearch: 2,
} as const;

/** Rows of a bulk import of individual students (admins); each one makes an account. */
export const SIF_IMPORT = { maxRows: 5_000, maxBytes: 5 * 1024 * 1024 } as const;

export const SIF_IMPORT_JOB = "sif-students.import";

export const SIF_MESSAGES = {
  registered: "You are registered. We mailed your username and password.",
  unknownReferral: "No school has this referral code: check it with your school, or leave it empty",
  chooseSchool: "Choose your school from the list, or tick “My school is not listed” and type its name",
  schoolNotFound: "This school is not on the list any more: search for it again",
  paidNotDeleted:
    "A paid individual student cannot be deleted: the fee is recorded against it. Pay support can help if the student left.",
  pendingNotDeleted: "A payment for this student is under way: wait until it is paid or failed.",
  deleted: "Individual student deleted",
} as const;
