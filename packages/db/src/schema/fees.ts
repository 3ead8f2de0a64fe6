import { EXAM_LEVELS } from "@repo/contracts/fees";
import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { enumCheck } from "./checks";
import { countries } from "./geography";
import { examYears } from "./schools";

/**
 * The fee table (docs/domain.md, Fees and payments): what one student pays for an exam level in a
 * country, per exam year, in that country's currency. Amounts are whole minor units (paise, fils)
 * so that no sum is ever rounded; `amountDue` in contracts/fees is the rule that uses them.
 */
export const examFees = pgTable(
  "exam_fees",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    examYearId: integer("exam_year_id")
      .notNull()
      .references(() => examYears.id, { onDelete: "restrict" }),
    /** mock | level1 | level2 (EXAM_LEVELS in contracts/fees). */
    examLevel: text("exam_level").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "restrict" }),
    /** ISO 4217 code: INR, AED, BHD… */
    currency: char("currency", { length: 3 }).notNull(),
    /** Per student, in the currency's minor unit (INR 150.00 is 15000). */
    amountMinor: integer("amount_minor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("exam_fees_year_level_country_key").on(t.examYearId, t.examLevel, t.countryId),
    index("exam_fees_country_idx").on(t.countryId),
    check("exam_fees_level", enumCheck(t.examLevel, EXAM_LEVELS)),
    check("exam_fees_amount_positive", sql`${t.amountMinor} > 0`),
    check("exam_fees_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
