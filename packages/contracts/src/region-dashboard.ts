import { z } from "zod";
import { money } from "./school-dashboard";

/**
 * The coordinator app's dashboard (POST /api/admin/dashboard/…): the region at a glance, every
 * figure scoped like the lists it links to and equal to their totals (decision 019).
 */

const count = z.number().int().min(0);

export const dashboardCards = z.object({
  exam_year: z.string(),
  /** The programme's day (India Standard Time) "today" counts, e.g. 2026-11-25. */
  today: z.string(),
  schools: count,
  students: count,
  paid: count,
  pending: count,
  unpaid: count,
  /** Students registered today; `today_capped`: more than this many. */
  registered_today: count,
  registered_today_capped: z.boolean(),
  /** Paid orders of the region's schools and their students, per currency (admins: every order). */
  collected: z.array(money),
});
export type DashboardCards = z.infer<typeof dashboardCards>;

export const stateSummaryRow = z.object({
  state_id: z.number().int(),
  state: z.string(),
  zone: z.string(),
  schools: count,
  students: count,
  paid: count,
  pending: count,
  unpaid: count,
});
export type StateSummaryRow = z.infer<typeof stateSummaryRow>;

export const recentActivity = z.object({
  students: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      class_level: z.number().int(),
      school_name: z.string(),
      payment_status: z.string(),
      created_at: z.string(),
    }),
  ),
  schools: z.array(
    z.object({ id: z.number().int(), name: z.string(), state: z.string().nullable(), created_at: z.string() }),
  ),
  payments: z.array(
    z.object({
      order_id: z.number().int(),
      payer: z.string(),
      amount: money,
      paid_at: z.string(),
    }),
  ),
});
export type RecentActivity = z.infer<typeof recentActivity>;
