import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cities, districts, prants, states, zones } from "./geography";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** An institute that manages a group of schools (role 17's account). */
export const masterInstitutes = pgTable(
  "master_institutes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    contactName: text("contact_name"),
    contactPhone: text("contact_phone"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("master_institutes_name_key").on(sql`lower(${t.name})`)],
);

/**
 * A school. Its place in the geography is stored at every level (zone … city) so that region
 * filters and counts need no joins through the tree; the API keeps the levels consistent.
 */
export const schools = pgTable(
  "schools",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** 1 government, 2 private, 3 aided, 4 institute (coaching or tuition centre). */
    categoryId: smallint("category_id").notNull().default(2),
    isActive: boolean("is_active").notNull().default(true),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => zones.id, { onDelete: "restrict" }),
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id, { onDelete: "restrict" }),
    prantId: integer("prant_id").references(() => prants.id, { onDelete: "restrict" }),
    districtId: integer("district_id").references(() => districts.id, { onDelete: "restrict" }),
    cityId: integer("city_id").references(() => cities.id, { onDelete: "restrict" }),
    address: text("address"),
    pincode: text("pincode"),
    contactName: text("contact_name"),
    contactPhone: text("contact_phone"),
    email: text("email").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    masterInstituteId: integer("master_institute_id").references(() => masterInstitutes.id, { onDelete: "restrict" }),
    /** Code other schools' students use when they register through this school's referral. */
    referralCode: text("referral_code").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("schools_referral_code_key").on(t.referralCode),
    index("schools_zone_idx").on(t.zoneId),
    index("schools_state_idx").on(t.stateId),
    index("schools_prant_idx").on(t.prantId),
    index("schools_district_idx").on(t.districtId),
    index("schools_city_idx").on(t.cityId),
    index("schools_master_institute_idx").on(t.masterInstituteId),
    index("schools_name_lower_idx").on(sql`lower(${t.name})`),
    check("schools_category_range", sql`${t.categoryId} between 1 and 4`),
  ],
);

export const STUDENT_LANGUAGES = [
  "en",
  "hi",
  "ta",
  "te",
  "kn",
  "ml",
  "mr",
  "gu",
  "pa",
  "bn",
  "or",
  "as",
  "sa",
  "ur",
] as const;

/**
 * A registered student. The school's region ids are copied here so that counts by region over a
 * million students use one index each instead of a join.
 */
export const students = pgTable(
  "students",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "restrict" }),
    /** Class 6-11 (VI-XI). */
    classLevel: smallint("class_level").notNull(),
    /** Exam language, an ISO 639-1 code from STUDENT_LANGUAGES. */
    language: text("language").notNull().default("en"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    dateOfBirth: date("date_of_birth"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    /** unpaid | pending | paid */
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    referredBySchoolId: integer("referred_by_school_id").references(() => schools.id, { onDelete: "restrict" }),
    zoneId: integer("zone_id").notNull(),
    stateId: integer("state_id").notNull(),
    prantId: integer("prant_id"),
    districtId: integer("district_id"),
    ...timestamps,
  },
  (t) => [
    index("students_school_idx").on(t.schoolId, t.classLevel),
    index("students_zone_idx").on(t.zoneId, t.paymentStatus),
    index("students_state_idx").on(t.stateId, t.paymentStatus),
    index("students_prant_idx").on(t.prantId, t.paymentStatus),
    index("students_district_idx").on(t.districtId, t.paymentStatus),
    index("students_referred_by_idx").on(t.referredBySchoolId),
    check("students_class_range", sql`${t.classLevel} between 6 and 11`),
    check("students_payment_status", sql`${t.paymentStatus} in ('unpaid', 'pending', 'paid')`),
    check(
      "students_language",
      sql`${t.language} in ('en','hi','ta','te','kn','ml','mr','gu','pa','bn','or','as','sa','ur')`,
    ),
  ],
);
