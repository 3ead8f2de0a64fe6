import { z } from "zod";
import { idList } from "./geography";
import { wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { REGION_LIST_MESSAGES } from "./region-lists-constants";
import { money } from "./school-dashboard";

/**
 * The coordinator app's analytics and statistics (POST /api/admin/dashboard/…, decision 019), scoped
 * like the region lists. Each chart's figures come with the table the page shows beside it.
 */

const count = z.number().int().min(0);
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const isoDate = (name: string) =>
  z.preprocess(blank, z.iso.date({ error: `${name} must be a date like 2026-11-25` }).optional());

/** The toolbar's date range and the region filters every analytics call takes. */
export const analyticsFilters = z
  .strictObject({
    from: isoDate("from"),
    to: isoDate("to"),
    zone_id: z.preprocess(
      blank,
      wholeNumber(z.number().int().positive("zone_id must be an id").max(ID_MAX, "zone_id must be an id")).optional(),
    ),
    state_ids: idList("state_ids"),
  })
  .refine((body) => !body.from || !body.to || body.from <= body.to, {
    path: ["to"],
    message: REGION_LIST_MESSAGES.dates.replace("registered_to", "to").replace("registered_from", "from"),
  });
export type AnalyticsFilters = z.infer<typeof analyticsFilters>;

const byPayment = { total: count, paid: count, pending: count, unpaid: count };

/** Students by class and by language: who takes part (the date range narrows to registrations in it). */
export const participation = z.object({
  by_class: z.array(z.object({ class_level: z.number().int(), ...byPayment })),
  by_language: z.array(z.object({ language: z.string(), ...byPayment })),
  by_source: z.array(z.object({ source: z.enum(["school", "individual"]), ...byPayment })),
});
export type Participation = z.infer<typeof participation>;

/** Registrations and money received per day of the range. */
export const registrationsVsCollections = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      registered: count,
      /** Paid orders that day, and what they brought in, per currency. */
      orders: count,
      collected: z.array(money),
    }),
  ),
});
export type RegistrationsVsCollections = z.infer<typeof registrationsVsCollections>;

export const schoolAnalytics = z.object({
  total: count,
  active: count,
  verified: count,
  with_paid: count,
  /** School type: government, private, aided, institute. */
  by_category: z.array(z.object({ category_id: z.number().int(), schools: count, with_paid: count, students: count })),
  /** School category by board (CBSE, State Board…); 0 where not given. */
  by_board: z.array(z.object({ board_id: z.number().int(), schools: count, with_paid: count, students: count })),
});
export type SchoolAnalytics = z.infer<typeof schoolAnalytics>;

export const studyMaterialAnalytics = z.array(
  z.object({ id: z.number().int(), title: z.string(), buyers: count, collected: z.array(money) }),
);
export type StudyMaterialAnalytics = z.infer<typeof studyMaterialAnalytics>;

export const coordinatorCounts = z.array(z.object({ role_id: z.number().int(), active: count, inactive: count }));
export type CoordinatorCounts = z.infer<typeof coordinatorCounts>;

/** The Statistics page: each state (or district, for a prant or district coordinator) by class. */
export const statisticsSummary = z.object({
  level: z.enum(["state", "district"]),
  rows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      ...byPayment,
      by_class: z.array(z.object({ class_level: z.number().int(), total: count, paid: count })),
    }),
  ),
});
export type StatisticsSummary = z.infer<typeof statisticsSummary>;
