/**
 * Raised requests (docs/domain.md, Fees and payments): a school, institute or master institute asks pay support about a
 * payment (subject, the order, a message, an optional attachment); pay support moves it
 * open → in progress → resolved | rejected, each change with a comment the requester sees.
 */
import { z } from "zod";
import { pageField, paginated, perPageField, searchField } from "./pagination";
import { RAISED_REQUEST_LIMITS, RAISED_REQUEST_STATUSES } from "./payments-constants";

export const raisedRequestStatusField = z.enum(RAISED_REQUEST_STATUSES, {
  error: `status must be one of ${RAISED_REQUEST_STATUSES.join(", ")}`,
});

/** The form's fields (sent as multipart with the optional `attachment` file). */
export const raiseRequestBody = z.strictObject({
  subject: z
    .string({ error: "Give the request a subject" })
    .trim()
    .min(3, "Give the request a subject (at least 3 characters)")
    .max(RAISED_REQUEST_LIMITS.subjectMax, `The subject can be at most ${RAISED_REQUEST_LIMITS.subjectMax} characters`),
  message: z
    .string({ error: "Describe the problem" })
    .trim()
    .min(10, "Describe the problem (at least 10 characters): what you paid, when, and what went wrong")
    .max(RAISED_REQUEST_LIMITS.messageMax, `The message can be at most ${RAISED_REQUEST_LIMITS.messageMax} characters`),
  /** The order it is about (its id, or its reference ORD-000042 as the form shows it); optional. */
  order: z.string().trim().max(20, "Choose an order from the list").optional(),
});
export type RaiseRequestBody = z.infer<typeof raiseRequestBody>;

export const raisedRequestQuery = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  status: raisedRequestStatusField.optional(),
});
export type RaisedRequestQuery = z.infer<typeof raisedRequestQuery>;

export const raisedRequestRow = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: raisedRequestStatusField,
  /** The school, institute or master institute that raised it. */
  requester_name: z.string(),
  requester_username: z.string(),
  order_id: z.number().int().nullable(),
  order_reference: z.string().nullable(),
  has_attachment: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RaisedRequestRow = z.infer<typeof raisedRequestRow>;
export const raisedRequestPage = paginated(raisedRequestRow);

export const raisedRequestDetail = raisedRequestRow.extend({
  message: z.string(),
  attachment_name: z.string().nullable(),
  order_status: z.string().nullable(),
  changes: z.array(
    z.object({
      from_status: raisedRequestStatusField,
      to_status: raisedRequestStatusField,
      comment: z.string(),
      changed_by: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type RaisedRequestDetail = z.infer<typeof raisedRequestDetail>;

export const changeRaisedRequestBody = z.strictObject({
  comment: z
    .string({ error: "Write a comment for the requester" })
    .trim()
    .min(3, "Write a comment for the requester (at least 3 characters): what was done or why not")
    .max(RAISED_REQUEST_LIMITS.commentMax, `The comment can be at most ${RAISED_REQUEST_LIMITS.commentMax} characters`),
});
