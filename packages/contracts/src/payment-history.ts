/**
 * A payer's payment history (`payment-history`, decision 017): the orders of the signed-in school,
 * institute, master institute or student, newest first, with the invoice of each paid one.
 */
import { z } from "zod";
import { idField } from "./ids";
import { pageField, paginated, perPageField } from "./pagination";
import { ORDER_PURPOSES, ORDER_STATUSES } from "./payments-constants";

const isoDay = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-11-23`)
    .refine((value) => {
      const day = new Date(`${value}T00:00:00Z`);
      // 2026-02-30 rolls over to March and 2026-13-01 is no date at all: neither is a real day.
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    }, `${field} is not a real date`)
    .optional();

/** The programme's filter names (docs/domain.md, API conventions): `created_at[from]` and `created_at[to]`, days in India time, inclusive. */
export const paymentHistoryQuery = z
  .strictObject({
    page: pageField,
    per_page: perPageField,
    "created_at[from]": isoDay("created_at[from]"),
    "created_at[to]": isoDay("created_at[to]"),
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(", ")}` }).optional(),
  })
  .refine((q) => !q["created_at[from]"] || !q["created_at[to]"] || q["created_at[from]"] <= q["created_at[to]"], {
    message: "created_at[from] must not be after created_at[to]",
    path: ["created_at[to]"],
  });
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuery>;

const money = z.object({ currency: z.string(), amount_minor: z.number().int() });

export const paymentHistoryRow = z.object({
  id: z.number().int(),
  /** "ORD-000042" (orderReference). */
  reference: z.string(),
  purpose: z.enum(ORDER_PURPOSES),
  status: z.enum(ORDER_STATUSES),
  amount: money,
  /** Students (or study materials) the order covers. */
  items: z.number().int(),
  /** The first few item names, for the list ("Asha Verma, Ravi Kumar and 3 more"). */
  summary: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** As printed ("2026-27/000017"); null until paid. */
  invoice_number: z.string().nullable(),
  /** Why it failed, expired, was cancelled or was refunded. */
  status_reason: z.string().nullable(),
  /** While it waits for payment: when it releases what it holds by itself (decision 054); else null. */
  releases_at: z.string().nullable(),
});
export type PaymentHistoryRow = z.infer<typeof paymentHistoryRow>;

export const paymentHistoryPage = paginated(paymentHistoryRow);

export const invoiceQuery = z.strictObject({
  order_id: idField("order_id", "order_id must be an order number"),
});
