import { z } from "zod";
import { pageField, perPageField, searchField } from "./pagination";
import { SMS_KINDS, SMS_STATUSES } from "./sms-constants";

/** One text message as the outbox lists it; secrets (password, codes) are masked in `text`. */
export const smsMessageItem = z.object({
  id: z.number().int(),
  to: z.string(),
  /** Null for a message queued before messages had kinds (it cannot be sent again). */
  kind: z.enum(SMS_KINDS).nullable(),
  text: z.string(),
  status: z.enum(SMS_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** When the next try is due, for a message still waiting for one. */
  next_attempt_at: z.string().nullable(),
  /** The gateway's id for the accepted message. */
  gateway_id: z.string().nullable(),
  student_id: z.number().int().nullable(),
  queued_by: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type SmsMessageItem = z.infer<typeof smsMessageItem>;

/** Filters of the SMS outbox list. */
export const smsListQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  status: z.enum(SMS_STATUSES, { error: `status must be one of ${SMS_STATUSES.join(", ")}` }).optional(),
  kind: z.enum(SMS_KINDS, { error: `kind must be one of ${SMS_KINDS.join(", ")}` }).optional(),
  /** Part of the number. */
  search: searchField,
});
export type SmsListQuery = z.infer<typeof smsListQuery>;
