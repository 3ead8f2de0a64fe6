import { COUNTED, countOf } from "./plural";
/**
 * What a school prints for its students who have no e-mail (issue 35 item 1, decision 050): the
 * admit cards of its paid students in one PDF, and sign-in slips with a one-time password. Without
 * zod so that screens import them cheaply (decision 007).
 */
import { ADMIT_CARD_LEVELS, type AdmitCardReason } from "./student-area-constants";

/** The job kind that prints a school's admit cards into one PDF (the bulk certificates' path). */
export const ADMIT_CARDS_BULK_JOB = "admit-cards.bulk";

export { ADMIT_CARD_LEVELS };

export const ADMIT_CARDS_LIMITS = {
  /** Cards printed by one Chromium render (a card may carry a photo, so fewer than certificates). */
  cardsPerRender: 50,
  /** Cards in one job: a school's biggest class lists are far below it; a larger run is done class by class. */
  maxPerJob: 5000,
  /** The file is kept this many days, then housekeeping removes it; make it again after that. */
  fileDays: 7,
} as const;

/** Why paid or unpaid students are left out of a run, as the school reads it (n students, the level's name). */
export const ADMIT_CARDS_LEFT_OUT: Record<AdmitCardReason, (students: number, level: string) => string> = {
  unpaid: (n) => `${studentCount(n)} not paid yet: an admit card comes once the fee is paid.`,
  pending: (n) => `${studentCount(n)} with a payment not finished yet.`,
  not_scheduled: (n, level) => `${studentCount(n)} in a class that has no ${level} date yet.`,
  not_selected: (n, level) => `${studentCount(n)} not selected by Level 1 for ${level}.`,
};

/** "1 student", "12 students". */
export const studentCount = (n: number) => countOf(n, COUNTED.student);

/** Who a class run of sign-in slips gives a new password to. */
export const SLIP_AUDIENCES = [
  { code: "never_signed_in", name: "Only students who have never signed in" },
  { code: "all", name: "Every student of the class, also those who chose their own password" },
] as const;
export type SlipAudience = (typeof SLIP_AUDIENCES)[number]["code"];
export const SLIP_AUDIENCE_CODES = /* @__PURE__ */ SLIP_AUDIENCES.map((a) => a.code) as [
  SlipAudience,
  ...SlipAudience[],
];

export const SLIP_MESSAGES = {
  confirmAll:
    "Tick the box to confirm: students who already chose their own password get a new one and must use the slip to sign in.",
  noneToPrint: (neverSignedInOnly: boolean) =>
    neverSignedInOnly
      ? "Every student of this class has signed in already: choose every student, and confirm, to print new slips for them."
      : "This class has no students this year: there is no slip to print.",
  tooMany: (max: number) => `A class run prints at most ${max.toLocaleString("en-IN")} slips: choose a class.`,
} as const;

export const SLIP_LIMITS = {
  /** Slips on one A4 page, with cut lines between them. */
  perPage: 4,
  /** Slips in one class run (one PDF printed while the school waits). */
  maxPerRun: 500,
} as const;

/** The API's addresses, written once (routes, the generated client's paths, the tests). */
export const SCHOOL_PRINTOUT_PATHS = {
  admitCards: "/api/school/admit-cards",
  admitCardsFile: "/api/school/admit-cards/{job_id}/file",
  slips: "/api/school/sign-in-slips",
  studentSlip: "/api/school/students/{id}/sign-in-slip",
} as const;
