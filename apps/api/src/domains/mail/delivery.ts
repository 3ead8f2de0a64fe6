import { NOT_DELIVERED_NO_SMTP, SECRET_VARIABLES } from "@repo/contracts/mail-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { type Db, isDatabaseUnavailable, queryRows } from "@repo/db";
import { mailAttempts, mailContents, mailMessages } from "@repo/db/schema";
import { type SQL, sql } from "drizzle-orm";
import nodemailer, { type NodemailerError, type Transporter } from "nodemailer";
import type { MailConfig, Services } from "../../context";
import type { Metrics } from "../../kernel/http/metrics";
import { workerId } from "../../kernel/jobs/jobs";
import { holderIsGone, holdPresence } from "../../kernel/jobs/presence";
import type { Logger } from "../../logger";
import { type ContentTemplates, parsedContent, renderParts } from "./render";

/**
 * The delivery worker: runs in every API process (started by server.ts; tests drive `tick()`).
 *
 * - Claims due queued messages with FOR UPDATE SKIP LOCKED, marks them `sending` and holds them
 *   by a lease it renews while it sends; two instances never claim the same message.
 * - At most `ratePerMinute` messages go to SMTP per minute across all instances: the claim
 *   counts, under one advisory lock, the attempts of the last minute plus the messages in flight.
 * - Sends through one pooled nodemailer transport (SMTP_URL, MAIL_FROM). A 2xx reply is `sent`; a
 *   5xx reply fails the message at once; anything else (4xx, refused or dropped connections,
 *   timeouts, a misconfigured server) is retried after base × 2^(attempt-1) seconds, up to
 *   `maxAttempts`. Every hand-over is one row of mail_attempts.
 * - At most once (docs/decisions/032-faults.md): a claimed message is marked handed over
 *   (`handed_at`) just before it goes to SMTP, one at a time on each of the pool's connections,
 *   so only the few really in flight are in doubt when a worker dies. A `sending` message whose
 *   worker died is put back in the queue if it was never handed over; if it was, it may have been
 *   delivered, so it is failed (with a message saying so) and never resent automatically; a person
 *   can retry it from the outbox. A worker that starts recovers at once the messages of workers
 *   that are gone (kernel/jobs/presence.ts); the others wait for their lease. A worker that handed
 *   a batch over while the database went away keeps its outcomes and writes them once the
 *   database is back, so they are not lost.
 * - Without SMTP_URL nothing is sent: queued messages stay queued with last_error
 *   NOT_DELIVERED_NO_SMTP and one `not-delivered` attempt row each (written once, not every tick);
 *   once SMTP_URL is set they are delivered.
 */

export const INTERRUPTED_DELIVERY =
  "Delivery was interrupted: the server stopped while handing this message to the SMTP server, so it may have been delivered. It is not resent automatically; retry it by hand if the recipient did not get it.";

/** A delivered message forgets its secrets (passwords, codes): nobody needs them again. */
const SECRET_VARIABLES_SQL = sql`array[${sql.join(
  SECRET_VARIABLES.map((name) => sql`${name}`),
  sql`, `,
)}]::text[]`;

/** Pause between tries to record outcomes while the database cannot be reached. */
const RECORD_RETRY_MS = 1000;

/** One key for the claim's advisory lock (the rate limit's count and the claim happen under it). */
const CLAIM_LOCK = 727_001;

/** SMTP connections of a worker's pool, and so its messages in flight at once (decision 072). */
export const SMTP_CONNECTIONS = 5;

export interface MailWorkerOptions {
  /** Messages claimed at a time. */
  batchSize?: number;
  /** Pause between ticks that found nothing to do. */
  pollMs?: number;
  /** How long a claim holds its messages; renewed every third of it while sending. */
  leaseSeconds?: number;
  logger: Logger;
  id?: string;
}

export interface TickResult {
  /** Messages handed to SMTP in this tick. */
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Messages found in `sending` with an expired lease, handed over, and failed. */
  recovered: number;
  /** Messages found in `sending` with an expired lease, never handed over, and queued again. */
  requeued: number;
  /** Messages marked NOT_DELIVERED_NO_SMTP (no SMTP configured). */
  notDelivered: number;
  /** The rate limit allowed no more this minute. */
  rateLimited: boolean;
}

interface ClaimedMessage {
  id: number;
  to_address: string;
  cc: string[] | string | null;
  reply_to: string | null;
  subject: string;
  content_id: number;
  variables: Record<string, string> | string;
  attempts: number;
}

interface Outcome {
  id: number;
  outcome: "sent" | "temporary-failure" | "permanent-failure";
  code: number | null;
  response: string;
}

/** Failures of the connection or configuration, never of the message: always worth another try. */
const CONFIGURATION_ERRORS = new Set(["EAUTH", "ENOAUTH", "ETLS", "ECONFIG", "EOAUTH2", "EPROXY", "EDNS"]);

/** Sorts a nodemailer error into a permanent (5xx) or temporary failure, keeping the reply as it was. */
export function classifyFailure(error: unknown): Omit<Outcome, "id"> {
  const e = (error ?? {}) as NodemailerError;
  const code = typeof e.responseCode === "number" ? e.responseCode : null;
  const reason = e.response ?? `${e.code ? `${e.code}: ` : ""}${e.message ?? String(error)}`;
  const permanent =
    code !== null && code >= 500 && code < 600 && code !== 503 && !CONFIGURATION_ERRORS.has(e.code ?? "");
  return { outcome: permanent ? "permanent-failure" : "temporary-failure", code, response: reason.slice(0, 2000) };
}

const textArray = (value: string[] | string | null): string[] =>
  Array.isArray(value) ? value : !value || value === "{}" ? [] : value.slice(1, -1).split(",");
const jsonObject = (value: Record<string, string> | string): Record<string, string> =>
  typeof value === "string" ? JSON.parse(value) : value;

export interface MailWorker {
  readonly id: string;
  /** One round: recover leases, then deliver one batch (or mark messages undeliverable). */
  tick(): Promise<TickResult>;
  /** Loops `tick()` until stopped: again at once after a full batch, else after `pollMs`. */
  start(): void;
  /** Stops the loop; resolves after the batch in hand is recorded and the SMTP pool is closed. */
  stop(): Promise<void>;
}

export function createMailWorker(
  services: Pick<Services, "database" | "config"> & { metrics?: Metrics },
  options: MailWorkerOptions,
): MailWorker {
  const db: Db = services.database.db;
  const config: MailConfig = services.config.mail;
  const id = options.id ?? workerId("mail");
  const batchSize = options.batchSize ?? 50;
  const pollMs = options.pollMs ?? 1000;
  const leaseSeconds = options.leaseSeconds ?? 300;
  const log = options.logger.child({ worker: id });
  const transport: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport({
        pool: true,
        url: config.smtpUrl,
        maxConnections: SMTP_CONNECTIONS,
        maxMessages: 1000,
        // Every hand-over is ours to count and log: the pool must not resend on its own.
        maxRequeues: 0,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
  const contents = new Map<number, { templates: ContentTemplates; shared: Record<string, string> }>();

  /**
   * Recovers the `sending` messages that match `held` (their worker is gone or its lease ran
   * out): those never handed over go back to the queue; those handed over are failed as
   * interrupted and never resent automatically.
   */
  async function recover(held: SQL, why: string): Promise<{ failed: number; requeued: number }> {
    const rows = await queryRows<{ id: number; status: string }>(
      db,
      sql`update ${mailMessages} set
            status = case when handed_at is null then 'queued' else 'failed' end,
            last_error = case when handed_at is null then last_error else ${INTERRUPTED_DELIVERY} end,
            locked_by = case when handed_at is null then null else locked_by end,
            locked_until = null, updated_at = now()
          where status = 'sending' and ${held}
          returning id, status`,
    );
    const failed = rows.filter((r) => r.status === "failed").map((r) => Number(r.id));
    const requeued = rows.filter((r) => r.status === "queued").map((r) => Number(r.id));
    if (failed.length > 0) log.warn({ messages: failed }, `failed messages handed to SMTP by ${why}`);
    if (requeued.length > 0) log.info({ messages: requeued }, `queued again messages claimed by ${why}`);
    return { failed: failed.length, requeued: requeued.length };
  }

  /** Messages whose worker died mid-delivery (their lease ran out). */
  const recoverStale = () => recover(sql`locked_until < now()`, "an interrupted delivery");

  /** At start: at once, the `sending` messages of workers that are gone (not after their lease). */
  const recoverOrphans = () =>
    recover(sql`locked_until >= now() and ${holderIsGone(sql`locked_by`)}`, "a worker that is gone");

  /**
   * Writes the outcomes of messages already handed to SMTP. While the database cannot be reached
   * it tries again each second (until stopped): lost outcomes would fail delivered mail.
   */
  async function recordSurely(messages: ClaimedMessage[], outcomes: Outcome[]) {
    for (;;) {
      try {
        return await record(messages, outcomes);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || stopped) throw error;
        log.warn({ err: error }, "could not record delivered mail: the database cannot be reached; trying again");
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
      }
    }
  }

  /** Without SMTP: says so once on each queued message (last_error and one attempt row). */
  async function markNotDelivered(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with picked as (
            select id from ${mailMessages}
            where status = 'queued' and (last_error is null or last_error <> ${NOT_DELIVERED_NO_SMTP})
            order by next_attempt_at, id
            limit 1000
            for update skip locked),
          marked as (
            update ${mailMessages} m set last_error = ${NOT_DELIVERED_NO_SMTP}, updated_at = now()
            from picked where m.id = picked.id
            returning m.id),
          logged as (
            insert into ${mailAttempts} (message_id, outcome, code, response)
            select id, 'not-delivered', null, ${NOT_DELIVERED_NO_SMTP} from marked
            returning 1)
          select count(*)::int as n from logged`,
    );
    return Number(row?.n ?? 0);
  }

  /** Claims up to a batch of due messages, within what the rate limit leaves for this minute. */
  async function claim(): Promise<{ messages: ClaimedMessage[]; rateLimited: boolean }> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
      const [used] = await queryRows<{ handed: number; in_flight: number }>(
        tx,
        sql`select
              (select count(*)::int from ${mailAttempts} where outcome <> 'not-delivered' and at > now() - interval '1 minute') as handed,
              (select count(*)::int from ${mailMessages} where status = 'sending') as in_flight`,
      );
      const budget = Math.min(
        batchSize,
        config.ratePerMinute - Number(used?.handed ?? 0) - Number(used?.in_flight ?? 0),
      );
      if (budget <= 0) return { messages: [], rateLimited: true };
      const messages = await queryRows<ClaimedMessage>(
        tx,
        sql`update ${mailMessages} m set status = 'sending', handed_at = null, locked_by = ${id},
              locked_until = now() + make_interval(secs => ${leaseSeconds}::float8), updated_at = now()
            where m.id in (
              select id from ${mailMessages}
              where status = 'queued' and next_attempt_at <= now()
              order by next_attempt_at, id
              limit ${budget}
              for update skip locked)
            returning m.id, m.to_address, m.cc, m.reply_to, m.subject, m.content_id, m.variables, m.attempts`,
      );
      return { messages, rateLimited: false };
    });
  }

  async function loadContents(ids: number[]) {
    const missing = [...new Set(ids)].filter((contentId) => !contents.has(contentId));
    if (missing.length === 0) return;
    const rows = await queryRows<{
      id: number;
      subject: string;
      html: string;
      text: string | null;
      variables: Record<string, string> | string;
    }>(
      db,
      sql`select id, subject, html, text, variables from ${mailContents}
          where id in (${sql.join(
            missing.map((contentId) => sql`${contentId}`),
            sql`, `,
          )})`,
    );
    if (contents.size > 500) contents.clear();
    for (const row of rows) {
      contents.set(Number(row.id), {
        templates: { subject: row.subject, html: row.html, text: row.text },
        shared: jsonObject(row.variables),
      });
    }
  }

  /**
   * Marks a claimed message handed over (one attempt more) just before it goes to SMTP; false
   * when this worker no longer holds it (its lease ran out and it was recovered).
   */
  async function handOver(message: ClaimedMessage): Promise<boolean> {
    const [row] = await queryRows<{ attempts: number }>(
      db,
      sql`update ${mailMessages} set handed_at = now(), attempts = attempts + 1, updated_at = now()
          where id = ${message.id} and locked_by = ${id} and status = 'sending' and handed_at is null
          returning attempts`,
    );
    if (!row) return false;
    message.attempts = Number(row.attempts);
    return true;
  }

  /** What this worker claimed and did not hand over (the database went away) goes back to the queue. */
  async function releaseUnhanded(): Promise<void> {
    await db
      .execute(
        sql`update ${mailMessages} set status = 'queued', locked_by = null, locked_until = null, updated_at = now()
            where locked_by = ${id} and status = 'sending' and handed_at is null`,
      )
      .catch((error: unknown) =>
        // Not lost: their lease runs out and they are queued again then.
        log.warn({ err: error }, "could not put back mail claimed and not handed over"),
      );
  }

  /**
   * Hands the batch to SMTP on as many lanes as the pool has connections, marking each message
   * just before it goes: only messages really in flight are handed over when the process dies.
   */
  async function deliverAll(messages: ClaimedMessage[], mailer: Transporter) {
    const handed: ClaimedMessage[] = [];
    const outcomes: Outcome[] = [];
    const waiting = [...messages];
    let unhanded = 0;
    await Promise.all(
      Array.from({ length: Math.min(SMTP_CONNECTIONS, waiting.length) }, async () => {
        for (let message = waiting.shift(); message; message = waiting.shift()) {
          const mine = await handOver(message).catch((error: unknown) => {
            log.warn({ err: error, message: Number(message.id) }, "could not mark mail handed over; not sent now");
            unhanded += 1;
            return false;
          });
          if (!mine) continue;
          handed.push(message);
          outcomes.push(await deliver(message, mailer));
        }
      }),
    );
    if (unhanded > 0) await releaseUnhanded();
    return { handed, outcomes };
  }

  async function deliver(message: ClaimedMessage, mailer: Transporter): Promise<Outcome> {
    try {
      const content = contents.get(Number(message.content_id));
      if (!content) throw new Error(`content ${message.content_id} is missing`);
      const values = { ...content.shared, ...jsonObject(message.variables) };
      const parts = renderParts(parsedContent(`content:${message.content_id}`, content.templates), values, "literal");
      const info = await mailer.sendMail({
        from: config.from,
        to: message.to_address,
        cc: textArray(message.cc),
        ...(message.reply_to ? { replyTo: message.reply_to } : {}),
        // The subject was filled (on one line) when the message was queued.
        subject: message.subject.replace(/[\r\n]+/g, " "),
        html: parts.html,
        text: parts.text,
        headers: { "X-Exam-Portal-Message": String(message.id) },
      });
      const response = String(info.response ?? "250 accepted");
      const code = Number.parseInt(response, 10);
      return { id: Number(message.id), outcome: "sent", code: Number.isFinite(code) ? code : null, response };
    } catch (error) {
      return { id: Number(message.id), ...classifyFailure(error) };
    }
  }

  /** Writes the outcomes: attempt rows, and each message's new status (only while this worker holds it). */
  async function record(messages: ClaimedMessage[], outcomes: Outcome[]) {
    const attemptsOf = new Map(messages.map((m) => [Number(m.id), Number(m.attempts)]));
    const updates = outcomes.map((o) => {
      const attempts = attemptsOf.get(o.id) ?? 1;
      if (o.outcome === "sent") return { id: o.id, status: "sent", error: null, delay: null };
      if (o.outcome === "permanent-failure") return { id: o.id, status: "failed", error: o.response, delay: null };
      if (attempts >= config.maxAttempts) {
        return {
          id: o.id,
          status: "failed",
          error: `Gave up after ${countOf(attempts, COUNTED.attempt)}: ${o.response}`,
          delay: null,
        };
      }
      return {
        id: o.id,
        status: "queued",
        error: o.response,
        delay: config.retryBaseSeconds * 2 ** (attempts - 1),
      };
    });
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into ${mailAttempts} (message_id, outcome, code, response)
            select r.id, r.outcome, r.code, r.response
            from json_to_recordset(${JSON.stringify(outcomes)}::json) as r(id bigint, outcome text, code int, response text)`,
      );
      // A message recovered as interrupted while this worker was slow keeps locked_by = this
      // worker: the late but true outcome still replaces the guess.
      await tx.execute(
        sql`update ${mailMessages} m set status = r.status, last_error = r.error,
              next_attempt_at = case when r.delay is null then m.next_attempt_at else now() + make_interval(secs => r.delay) end,
              sent_at = case when r.status = 'sent' then now() else m.sent_at end,
              variables = case when r.status = 'sent' then m.variables - ${SECRET_VARIABLES_SQL} else m.variables end,
              locked_until = null, updated_at = now()
            from json_to_recordset(${JSON.stringify(updates)}::json) as r(id bigint, status text, error text, delay float8)
            where m.id = r.id and m.locked_by = ${id} and m.status in ('sending', 'failed')`,
      );
    });
  }

  async function tick(): Promise<TickResult> {
    const stale = await recoverStale();
    const result: TickResult = {
      claimed: 0,
      sent: 0,
      retrying: 0,
      failed: 0,
      recovered: stale.failed,
      requeued: stale.requeued,
      notDelivered: 0,
      rateLimited: false,
    };
    services.metrics?.mailDelivered("interrupted", result.recovered);
    if (!transport) {
      result.notDelivered = await markNotDelivered();
      return result;
    }
    const { messages, rateLimited } = await claim();
    result.rateLimited = rateLimited;
    result.claimed = messages.length;
    if (messages.length === 0) return result;
    const renew = setInterval(
      () => {
        void db
          .execute(
            sql`update ${mailMessages} set locked_until = now() + make_interval(secs => ${leaseSeconds}::float8)
                where locked_by = ${id} and status = 'sending'`,
          )
          .catch((error: unknown) => log.warn({ err: error }, "could not renew the delivery lease"));
      },
      (leaseSeconds * 1000) / 3,
    );
    try {
      await loadContents(messages.map((m) => Number(m.content_id))).catch(async (error: unknown) => {
        // Nothing of the batch went to SMTP: it goes back to the queue now, not after its lease.
        await releaseUnhanded();
        throw error;
      });
      const { handed, outcomes } = await deliverAll(messages, transport);
      await recordSurely(handed, outcomes);
      for (const o of outcomes) {
        if (o.outcome === "sent") result.sent++;
        else if (o.outcome === "permanent-failure") result.failed++;
        else {
          const attempts = handed.find((m) => Number(m.id) === o.id)?.attempts ?? 1;
          if (Number(attempts) >= config.maxAttempts) result.failed++;
          else result.retrying++;
        }
      }
      services.metrics?.mailDelivered("sent", result.sent);
      services.metrics?.mailDelivered("failed", result.failed);
      services.metrics?.mailDelivered("retry", result.retrying);
      if (result.failed + result.retrying > 0) {
        log.warn(
          { sent: result.sent, retrying: result.retrying, failed: result.failed },
          "some mail was not delivered",
        );
      }
    } finally {
      clearInterval(renew);
    }
    return result;
  }

  let stopped = true;
  let loop: Promise<void> | undefined;
  const presence = holdPresence(db, id);
  let wakeUp: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  return {
    id,
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      if (!transport) log.warn("SMTP_URL is not set: mail stays queued in the outbox until it is");
      loop = (async () => {
        let started = false;
        let outage = false;
        while (!stopped) {
          let busy = false;
          try {
            await presence.hold();
            if (!started) {
              const orphans = await recoverOrphans();
              services.metrics?.mailDelivered("interrupted", orphans.failed);
              started = true;
            }
            const result = await tick();
            busy = result.claimed >= batchSize || result.notDelivered >= 1000;
            if (outage) log.info("mail worker: the database is back");
            outage = false;
          } catch (error) {
            // A database restart is said once, not at every round until it is back.
            if (!isDatabaseUnavailable(error)) log.error({ err: error }, "mail worker: a delivery round failed");
            else if (!outage) log.warn({ err: error }, "mail worker: the database cannot be reached");
            outage = outage || isDatabaseUnavailable(error);
          }
          if (!busy && !stopped) await sleep();
        }
      })();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      await presence.close();
      transport?.close();
    },
  };
}
