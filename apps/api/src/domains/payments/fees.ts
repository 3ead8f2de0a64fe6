/**
 * A student's registration fee (docs/domain.md, "Fees and payments"; decision 017): the fee table's
 * row for REGISTRATION_FEE_LEVEL in the exam year and the country the student (or its school) is
 * in. The one place that reads `exam_fees`; orders charge it, dashboards and lists price with it.
 */
import type { Money } from "@repo/contracts/fees";
import { REGISTRATION_FEE_LEVEL } from "@repo/contracts/payments-constants";
import { type SQL, sql } from "drizzle-orm";

/**
 * `left join exam_fees f` on the registration fee of `country` (a column such as `st.country_id`)
 * in `year` (an id or a subquery); the caller selects `f.currency` and `f.amount_minor`, which are
 * null where no fee is set.
 */
export const registrationFeeJoin = (country: SQL, year: number | SQL): SQL =>
  sql`left join exam_fees f on f.country_id = ${country} and f.exam_year_id = ${year}
    and f.exam_level = ${REGISTRATION_FEE_LEVEL}`;

/** The fee as money from the joined columns; no fee set is null, never zero. */
export function registrationFee(row: { currency: string | null; fee_minor: number | string | null }): Money | null {
  return row.currency && row.fee_minor !== null
    ? { currency: row.currency.trim(), amount_minor: Number(row.fee_minor) }
    : null;
}
