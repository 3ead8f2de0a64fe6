import { bigint, boolean, char, date, index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/**
 * Pre-aggregated student counts for the coordinator console (docs/decisions/019-region-lists.md).
 * A national or zonal count over a million students takes 20-80 ms; these tables answer it from
 * a few thousand rows. Triggers on `students` keep them exact (migration 0010), so every figure a
 * dashboard shows equals the total of the list it links to.
 *
 * Rows are per exam year, region and the lists' filters that have few values (class, language,
 * payment status, source). Three grains: the country (a few hundred rows), by state for zonal and
 * state figures (a few thousand in all), by district for prant and district figures (a few hundred
 * per prant).
 * Search, dates and one school's students are counted from `students` itself. (No check that
 * counts stay at or above zero: PostgreSQL checks an upsert's proposed row, a negative delta, first.)
 */
const tallyColumns = {
  examYearId: integer("exam_year_id").notNull(),
  zoneId: integer("zone_id").notNull(),
  stateId: integer("state_id").notNull(),
  classLevel: smallint("class_level").notNull(),
  language: text("language").notNull(),
  paymentStatus: text("payment_status").notNull(),
  source: text("source").notNull(),
  students: integer("students").notNull(),
};

/** The whole country (a few hundred rows a year): the admins' unfiltered figures. */
export const studentYearTallies = pgTable(
  "student_year_tallies",
  {
    examYearId: integer("exam_year_id").notNull(),
    classLevel: smallint("class_level").notNull(),
    language: text("language").notNull(),
    paymentStatus: text("payment_status").notNull(),
    source: text("source").notNull(),
    students: integer("students").notNull(),
  },
  (t) => [
    primaryKey({
      name: "student_year_tallies_pkey",
      columns: [t.examYearId, t.classLevel, t.language, t.paymentStatus, t.source],
    }),
  ],
);

export const studentStateTallies = pgTable("student_state_tallies", tallyColumns, (t) => [
  primaryKey({
    name: "student_state_tallies_pkey",
    columns: [t.examYearId, t.stateId, t.classLevel, t.language, t.paymentStatus, t.source],
  }),
]);

export const studentDistrictTallies = pgTable(
  "student_district_tallies",
  {
    ...tallyColumns,
    /** 0 when the students have no prant or district (an unlisted school's individual students). */
    prantId: integer("prant_id").notNull(),
    districtId: integer("district_id").notNull(),
  },
  (t) => [
    primaryKey({
      name: "student_district_tallies_pkey",
      columns: [t.examYearId, t.districtId, t.prantId, t.stateId, t.classLevel, t.language, t.paymentStatus, t.source],
    }),
    index("student_district_tallies_prant_idx").on(t.examYearId, t.prantId),
  ],
);

/**
 * Each school's students this exam year by payment status: the school lists' counts, and "paid
 * schools" (at least one paid student) without reading the students.
 */
export const schoolStudentCounts = pgTable(
  "school_student_counts",
  {
    schoolId: integer("school_id").notNull(),
    examYearId: integer("exam_year_id").notNull(),
    students: integer("students").notNull().default(0),
    paid: integer("paid").notNull().default(0),
    pending: integer("pending").notNull().default(0),
  },
  (t) => [primaryKey({ name: "school_student_counts_pkey", columns: [t.schoolId, t.examYearId] })],
);

/**
 * Students registered per day (India Standard Time), for the analytics' registrations over time;
 * by state, and by district for prant and district coordinators.
 */
const dailyColumns = {
  examYearId: integer("exam_year_id").notNull(),
  zoneId: integer("zone_id").notNull(),
  stateId: integer("state_id").notNull(),
  day: date("day", { mode: "string" }).notNull(),
  students: integer("students").notNull(),
};

export const studentDailyStateTallies = pgTable("student_daily_state_tallies", dailyColumns, (t) => [
  primaryKey({ name: "student_daily_state_tallies_pkey", columns: [t.examYearId, t.day, t.stateId] }),
]);

export const studentDailyDistrictTallies = pgTable(
  "student_daily_district_tallies",
  {
    ...dailyColumns,
    prantId: integer("prant_id").notNull(),
    districtId: integer("district_id").notNull(),
  },
  (t) => [
    primaryKey({
      name: "student_daily_district_tallies_pkey",
      columns: [t.examYearId, t.districtId, t.day, t.prantId, t.stateId],
    }),
    index("student_daily_district_tallies_prant_idx").on(t.examYearId, t.prantId, t.day),
  ],
);

const schoolTallyColumns = {
  zoneId: integer("zone_id").notNull(),
  stateId: integer("state_id").notNull(),
  categoryId: smallint("category_id").notNull(),
  /** 0 when the school gave no board. */
  boardId: smallint("board_id").notNull(),
  isActive: boolean("is_active").notNull(),
  verified: boolean("verified").notNull(),
};

/**
 * Schools by state and the schools lists' and analytics' attributes (triggers on `schools`,
 * migration 0011): the country's and a state's school counts without reading 50,000 schools.
 */
export const schoolTallies = pgTable(
  "school_tallies",
  { ...schoolTallyColumns, schools: integer("schools").notNull() },
  (t) => [
    primaryKey({
      name: "school_tallies_pkey",
      columns: [t.stateId, t.categoryId, t.boardId, t.isActive, t.verified, t.zoneId],
    }),
  ],
);

/**
 * The same per exam year: schools with at least one paid student, and their students (triggers
 * on `school_student_counts`, and on `schools` when a school's attributes change).
 */
export const schoolYearTallies = pgTable(
  "school_year_tallies",
  {
    examYearId: integer("exam_year_id").notNull(),
    ...schoolTallyColumns,
    withPaid: integer("with_paid").notNull(),
    students: integer("students").notNull(),
  },
  (t) => [
    primaryKey({
      name: "school_year_tallies_pkey",
      columns: [t.examYearId, t.stateId, t.categoryId, t.boardId, t.isActive, t.verified, t.zoneId],
    }),
  ],
);

/**
 * Students registered per day by class and by language (with payment), by state: participation
 * and counts over a date range read these instead of the students (migration 0011).
 */
export const studentDailyClassTallies = pgTable(
  "student_daily_class_tallies",
  {
    ...dailyColumns,
    classLevel: smallint("class_level").notNull(),
    paymentStatus: text("payment_status").notNull(),
    source: text("source").notNull(),
  },
  (t) => [
    primaryKey({
      name: "student_daily_class_tallies_pkey",
      columns: [t.examYearId, t.day, t.stateId, t.classLevel, t.paymentStatus, t.source],
    }),
  ],
);

export const studentDailyLanguageTallies = pgTable(
  "student_daily_language_tallies",
  { ...dailyColumns, language: text("language").notNull(), paymentStatus: text("payment_status").notNull() },
  (t) => [
    primaryKey({
      name: "student_daily_language_tallies_pkey",
      columns: [t.examYearId, t.day, t.stateId, t.language, t.paymentStatus],
    }),
  ],
);

/**
 * Paid orders and the amount collected per day (India Standard Time) and currency, by the paying
 * school's state (0 for an order without a school: a master institute's, an unlisted student's).
 * A row trigger on `payment_orders` keeps it (migration 0013): the registrations-versus-collections
 * chart reads a few thousand rows instead of every paid order.
 */
export const paidOrderDailyTallies = pgTable(
  "paid_order_daily_tallies",
  {
    examYearId: integer("exam_year_id").notNull(),
    day: date("day").notNull(),
    zoneId: integer("zone_id").notNull(),
    stateId: integer("state_id").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    orders: integer("orders").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({
      name: "paid_order_daily_tallies_pkey",
      columns: [t.examYearId, t.day, t.stateId, t.currency, t.zoneId],
    }),
  ],
);
