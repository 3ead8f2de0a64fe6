/**
 * The student area's fixed values (issue 16, docs/decisions/025-student-area.md), without zod so
 * that its screens import them cheaply (decision 007): the steps of a student's year, which levels
 * have admit cards and who sits Level 2, the admit card's rules, and the API's addresses.
 */
import type { ExamLevel } from "./fees";
import type { AwardCode } from "./results-constants";

/** The steps of a student's exam year, in order: the student area's timeline (of Level 1). */
export const STUDENT_STEPS = ["registered", "paid", "admit_card", "exam", "result", "certificate"] as const;
export type StudentStep = (typeof STUDENT_STEPS)[number];

/**
 * Where a step stands: `done`; `current`, the one the student acts on now; `waiting`, for someone
 * else (a date to be set, sheets to be marked); `upcoming`, after an earlier step.
 */
export const STEP_STATES = ["done", "current", "waiting", "upcoming"] as const;
export type StepState = (typeof STEP_STATES)[number];

/** The exams the student area lists, in the order of the year (the mock is practice for Level 1). */
export const STUDENT_EXAM_LEVELS = ["mock", "level1", "level2"] as const satisfies readonly ExamLevel[];

/** The exams sat with an admit card: the ranked ones (a mock is practice). */
export const ADMIT_CARD_LEVELS = ["level1", "level2"] as const satisfies readonly ExamLevel[];
export type AdmitCardLevel = (typeof ADMIT_CARD_LEVELS)[number];

/**
 * Level 2 is sat by the best of Level 1: the students its results send to the state camp, where the
 * programme holds Level 2 (the national camp's are among them).
 */
export const LEVEL2_AWARDS = ["national_camp", "state_camp"] as const satisfies readonly AwardCode[];

/** Why a level's admit card is not there yet (the screens say it in the student's language). */
export const ADMIT_CARD_REASONS = ["unpaid", "pending", "not_scheduled", "not_selected"] as const;
export type AdmitCardReason = (typeof ADMIT_CARD_REASONS)[number];

/** What the API answers (409) for each reason; the screens use their own words. */
export const ADMIT_CARD_MESSAGES: Record<AdmitCardReason, (level: string) => string> = {
  unpaid: () => "Your fee is not paid yet: pay it on My Fee, and your admit card opens here.",
  pending: () => "Your payment is not finished yet: your admit card opens once it is paid.",
  not_scheduled: (level) => `${level} has no date for your class yet: your admit card opens once it is scheduled.`,
  not_selected: (level) =>
    `${level} is sat by the students Level 1 selects for the state camp: your admit card opens if your Level 1 result selects you.`,
};

/** Minutes before the start at which a candidate must be at the centre (printed on the admit card). */
export const REPORTING_MINUTES = 30;

/** The student area's API, written once (routes, the generated client's paths, the tests). */
export const STUDENT_AREA_PATHS = {
  me: "/api/student/me",
  results: "/api/student/results",
  explained: "/api/student/results/{level}/explained",
  certificate: "/api/student/certificate/{level}",
  admitCard: "/api/student/admit-card/{level}",
} as const;

export const STUDENT_AREA_MESSAGES = {
  noRegistration: "Your registration was not found. Please contact the programme office.",
  noResult: (level: string) => `You have no ${level} result yet.`,
  noCertificate: (level: string) => `You have no ${level} certificate yet: it comes with your ${level} result.`,
} as const;
