/**
 * Students' fixed values and limits, without zod so that screens can import them cheaply
 * (docs/decisions/007-contracts-constants-without-zod.md). The rules are in docs/domain.md, Students.
 */

/** Classes VI to XI, stored as 6 to 11. */
export const CLASS_LEVELS = [6, 7, 8, 9, 10, 11] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];
const ROMAN: Record<ClassLevel, string> = { 6: "VI", 7: "VII", 8: "VIII", 9: "IX", 10: "X", 11: "XI" };

/** "VI" for 6; the number itself for anything that is not a class. */
export function classLabel(level: number): string {
  return ROMAN[level as ClassLevel] ?? String(level);
}

export const GENDERS = [
  { code: "female", name: "Female" },
  { code: "male", name: "Male" },
  { code: "other", name: "Other" },
] as const;
export type Gender = (typeof GENDERS)[number]["code"];

export function genderName(code: string): string {
  return GENDERS.find((g) => g.code === code)?.name ?? code;
}

/** A student's fee: unpaid until an order covers it, pending while the gateway decides. */
export const PAYMENT_STATUSES = [
  { code: "unpaid", name: "Unpaid" },
  { code: "pending", name: "Pending" },
  { code: "paid", name: "Paid" },
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]["code"];

export function paymentStatusName(code: string): string {
  return PAYMENT_STATUSES.find((s) => s.code === code)?.name ?? code;
}

/** Ages a student of classes VI-XI can plausibly have on the day of registration. */
export const STUDENT_AGE_YEARS = { min: 8, max: 21 } as const;

/** Field lengths shared by the form, the import and the database. */
export const STUDENT_LIMITS = { name: 80, parentName: 120, email: 254 } as const;

/** At most this many students are deleted or mailed in one request. */
export const STUDENT_BULK_MAX = 500;

/** Spreadsheet imports (docs/domain.md, Imports). */
export const STUDENT_IMPORT = {
  /** Larger uploads are refused before they are read. */
  maxBytes: 20 * 1024 * 1024,
  /** A file with more data rows is refused as a whole, with this number in the message. */
  maxRows: 100_000,
  /** Rows shown in the preview before the import starts. */
  previewRows: 5,
} as const;

export const STUDENT_MESSAGES = {
  created: "Student added",
  updated: "Student updated",
  paidNotDeleted:
    "Paid students cannot be deleted: their fee is recorded against them. Pay support can help if the student left.",
  duplicate: "This student is already registered this year",
  /** A duplicate this very school (or import) already has: nothing to resolve. */
  duplicateHere: "This student is already registered this year by your school: same name, date of birth and phone.",
  credentialsQueued: "The sign-in details are on their way by mail",
  credentialsTexted: "The sign-in details are on their way by text message",
  noContact: "This student has no e-mail address or mobile number: add one to send the sign-in details",
} as const;

/**
 * The reference of a registration, quoted to support when a student is registered with another
 * school (issue 35 item 5, decision 055): "REG-000123", the student's id. It names no school;
 * support resolves it (GET /api/paysupport/registrations/{reference}).
 */
export function registrationReference(studentId: number): string {
  return `REG-${String(studentId).padStart(6, "0")}`;
}

/** The student id in a reference ("REG-000123", "reg 123" or "123"), or null when it is not one. */
export function registrationIdOf(reference: string): number | null {
  const match = /^(?:reg[-\s]?)?0*(\d{1,9})$/i.exec(reference.trim());
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * What a school, an import's errors file or a public registrant is told about a student another
 * school registered this year: that it is so and how to resolve it, never which school (a new,
 * unverified school must not learn where a child is registered).
 */
export function registeredElsewhereMessage(studentId: number): string {
  return `This student is already registered this year with another school (same name, date of birth and phone). If the student has moved to your school, contact support and quote the reference ${registrationReference(studentId)}.`;
}
