import { LANGUAGES } from "@repo/contracts/languages";
import { REFERRAL_STATUSES } from "@repo/contracts/referrals-constants";
import { SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import { CLASS_LEVELS, GENDERS, PAYMENT_STATUSES } from "@repo/contracts/students-constants";
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
import { enumCheck, rangeCheck } from "./checks";
import { cities, districts, prants, states, zones } from "./geography";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * An exam cycle ("2026-27"). Exactly one is active: students, payments, paper sets and results
 * belong to a year, and last year's stay readable.
 */
export const examYears = pgTable(
  "exam_years",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    label: text("label").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("exam_years_label_key").on(t.label),
    // At most one active year: the partial unique index refuses a second one.
    uniqueIndex("exam_years_one_active_key").on(t.isActive).where(sql`${t.isActive}`),
    check("exam_years_dates", sql`${t.startsOn} < ${t.endsOn}`),
  ],
);

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
    /** SCHOOL_BOARDS in contracts (CBSE, State Board…); unknown for schools made before registration. */
    boardId: smallint("board_id"),
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
    // With the id: a region's newest schools are one index walk, not a backward scan of every
    // school until a small state's first (decision 019).
    index("schools_zone_idx").on(t.zoneId, t.id),
    index("schools_state_idx").on(t.stateId, t.id),
    index("schools_prant_idx").on(t.prantId, t.id),
    index("schools_district_idx").on(t.districtId, t.id),
    index("schools_city_idx").on(t.cityId),
    index("schools_master_institute_idx").on(t.masterInstituteId),
    index("schools_name_lower_idx").on(sql`lower(${t.name})`),
    check(
      "schools_category_range",
      rangeCheck(
        t.categoryId,
        SCHOOL_CATEGORIES.map((c) => c.id),
      ),
    ),
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
 * A registered student. The school's region ids are copied here so that a region's students are
 * one index walk instead of a join.
 */
export const students = pgTable(
  "students",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /**
     * The school the student attends. Null only for an individual (source sif) student whose school
     * is not on the portal: then `unlisted_school_name` names it and the region ids below come from
     * the student's own pickers (docs/decisions/013-individual-students.md).
     */
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "restrict" }),
    /** The school an individual student named because it is not listed (set exactly when school_id is null). */
    unlistedSchoolName: text("unlisted_school_name"),
    /** Class 6-11 (VI-XI). */
    classLevel: smallint("class_level").notNull(),
    /** Exam language, an ISO 639-1 code from STUDENT_LANGUAGES. */
    language: text("language").notNull().default("en"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    dateOfBirth: date("date_of_birth"),
    /** female | male | other */
    gender: text("gender"),
    parentName: text("parent_name"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    examYearId: integer("exam_year_id")
      .notNull()
      .references(() => examYears.id, { onDelete: "restrict" }),
    /**
     * The duplicate rule's key (studentKey in contracts: name, date of birth, phone). Unique per
     * year, so a second school, a re-uploaded file or two requests at once cannot add the student
     * twice.
     */
    dedupeKey: text("dedupe_key").notNull(),
    /** Given when paid: {state code}{class}{6-digit sequence}, unique per year. */
    rollNumber: text("roll_number"),
    /** form | import | sif */
    source: text("source").notNull().default("form"),
    createdBy: integer("created_by"),
    /** unpaid | pending | paid */
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    referredBySchoolId: integer("referred_by_school_id").references(() => schools.id, { onDelete: "restrict" }),
    /**
     * A referred student's standing with the school that referred it (REFERRAL_STATUSES in
     * contracts/referrals-constants): pending until the school approves or rejects it. Null exactly
     * when the student was not referred.
     */
    referralStatus: text("referral_status"),
    /** Why the school rejected (or approved) the referral; required for a rejection. */
    referralReason: text("referral_reason"),
    referralDecidedAt: timestamp("referral_decided_at", { withTimezone: true }),
    referralDecidedBy: integer("referral_decided_by"),
    zoneId: integer("zone_id").notNull(),
    stateId: integer("state_id").notNull(),
    prantId: integer("prant_id"),
    districtId: integer("district_id"),
    ...timestamps,
  },
  (t) => [
    index("students_school_idx").on(t.schoolId, t.classLevel),
    // A region's students newest first (the coordinators' lists walk these backwards); counts by
    // region come from the tallies (docs/decisions/019-region-lists.md).
    index("students_zone_idx").on(t.zoneId, t.id),
    index("students_state_idx").on(t.stateId, t.id),
    index("students_prant_idx").on(t.prantId, t.id),
    index("students_district_idx").on(t.districtId, t.id),
    index("students_referred_by_idx").on(t.referredBySchoolId, t.referralStatus),
    uniqueIndex("students_year_dedupe_key").on(t.examYearId, t.dedupeKey),
    uniqueIndex("students_year_roll_number_key").on(t.examYearId, t.rollNumber),
    index("students_school_year_idx").on(t.schoolId, t.examYearId, t.id),
    // The region lists' date filter, "registered today" and participation over a date range: the
    // filters' columns are in the index, so these counts never read the table (decision 019).
    index("students_year_created_idx").on(
      t.examYearId,
      t.createdAt,
      t.zoneId,
      t.stateId,
      t.prantId,
      t.districtId,
      t.classLevel,
      t.language,
      t.paymentStatus,
      t.source,
    ),
    // The region lists' search (a name, roll number or phone by its beginning) and sorting by name.
    // In the C collation a btree serves both LIKE 'prefix%' and ORDER BY (decision 019).
    index("students_name_idx").on(sql`(lower(${t.firstName} || ' ' || ${t.lastName}) collate "C")`, t.examYearId, t.id),
    index("students_last_name_idx").on(sql`(lower(${t.lastName}) collate "C")`, t.examYearId),
    index("students_roll_number_prefix_idx").on(sql`(${t.rollNumber} collate "C")`),
    index("students_phone_prefix_idx").on(sql`(${t.contactPhone} collate "C")`),
    check("students_gender", sql`${t.gender} is null or ${enumCheck(t.gender, GENDERS)}`),
    check("students_source", sql`${t.source} in ('form', 'import', 'sif')`),
    check(
      "students_school_or_unlisted",
      sql`(${t.schoolId} is null) = (${t.unlistedSchoolName} is not null) and (${t.schoolId} is not null or ${t.source} = 'sif')`,
    ),
    // The individual-students lists read one year's sif students, newest first.
    index("students_sif_year_idx").on(t.examYearId, t.id).where(sql`${t.source} = 'sif'`),
    check("students_class_range", rangeCheck(t.classLevel, CLASS_LEVELS)),
    check("students_payment_status", enumCheck(t.paymentStatus, PAYMENT_STATUSES)),
    check(
      "students_referral_status",
      sql`(${t.referredBySchoolId} is null) = (${t.referralStatus} is null) and (${t.referralStatus} is null or ${enumCheck(t.referralStatus, REFERRAL_STATUSES)})`,
    ),
    check("students_language", enumCheck(t.language, LANGUAGES)),
  ],
);

/** Single-use links that prove a school reads its e-mail; only a hash of the token is kept. */
export const schoolEmailVerifications = pgTable(
  "school_email_verifications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("school_email_verifications_token_key").on(t.tokenHash),
    index("school_email_verifications_school_idx").on(t.schoolId),
  ],
);

/**
 * Where a school's or a master institute's referral payouts go. One row per owner; changes are
 * recorded in the activity log with the account number masked.
 */
export const bankDetails = pgTable(
  "bank_details",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "cascade" }),
    masterInstituteId: integer("master_institute_id").references(() => masterInstitutes.id, { onDelete: "cascade" }),
    accountHolder: text("account_holder").notNull(),
    accountNumber: text("account_number").notNull(),
    ifsc: text("ifsc").notNull(),
    bankName: text("bank_name").notNull(),
    branch: text("branch").notNull(),
    /** Storage key of the cancelled-cheque image. */
    chequeFileKey: text("cheque_file_key"),
    updatedBy: integer("updated_by"),
    /**
     * When an admin checked the account (payouts need it) and who; cleared whenever the account
     * holder, number or IFSC change, so a changed account is checked again before money goes to it.
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: integer("verified_by"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("bank_details_school_key").on(t.schoolId),
    uniqueIndex("bank_details_master_institute_key").on(t.masterInstituteId),
    check("bank_details_one_owner", sql`(${t.schoolId} is null) <> (${t.masterInstituteId} is null)`),
  ],
);
