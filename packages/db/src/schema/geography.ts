import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Geography is a tree: zone > state > prant > district > city (docs/domain.md, Geography). Names are unique
 * within their parent regardless of case; foreign keys refuse to orphan a child (RESTRICT).
 * Ids are "by default" identities so demo data can pin well-known ids (GCC zone = 13).
 */
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const countries = pgTable(
  "countries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("countries_name_key").on(sql`lower(${t.name})`), uniqueIndex("countries_code_key").on(t.code)],
);

export const zones = pgTable(
  "zones",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Null for a zone that spans several countries (GCC). */
    countryId: integer("country_id").references(() => countries.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    /** Short code; the value "GCC" marks the Gulf zone. */
    code: text("code").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("zones_name_key").on(sql`lower(${t.name})`), uniqueIndex("zones_code_key").on(t.code)],
);

export const states = pgTable(
  "states",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => zones.id, { onDelete: "restrict" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("states_zone_name_key").on(t.zoneId, sql`lower(${t.name})`),
    index("states_country_idx").on(t.countryId),
  ],
);

export const prants = pgTable(
  "prants",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("prants_state_name_key").on(t.stateId, sql`lower(${t.name})`)],
);

export const districts = pgTable(
  "districts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    prantId: integer("prant_id")
      .notNull()
      .references(() => prants.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("districts_prant_name_key").on(t.prantId, sql`lower(${t.name})`),
    // The lists' order: a page is cut by walking it, not by sorting every district.
    index("districts_name_order_idx").on(sql`lower(${t.name})`, t.id),
  ],
);

export const cities = pgTable(
  "cities",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    districtId: integer("district_id")
      .notNull()
      .references(() => districts.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cities_district_name_key").on(t.districtId, sql`lower(${t.name})`),
    // The lists' order: a page is cut by walking it, not by sorting every city.
    index("cities_name_order_idx").on(sql`lower(${t.name})`, t.id),
  ],
);
