import { ROLE_IDS } from "@repo/contracts/roles-constants";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { rangeCheck } from "./checks";
import { countries, districts, prants, states, zones } from "./geography";
import { masterInstitutes, schools, students } from "./schools";

/**
 * People who sign in. Role ids are numeric (1-18, packages/auth/roles). Usernames are unique
 * regardless of case. A school account (2, 18) points at its school, a master institute (17) at
 * its institute, a student (1) at its student record.
 */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    roleId: smallint("role_id").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** When, why and by whom the account was switched off (pay support deactivates a student's account). */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    deactivationReason: text("deactivation_reason"),
    deactivatedBy: integer("deactivated_by"),
    passwordHash: text("password_hash").notNull(),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** Set when someone who manages the user gave it a new password: it chooses its own at next sign-in. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    fullName: text("full_name"),
    designation: text("designation"),
    team: text("team"),
    /** Storage key of the profile photo (never a path inside a served folder). */
    profilePhoto: text("profile_photo"),
    mobile: text("mobile"),
    mobileVerified: boolean("mobile_verified").notNull().default(false),
    zoneId: integer("zone_id").references(() => zones.id, { onDelete: "restrict" }),
    countryId: integer("country_id").references(() => countries.id, { onDelete: "restrict" }),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "restrict" }),
    masterInstituteId: integer("master_institute_id").references(() => masterInstitutes.id, { onDelete: "restrict" }),
    studentId: integer("student_id").references(() => students.id, { onDelete: "restrict" }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    index("users_role_idx").on(t.roleId),
    index("users_school_idx").on(t.schoolId),
    index("users_email_lower_idx").on(sql`lower(${t.email})`),
    // The inactive-students list reads only the few switched-off accounts.
    index("users_inactive_idx").on(t.roleId, t.deactivatedAt).where(sql`not ${t.isActive}`),
    check("users_role_id_range", rangeCheck(t.roleId, ROLE_IDS)),
  ],
);

/**
 * A coordinator's responsibility: one geography node of its level. Exactly one of the node
 * columns is set; `coordinatable_name` in the API is that node's name.
 */
export const assignments = pgTable(
  "coordinator_assignments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    zoneId: integer("zone_id").references(() => zones.id, { onDelete: "restrict" }),
    stateId: integer("state_id").references(() => states.id, { onDelete: "restrict" }),
    prantId: integer("prant_id").references(() => prants.id, { onDelete: "restrict" }),
    districtId: integer("district_id").references(() => districts.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("assignments_user_idx").on(t.userId),
    index("assignments_zone_idx").on(t.zoneId),
    index("assignments_state_idx").on(t.stateId),
    index("assignments_prant_idx").on(t.prantId),
    index("assignments_district_idx").on(t.districtId),
    check("assignments_one_node", sql`num_nonnulls(${t.zoneId}, ${t.stateId}, ${t.prantId}, ${t.districtId}) = 1`),
  ],
);

/**
 * One app's session. A sign-in (one login) may reach several apps through handoff codes; all its
 * sessions share `sign_in_id` so that signing out anywhere revokes them all. Only a SHA-256 of the
 * bearer token is stored.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    signInId: uuid("sign_in_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    app: text("app").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * When a request of this session last changed something, set only with a read replica: for a
     * while after it the session's reports read the primary, so it sees its own write (decision 067).
     */
    wroteAt: timestamp("wrote_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_sign_in_idx").on(t.signInId),
    index("sessions_user_idx").on(t.userId),
  ],
);

/**
 * Single-use codes that move a sign-in to another app (docs/decisions/003-sessions-and-handoff.md): 60 s, bound to the app
 * and to the browser that asked for it (SHA-256 of its handoff nonce, docs/decisions/028-app-request-checks.md).
 */
export const handoffCodes = pgTable(
  "handoff_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    codeHash: text("code_hash").notNull(),
    signInId: uuid("sign_in_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetApp: text("target_app").notNull(),
    browserBindingHash: text("browser_binding_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("handoff_codes_code_hash_key").on(t.codeHash)],
);

/** Mobile verification codes: stored hashed, 10 minutes, single use, 5 attempts. */
export const mobileOtps = pgTable(
  "mobile_otps",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mobile: text("mobile").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mobile_otps_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Text messages: queued by the SMS service, handed to the gateway by a job each
 * (docs/decisions/051-sms-gateway.md). `body` is the text as the recipient reads it; `variables`
 * fill the kind's registered template, and lose their secrets once the message is sent.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    body: text("body").notNull(),
    /** SMS_KINDS in contracts; null for messages queued before kinds existed. */
    kind: text("kind"),
    variables: jsonb("variables").$type<Record<string, string>>().notNull().default({}),
    /** SMS_STATUSES in contracts. */
    status: text("status").notNull().default("queued"),
    attempts: smallint("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** The gateway's id of the accepted message. */
    gatewayId: text("gateway_id"),
    queuedBy: integer("queued_by").references(() => users.id, { onDelete: "set null" }),
    /** The student the message is about (the school sees its state). */
    studentId: integer("student_id").references(() => students.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sms_outbox_created_idx").on(t.createdAt, t.id), index("sms_outbox_student_idx").on(t.studentId, t.id)],
);

/** Who changed what, when: written by every state-changing endpoint. */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_log_entity_idx").on(t.entity, t.entityId),
    index("activity_log_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Fixed-window request counters shared by every API instance (login, OTP, username checks). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    /** When the window ends; housekeeping deletes the row after that (keys have windows of 1 min to 90 days). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
);

/**
 * Forgotten-password secrets (docs/decisions/052-forgotten-passwords.md): a mailed link (`link`,
 * 30 minutes) or a texted code (`code`, limited attempts), stored as a SHA-256 only. A newer
 * secret of the same kind retires the older one (`retired_at`), so its page can say so.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    secretHash: text("secret_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("password_resets_link_key").on(t.secretHash).where(sql`${t.kind} = 'link'`),
    index("password_resets_user_idx").on(t.userId, t.kind),
    check("password_resets_kind", sql`${t.kind} in ('link', 'code')`),
  ],
);
