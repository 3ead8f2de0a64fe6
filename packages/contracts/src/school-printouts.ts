import { z } from "zod";
import { idField, wholeNumber } from "./ids";
import { ADMIT_CARD_LEVELS, SLIP_AUDIENCE_CODES, SLIP_MESSAGES } from "./school-printouts-constants";
import { ADMIT_CARD_REASONS, type AdmitCardLevel } from "./student-area-constants";
import { CLASS_LEVELS } from "./students-constants";

/**
 * A school's printouts for students without e-mail (issue 35 item 1, decision 050): its paid
 * students' admit cards as one PDF (a job), and sign-in slips with a one-time password.
 */

const LEVELS = ADMIT_CARD_LEVELS as unknown as [AdmitCardLevel, ...AdmitCardLevel[]];
/** Pickers post "" for "not chosen". */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const CLASS_ERROR = "Choose a class from VI to XI";
const classField = wholeNumber(
  z
    .number({ error: CLASS_ERROR })
    .int(CLASS_ERROR)
    .refine((value) => (CLASS_LEVELS as readonly number[]).includes(value), CLASS_ERROR),
);
const schoolField = z.preprocess(blank, idField("school_id", "school_id must be an id").optional());

/** Whose admit cards: a level, all classes or one, and a master institute's school. */
export const admitCardsQuery = z.object({
  level: z.enum(LEVELS, { error: `level must be ${LEVELS.join(" or ")}` }).default("level1"),
  class_level: z.preprocess(blank, classField.optional()),
  /** A master institute: which of its schools (required for it); a school leaves it out. */
  school_id: schoolField,
});
export type AdmitCardsQuery = z.infer<typeof admitCardsQuery>;

/** How many cards a run prints, and who is left out and why. */
export const admitCardsSummary = z.object({
  level: z.enum(LEVELS),
  school_id: z.number().int(),
  school_name: z.string(),
  class_level: z.number().int().nullable(),
  cards: z.number().int(),
  left_out: z.array(z.object({ reason: z.enum(ADMIT_CARD_REASONS), students: z.number().int(), message: z.string() })),
});
export type AdmitCardsSummary = z.infer<typeof admitCardsSummary>;

/** What a finished admit-cards job's `result` holds. */
export const admitCardsResult = z.object({
  cards: z.number().int(),
  file_name: z.string(),
  bytes: z.number().int(),
  removed_at: z.string().optional(),
});
export type AdmitCardsResult = z.infer<typeof admitCardsResult>;

/** A class run of sign-in slips. */
export const signInSlipsBody = z
  .object({
    class_level: classField,
    school_id: schoolField,
    audience: z.enum(SLIP_AUDIENCE_CODES).default("never_signed_in"),
    /** Required (true) when the audience includes students who already chose their own password. */
    confirm: z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean()).default(false),
  })
  .refine((body) => body.audience !== "all" || body.confirm, { path: ["confirm"], message: SLIP_MESSAGES.confirmAll });
export type SignInSlipsBody = z.infer<typeof signInSlipsBody>;

/** Who a class run would reach, before anything is changed. */
export const signInSlipsQuery = z.object({ class_level: classField, school_id: schoolField });
export const signInSlipsPreview = z.object({
  school_name: z.string(),
  class_level: z.number().int(),
  never_signed_in: z.number().int(),
  signed_in: z.number().int(),
});
export type SignInSlipsPreview = z.infer<typeof signInSlipsPreview>;
