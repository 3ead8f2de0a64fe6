import { MAIL_ATTEMPT_OUTCOMES, MAIL_STATUSES } from "@repo/contracts/mail-constants";
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
} from "drizzle-orm/pg-core";
import { enumCheck } from "./checks";
import { jobs } from "./jobs";
import { users } from "./people";

/**
 * The mail service (docs/domain.md, Services every feature shares): templates per key and
 * language with every save kept as a version, the rendered content shared by many messages, the
 * queue of messages, their delivery attempts, and campaigns (one "send mail" to an audience).
 */

/** A template: one key in one language. `version` names the active row of mail_template_versions. */
export const mailTemplates = pgTable(
  "mail_templates",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    key: text("key").notNull(),
    language: text("language").notNull(),
    /** What the template is for, in words. */
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Shipped with the portal (seeded on start; an edited one is never overwritten). */
    builtIn: boolean("built_in").notNull().default(false),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("mail_templates_key_language_key").on(t.key, t.language),
    index("mail_templates_language_idx").on(t.language),
  ],
);

/**
 * Every save of a template. `body` is the (sanitised) source the editor edits; `html` is that
 * body wrapped in the portal's e-mail layout and `text` its plain-text part, both still holding
 * the {{ variables }}: rendered once at save time, filled when a message is delivered.
 */
export const mailTemplateVersions = pgTable(
  "mail_template_versions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer("template_id")
      .notNull()
      .references(() => mailTemplates.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    html: text("html").notNull(),
    /** The plain-text part; null when it could not keep the variables intact (then derived per message). */
    text: text("text"),
    /** The variables subject and body use, in order of first use. */
    variables: jsonb("variables").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("mail_template_versions_template_version_key").on(t.templateId, t.version)],
);

/**
 * Rendered content shared by many messages, so a 100,000-recipient campaign stores its HTML once:
 * subject, HTML and text with {{ variables }}, and the values every message of it shares. A
 * message adds its own values (a campaign's `name` and `email`, or all of a feature's values).
 * Contents of a template version without shared values are reused (`dedupe_key`).
 */
export const mailContents = pgTable(
  "mail_contents",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    templateVersionId: integer("template_version_id").references(() => mailTemplateVersions.id, {
      onDelete: "restrict",
    }),
    dedupeKey: text("dedupe_key"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text"),
    variables: jsonb("variables").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mail_contents_dedupe_key").on(t.dedupeKey)],
);

/** One "send mail" to an audience; its messages are created by a job (`job_id`). */
export const mailCampaigns = pgTable(
  "mail_campaigns",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The subject with the shared values filled ({{ name }} stays). */
    subject: text("subject").notNull(),
    templateKey: text("template_key"),
    language: text("language").notNull(),
    contentId: bigint("content_id", { mode: "number" })
      .notNull()
      .references(() => mailContents.id, { onDelete: "restrict" }),
    /** The audience as requested (mailAudience in contracts). */
    audience: jsonb("audience").notNull(),
    /** The audience in words. */
    audienceText: text("audience_text").notNull(),
    /** The sender's role when it was sent: its audience is expanded with that role's limits. */
    senderRoleId: smallint("sender_role_id").notNull(),
    invalid: integer("invalid").notNull().default(0),
    jobId: bigint("job_id", { mode: "number" }).references(() => jobs.id, { onDelete: "set null" }),
    preparedAt: timestamp("prepared_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_campaigns_created_idx").on(t.createdAt, t.id),
    index("mail_campaigns_created_by_idx").on(t.createdBy, t.createdAt),
  ],
);

/**
 * The queue: one row per recipient. queued → sending → sent | failed, or cancelled while queued.
 * A worker claims due rows (SKIP LOCKED) and holds them by a lease; `attempts` counts hand-overs
 * to SMTP. The rendered subject is kept per message; HTML and text come from the content.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    cc: text("cc").array().notNull().default(sql`'{}'::text[]`),
    /** Where replies go (a contact message: the school's own address). */
    replyTo: text("reply_to"),
    templateKey: text("template_key"),
    language: text("language"),
    contentId: bigint("content_id", { mode: "number" })
      .notNull()
      .references(() => mailContents.id, { onDelete: "restrict" }),
    /** This message's own values (the content holds the shared ones). */
    variables: jsonb("variables").$type<Record<string, string>>().notNull().default({}),
    subject: text("subject").notNull(),
    /** queued | sending | sent | failed | cancelled (MAIL_STATUSES in contracts). */
    status: text("status").notNull().default("queued"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** When the holder of a `sending` message handed it to SMTP (null: claimed, not handed yet). */
    handedAt: timestamp("handed_at", { withTimezone: true }),
    lastError: text("last_error"),
    campaignId: integer("campaign_id").references(() => mailCampaigns.id, { onDelete: "restrict" }),
    /** A mail that must go once whatever retries its sender makes (a receipt: `payment-receipt:order:12`). */
    onceKey: text("once_key"),
    queuedBy: integer("queued_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The worker's claim: due queued messages, oldest first.
    index("mail_messages_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    // Leases to recover, and the in-flight count of the rate limit.
    index("mail_messages_sending_idx").on(t.lockedUntil).where(sql`${t.status} = 'sending'`),
    // The outbox: newest first, by status, by template, by campaign.
    index("mail_messages_created_idx").on(t.createdAt, t.id),
    index("mail_messages_status_idx").on(t.status, t.createdAt),
    index("mail_messages_template_idx").on(t.templateKey, t.createdAt),
    index("mail_messages_campaign_idx").on(t.campaignId, t.status),
    // A campaign mails an address once, and re-running its expansion adds nothing twice.
    uniqueIndex("mail_messages_campaign_to_key")
      .on(t.campaignId, sql`lower(${t.toAddress})`)
      .where(sql`${t.campaignId} is not null`),
    uniqueIndex("mail_messages_once_key").on(t.onceKey).where(sql`${t.onceKey} is not null`),
    check("mail_messages_status", enumCheck(t.status, MAIL_STATUSES)),
  ],
);

/** Every delivery attempt of a message, with the SMTP server's answer as it was. */
export const mailAttempts = pgTable(
  "mail_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => mailMessages.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** sent | temporary-failure | permanent-failure | not-delivered (MAIL_ATTEMPT_OUTCOMES). */
    outcome: text("outcome").notNull(),
    code: integer("code"),
    response: text("response").notNull(),
  },
  (t) => [
    index("mail_attempts_message_idx").on(t.messageId, t.at),
    // The rate limit counts what was handed to SMTP in the last minute.
    index("mail_attempts_handed_idx").on(t.at).where(sql`${t.outcome} <> 'not-delivered'`),
    check("mail_attempts_outcome", enumCheck(t.outcome, MAIL_ATTEMPT_OUTCOMES)),
  ],
);
