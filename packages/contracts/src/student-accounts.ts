/**
 * Pay support switches a student's sign-in off (a duplicate registration, a refunded payment) and
 * on again; the inactive-students list shows every student who cannot sign in and why
 * (coordinator app, paysupport/student-inactive-list).
 */
import { z } from "zod";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { DEACTIVATION_REASON_MAX, INACTIVE_CAUSES } from "./student-accounts-constants";
import { PAYMENT_STATUSES, type PaymentStatus } from "./students-constants";

export const inactiveStudentQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  cause: z.enum(INACTIVE_CAUSES, { error: "cause must be account or school" }).optional(),
});
export type InactiveStudentQuery = z.infer<typeof inactiveStudentQuery>;

const PAYMENT_CODES = /* @__PURE__ */ PAYMENT_STATUSES.map((s) => s.code) as [PaymentStatus, ...PaymentStatus[]];

export const inactiveStudentRow = z.object({
  student_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  class_level: z.number().int(),
  roll_number: z.string().nullable(),
  payment_status: z.enum(PAYMENT_CODES),
  school_name: z.string().nullable(),
  cause: z.enum(INACTIVE_CAUSES),
  deactivated_at: z.string().nullable(),
  reason: z.string().nullable(),
  deactivated_by: z.string().nullable(),
});
export type InactiveStudentRow = z.infer<typeof inactiveStudentRow>;

export const inactiveStudentPage = paginated(inactiveStudentRow);

export const deactivateStudentBody = z.strictObject({
  reason: z
    .string({ error: "Give the reason the student's sign-in is switched off" })
    .trim()
    .min(3, "Give the reason the student's sign-in is switched off (at least 3 characters)")
    .max(DEACTIVATION_REASON_MAX, `The reason can be at most ${DEACTIVATION_REASON_MAX} characters`),
});

export const studentAccountState = z.object({
  student_id: z.number().int(),
  user_id: z.number().int(),
  is_active: z.boolean(),
});
