import { JOB_STATUSES } from "@repo/contracts/jobs";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { enumCheck } from "./checks";
import { users } from "./people";

/**
 * Long work (imports, exports, a mail campaign's expansion…) as rows of a queue (docs/domain.md,
 * Services every feature shares). A runner claims a queued row with FOR UPDATE SKIP LOCKED and
 * holds it by a lease (`locked_until`) that it keeps extending while it works; a row whose lease
 * ran out belonged to a runner that died and is claimed again, at most `max_attempts` times.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** What to run: the key of a handler (`mail.campaign`). */
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    /** queued | running | done | failed (JOB_STATUSES in contracts). */
    status: text("status").notNull().default("queued"),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    result: jsonb("result"),
    /** Why it failed, in words for the person who started it. */
    error: text("error"),
    /** Runs started so far (a crash recovery starts another). */
    attempts: smallint("attempts").notNull().default(0),
    maxAttempts: smallint("max_attempts").notNull().default(3),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    /** The runner holding the job, and until when its lease lasts. */
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("jobs_queued_idx").on(t.runAfter, t.id).where(sql`${t.status} = 'queued'`),
    index("jobs_running_idx").on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index("jobs_created_by_idx").on(t.createdBy, t.createdAt),
    check("jobs_status", enumCheck(t.status, JOB_STATUSES)),
  ],
);
