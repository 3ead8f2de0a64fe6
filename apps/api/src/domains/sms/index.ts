/**
 * The SMS service (docs/domain.md, Services every feature shares; docs/decisions/051-sms-gateway.md).
 * A feature texts with `services.sms.send({ kind, to, vars })`: the message is checked, counted
 * against its number's limit, written to `sms_outbox` and handed to the gateway by a job of the
 * jobs queue (kernel/jobs/jobs.ts), which retries a temporary failure with backoff. The outbox app
 * lists every message with its state and retries a failed one.
 */
import { SECRET_MASK, SECRET_VARIABLES } from "@repo/contracts/mail-constants";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { SmsListQuery, SmsMessageItem } from "@repo/contracts/sms";
import {
  INTERRUPTED_SMS,
  NOT_SENT_NO_GATEWAY,
  SMS_SEND_JOB,
  SMS_SENDS_PER_NUMBER,
  SMS_TEMPLATE_VARIABLES,
  type SmsKind,
  type SmsStatus,
  smsText,
} from "@repo/contracts/sms-constants";
import { type Database, type DbOrTx, queryRows } from "@repo/db";
import { smsOutbox } from "@repo/db/schema";
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { enqueueJob, JobError, type JobHandler, JobRetryLater, wakeJobRunners } from "../../kernel/jobs/jobs";
import { hit, tooMany, tryAgain } from "../../kernel/rate-limit";
import { containing, idsIn, newestFirstPage } from "../../kernel/sql";
import { flowGateway, type SmsGatewayConfig, SmsGatewayError } from "./gateway";

export { FAKE_SMS_AUTH_KEY, FAKE_SMS_SENDER_ID, FAKE_SMS_TEMPLATES, type SmsGatewayConfig } from "./gateway";

import type { SmsInput, SmsService } from "./service";

export type { SmsInput, SmsService };

const masked = (vars: Readonly<Record<string, string>>) => {
  const shown: Record<string, string> = { ...vars };
  for (const name of SECRET_VARIABLES) if (name in shown) shown[name] = SECRET_MASK;
  return shown;
};

/** The rate limit's key of a number: its last 10 digits, so +91 and 0 prefixes are one number. */
const numberKey = (to: string) => `sms:to:${to.replace(/\D/g, "").slice(-10)}`;

/** Queues one text (see SmsService.send). */
export async function queueSms(db: DbOrTx, config: Pick<SmsGatewayConfig, "maxAttempts">, input: SmsInput) {
  const vars = input.vars as Record<string, string>;
  const missing = SMS_TEMPLATE_VARIABLES[input.kind].filter((name) => !vars[name]);
  // The template is registered with these variables: a message without one would be refused.
  if (missing.length > 0) throw new Error(`SMS ${input.kind} needs a value for ${missing.join(", ")}`);
  const limit = await hit(db, numberKey(input.to), SMS_SENDS_PER_NUMBER);
  if (!limit.allowed) {
    throw tooMany(`Too many text messages were sent to ${input.to} in the last hour. ${tryAgain(limit)}`, limit);
  }
  const [row] = await db
    .insert(smsOutbox)
    .values({
      to: input.to,
      kind: input.kind,
      body: smsText(input.kind, masked(vars)),
      variables: vars,
      queuedBy: input.queuedBy ?? null,
      studentId: input.studentId ?? null,
    })
    .returning({ id: smsOutbox.id });
  const id = Number(row?.id);
  await queueSendJob(db, config, id, input.queuedBy ?? null);
  return id;
}

/** The job that hands message `id` to the gateway, with the configured attempts. */
const queueSendJob = (
  db: DbOrTx,
  config: Pick<SmsGatewayConfig, "maxAttempts">,
  id: number,
  createdBy: number | null = null,
) => enqueueJob(db, { kind: SMS_SEND_JOB, payload: { message_id: id }, createdBy, maxAttempts: config.maxAttempts });

export function createSmsService(database: Database, config: SmsGatewayConfig): SmsService {
  return {
    async send(input, db = database.db) {
      const id = await queueSms(db, config, input);
      // Outside a transaction the job is committed: start it now rather than at the next poll.
      if (db === database.db) wakeJobRunners();
      return id;
    },
  };
}

/** Waits for a try: base × 2^(attempt-1) seconds after the `attempt`-th. */
export const smsRetryDelayMs = (config: Pick<SmsGatewayConfig, "retryBaseSeconds">, attempt: number) =>
  config.retryBaseSeconds * 2 ** Math.max(0, attempt - 1) * 1000;

/**
 * The job that hands message `payload.message_id` to the gateway. At most once, as mail
 * (docs/decisions/032-faults.md): the message is marked `sending` first, and a run that finds it
 * still `sending` (the previous run died mid-hand-over) fails it instead of sending it again.
 */
export function smsSendJob(services: Pick<Services, "config">): JobHandler {
  const config = services.config.sms;
  const gateway = config.url ? flowGateway({ ...config, url: config.url }) : null;
  return async ({ db, job }) => {
    const id = Number(job.payload.message_id);
    if (!gateway) {
      // Kept queued, and sent once a gateway is configured (queueUnsentSms at start).
      await db.execute(
        sql`update ${smsOutbox} set last_error = ${NOT_SENT_NO_GATEWAY}, updated_at = now() where id = ${id} and status = 'queued'`,
      );
      return { message_id: id, sent: false };
    }
    const [message] = await queryRows<{
      to: string;
      kind: SmsKind;
      variables: Record<string, string> | string;
      attempts: number;
    }>(
      db,
      sql`update ${smsOutbox} set status = 'sending', attempts = attempts + 1, next_attempt_at = null, updated_at = now()
          where id = ${id} and status = 'queued' and kind is not null
          returning "to", kind, variables, attempts`,
    );
    if (!message) {
      await db.execute(
        sql`update ${smsOutbox} set status = 'failed', last_error = ${INTERRUPTED_SMS}, updated_at = now()
            where id = ${id} and status = 'sending'`,
      );
      return { message_id: id, sent: false };
    }
    const variables = typeof message.variables === "string" ? JSON.parse(message.variables) : message.variables;
    const attempts = Number(message.attempts);
    try {
      const { gatewayId } = await gateway.send({ kind: message.kind, to: message.to, variables });
      // A sent message forgets its secrets (a password, a code): nobody needs them again.
      await db.execute(
        sql`update ${smsOutbox} set status = 'sent', sent_at = now(), gateway_id = ${gatewayId}, last_error = null,
              variables = variables - ${sql.raw(`array[${SECRET_VARIABLES.map((name) => `'${name}'`).join(", ")}]`)}::text[],
              updated_at = now()
            where id = ${id}`,
      );
      return { message_id: id, sent: true, gateway_id: gatewayId };
    } catch (error) {
      const reason =
        error instanceof SmsGatewayError ? error.message : `The SMS could not be sent: ${(error as Error).message}`;
      const temporary = !(error instanceof SmsGatewayError) || error.temporary;
      if (!temporary || attempts >= config.maxAttempts) {
        await db.execute(
          sql`update ${smsOutbox} set status = 'failed', last_error = ${reason}, updated_at = now() where id = ${id}`,
        );
        throw new JobError(reason);
      }
      const delayMs = smsRetryDelayMs(config, attempts);
      await db.execute(
        sql`update ${smsOutbox} set status = 'queued', last_error = ${reason},
              next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}::float8), updated_at = now()
            where id = ${id}`,
      );
      throw new JobRetryLater(reason, delayMs);
    }
  };
}

/** At start with a gateway: queues a job for each message that waited for one. Answers how many. */
export async function queueUnsentSms(db: DbOrTx, config: SmsGatewayConfig): Promise<number> {
  if (!config.url) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${smsOutbox} set last_error = null, updated_at = now()
        where status = 'queued' and last_error = ${NOT_SENT_NO_GATEWAY} returning id`,
  );
  for (const row of rows) {
    await queueSendJob(db, config, Number(row.id));
  }
  return rows.length;
}

// ── The outbox ────────────────────────────────────────────────────────────────────────────────

interface SmsRow {
  id: number;
  to: string;
  kind: SmsKind | null;
  body: string;
  status: SmsStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | Date | null;
  gateway_id: string | null;
  student_id: number | null;
  queued_by: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
}

const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());

const selectSms = sql`
  select m.id, m."to", m.kind, m.body, m.status, m.attempts, m.last_error, m.next_attempt_at, m.gateway_id,
         m.student_id, u.name as queued_by, m.created_at, m.sent_at
  from ${smsOutbox} m left join users u on u.id = m.queued_by`;

function toItem(row: SmsRow): SmsMessageItem {
  return {
    id: Number(row.id),
    to: row.to,
    kind: row.kind,
    text: row.body,
    status: row.status,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    next_attempt_at: row.status === "queued" ? iso(row.next_attempt_at) : null,
    gateway_id: row.gateway_id,
    student_id: row.student_id == null ? null : Number(row.student_id),
    queued_by: row.queued_by,
    created_at: iso(row.created_at) ?? "",
    sent_at: iso(row.sent_at),
  };
}

/** The SMS outbox, newest first. */
export async function listSms(db: DbOrTx, query: SmsListQuery): Promise<Page<SmsMessageItem>> {
  const where: SQL[] = [];
  if (query.status) where.push(sql`m.status = ${query.status}`);
  if (query.kind) where.push(sql`m.kind = ${query.kind}`);
  if (query.search) where.push(sql`m."to" ilike ${containing(query.search)}`);
  const condition = where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``;
  const list = { table: smsOutbox, select: selectSms, where: condition };
  const { rows, total } = await newestFirstPage<SmsRow>(db, list, query.page, query.per_page);
  return pageOf(rows.map(toItem), total, query.page, query.per_page);
}

export async function getSms(db: DbOrTx, id: number): Promise<SmsMessageItem> {
  const [row] = await queryRows<SmsRow>(db, sql`${selectSms} where m.id = ${id}`);
  if (!row) throw notFound("Text message");
  return toItem(row);
}

/** The newest text about each of these students (the school's list shows whether it arrived). */
export async function latestSmsOfStudents(db: DbOrTx, studentIds: readonly number[]) {
  if (studentIds.length === 0) return new Map<number, SmsMessageItem>();
  const rows = await queryRows<SmsRow>(
    db,
    sql`select distinct on (x.student_id) x.* from (${selectSms} where ${idsIn(sql`m.student_id`, studentIds)}) x
        order by x.student_id, x.id desc`,
  );
  return new Map(rows.map((row) => [Number(row.student_id), toItem(row)]));
}

/** Queues a failed message again, now, with a fresh attempts budget. 409 for any other status. */
export async function retrySms(
  db: Database["db"],
  config: Pick<SmsGatewayConfig, "maxAttempts">,
  id: number,
  actor: Actor,
): Promise<SmsMessageItem> {
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ last_error: string | null; attempts: number }>(
      tx,
      sql`with before as (select id, last_error, attempts from ${smsOutbox}
            where id = ${id} and status = 'failed' and kind is not null for update)
          update ${smsOutbox} m set status = 'queued', attempts = 0, last_error = null, next_attempt_at = null, updated_at = now()
          from before where m.id = before.id
          returning before.last_error, before.attempts`,
    );
    if (!before) {
      const current = await getSms(tx, id);
      throw new ApiError(
        409,
        current.kind === null
          ? "This message was queued before the SMS gateway existed and cannot be sent again."
          : `Only failed messages can be retried, and this one is ${current.status}.`,
      );
    }
    await queueSendJob(tx, config, id, actor.userId);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "sms_message.retry",
      entity: "sms_outbox",
      entityId: id,
      before: { status: "failed", attempts: Number(before.attempts), last_error: before.last_error },
      after: { status: "queued", attempts: 0 },
      requestId: actor.requestId,
    });
  });
  wakeJobRunners();
  return getSms(db, id);
}
