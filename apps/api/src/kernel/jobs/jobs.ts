import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { ROLE } from "@repo/auth/roles";
import type { JobItem, JobStatus } from "@repo/contracts/jobs";
import { type Db, type DbOrTx, isDatabaseUnavailable, queryRows } from "@repo/db";
import { jobs } from "@repo/db/schema";
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "../../context";
import type { Logger } from "../../logger";
import { ApiError, notFound } from "../http/errors";
import type { Metrics } from "../http/metrics";
import { holderIsGone, holdPresence } from "./presence";

/**
 * The jobs queue (docs/domain.md, Services every feature shares): long work as rows of `jobs`.
 *
 * A runner claims one due row with FOR UPDATE SKIP LOCKED, so two runners (two API instances on
 * one PostgreSQL) never take the same job, and holds it by a lease (`locked_until`) that it renews
 * while the handler works. A runner that dies leaves its lease to run out; the job is then claimed
 * again, at most `max_attempts` runs in all, after which it fails saying so.
 *
 * HANDLERS MUST BE IDEMPOTENT: after a crash a job runs again from the start, so a handler must be
 * able to find its own earlier work and not do it twice (e.g. the mail campaign's expansion inserts
 * messages with ON CONFLICT DO NOTHING on (campaign, address)). A handler that throws fails the job
 * at once (its error is deterministic, so running it again would not help): an ApiError's or a
 * JobError's message is shown to the person who started it; anything else is logged and shown as a
 * plain sentence. The exception is a database that cannot be reached (a restart): that is not
 * the job's fault, so the job goes back to the queue and runs again once the database is back.
 *
 * A runner that starts takes over at once the jobs of runners that are gone (kernel/jobs/presence.ts:
 * a killed process has let go of its presence lock), instead of waiting for their leases.
 */

export const JOB_DEFAULT_MAX_ATTEMPTS = 3;
/** A claimed job's lease; the runner renews it every third of it while the handler works. */
export const JOB_LEASE_MS = 60_000;

/** How long a job interrupted by an unreachable database waits before it runs again. */
export const JOB_RETRY_AFTER_OUTAGE_MS = 5_000;

/** A failure whose message is meant for the person who started the job. */
export class JobError extends Error {}

/**
 * A failure for now (a gateway's 5xx): the job runs again after `delayMs` while it has attempts
 * left, and fails with this message when it has none.
 */
export class JobRetryLater extends JobError {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  createdBy: number | null;
  attempts: number;
}

export interface JobContext {
  db: Db;
  job: ClaimedJob;
  /** Records progress (and renews the lease); throws when the lease was lost to another runner. */
  progress(done: number, total?: number): Promise<void>;
  /**
   * Runs `task` once the job is recorded done, never before: what the job may need again if it is
   * run again (an import's upload, when the database went away before the job was marked done)
   * is removed only then. A task's failure is logged; the job stays done.
   */
  afterDone(task: () => Promise<unknown>): void;
  log: Logger;
}

export type JobHandler = (context: JobContext) => Promise<Record<string, unknown> | undefined>;
export type JobHandlers = Record<string, JobHandler>;

const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());

/** Adds a job to the queue; works inside the caller's transaction. */
export async function enqueueJob(
  db: DbOrTx,
  input: { kind: string; payload?: Record<string, unknown>; createdBy?: number | null; maxAttempts?: number },
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: input.kind,
      payload: input.payload ?? {},
      createdBy: input.createdBy ?? null,
      maxAttempts: input.maxAttempts ?? JOB_DEFAULT_MAX_ATTEMPTS,
    })
    .returning({ id: jobs.id });
  return Number(row?.id);
}

/** The advisory-lock namespace under which `enqueueUnlessOpen` serialises one kind (presence: 727_002). */
const OPEN_JOB_LOCKS = 727_003;

/**
 * Queues a job of `kind` unless one is already queued or running, and returns its id (null when
 * one was open). Every API instance's timers ask for the periodic jobs (housekeeping,
 * reconciliation); the transaction lock on the kind makes the look and the insert one step
 * across instances, so that two asking at once queue one job (decision 068).
 */
export async function enqueueUnlessOpen(db: Db, kind: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OPEN_JOB_LOCKS}, hashtext(${kind}))`);
    const open = await queryRows<{ id: number }>(
      tx,
      sql`select id from ${jobs} where kind = ${kind} and status in ('queued', 'running') limit 1`,
    );
    return open.length > 0 ? null : enqueueJob(tx, { kind });
  });
}

/**
 * Fails the jobs of the given kinds whose runner died on their last attempt (running, lease run
 * out, no attempts left), so that they are not claimed again. The runner does this when it finds
 * no work, so a busy queue does not pay for it on every claim.
 */
export async function failExhaustedJobs(db: DbOrTx, kinds: readonly string[]): Promise<string[]> {
  if (kinds.length === 0) return [];
  const rows = await queryRows<{ kind: string }>(
    db,
    sql`update ${jobs} set status = 'failed', locked_by = null, locked_until = null, finished_at = now(), updated_at = now(),
          error = 'The job was interrupted ' || attempts || case when attempts = 1 then ' time' else ' times' end
            || ' (the server stopped while it ran) and was not tried again. Start it again.'
        where status = 'running' and locked_until < now() and attempts >= max_attempts
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        returning kind`,
  );
  return rows.map((row) => row.kind);
}

/**
 * Makes the running jobs of runners that are gone (killed, crashed: their presence lock is free)
 * claimable now instead of when their lease runs out. A runner does this when it starts; the
 * attempts they used still count. Answers the ids it freed.
 */
export async function reclaimOrphanedJobs(db: DbOrTx, kinds: readonly string[]): Promise<number[]> {
  if (kinds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${jobs} set locked_until = now() - interval '1 second', updated_at = now()
        where status = 'running' and locked_until >= now()
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          and ${holderIsGone(sql`locked_by`)}
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Puts a job back in the queue to run again after `delayMs` (its attempt counts), or fails it with
 * `finalError` when it has no attempts left. Only while this runner holds it.
 */
async function runAgainLater(
  db: DbOrTx,
  jobId: number,
  runnerId: string,
  delayMs: number,
  errors: { now: string | null; final: SQL },
) {
  await db.execute(
    sql`update ${jobs} set
          status = case when attempts >= max_attempts then 'failed' else 'queued' end,
          error = case when attempts >= max_attempts then ${errors.final} else coalesce(${errors.now}, error) end,
          finished_at = case when attempts >= max_attempts then now() else finished_at end,
          run_after = now() + make_interval(secs => ${delayMs / 1000}::float8),
          locked_by = null, locked_until = null, updated_at = now()
        where id = ${jobId} and locked_by = ${runnerId} and status = 'running'`,
  );
}

/** A job that the database's outage interrupted runs again once it is back. */
const retryAfterOutage = (db: DbOrTx, jobId: number, runnerId: string) =>
  runAgainLater(db, jobId, runnerId, JOB_RETRY_AFTER_OUTAGE_MS, {
    now: null,
    final: sql`'The database could not be reached while the job ran (' || attempts || ' attempts). Start it again.'`,
  });

/**
 * Claims the next due job of the given kinds: a queued one, or one whose runner's lease ran out
 * (its runner died) and that has attempts left.
 */
export async function claimJob(
  db: Db,
  runnerId: string,
  kinds: readonly string[],
  leaseMs = JOB_LEASE_MS,
): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const [row] = await queryRows<{
    id: number;
    kind: string;
    payload: unknown;
    created_by: number | null;
    attempts: number;
  }>(
    db,
    sql`update ${jobs} set status = 'running', attempts = attempts + 1, locked_by = ${runnerId},
          locked_until = now() + make_interval(secs => ${leaseMs / 1000}::float8),
          started_at = coalesce(started_at, now()), updated_at = now()
        where id = (
          select id from ${jobs}
          where kind in (${kindList})
            and ((status = 'queued' and run_after <= now())
              or (status = 'running' and locked_until < now() and attempts < max_attempts))
          order by id
          limit 1
          for update skip locked)
        returning id, kind, payload, created_by, attempts`,
  );
  if (!row) return null;
  const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: (payload ?? {}) as Record<string, unknown>,
    createdBy: row.created_by == null ? null : Number(row.created_by),
    attempts: Number(row.attempts),
  };
}

/** Progress of a job this runner holds; renews its lease. False when the lease was lost. */
export async function reportProgress(
  db: DbOrTx,
  jobId: number,
  runnerId: string,
  progress: { done?: number; total?: number },
  leaseMs = JOB_LEASE_MS,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${jobs} set
          progress_done = coalesce(${progress.done ?? null}::int, progress_done),
          progress_total = coalesce(${progress.total ?? null}::int, progress_total),
          locked_until = now() + make_interval(secs => ${leaseMs / 1000}::float8), updated_at = now()
        where id = ${jobId} and locked_by = ${runnerId} and status = 'running'
        returning id`,
  );
  return rows.length > 0;
}

/** Records the job's outcome while this runner holds it; answers whether it still did. */
async function finishJob(
  db: DbOrTx,
  jobId: number,
  runnerId: string,
  outcome: { status: "done"; result: Record<string, unknown> } | { status: "failed"; error: string },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${jobs} set status = ${outcome.status},
          result = ${outcome.status === "done" ? JSON.stringify(outcome.result) : null}::jsonb,
          error = ${outcome.status === "failed" ? outcome.error : null},
          progress_done = case when ${outcome.status} = 'done' then greatest(progress_done, progress_total) else progress_done end,
          locked_by = null, locked_until = null, finished_at = now(), updated_at = now()
        where id = ${jobId} and locked_by = ${runnerId} and status = 'running'
        returning id`,
  );
  return rows.length > 0;
}

class LeaseLost extends Error {
  constructor() {
    super("The job's lease was lost to another runner");
  }
}

/** How long a finished job's runner keeps trying to record it done while the database is away. */
export const JOB_FINISH_PATIENCE_MS = 20_000;

/**
 * Records a job done. The handler's work is committed by now: when the database is away for a
 * moment (a restart), waiting for it to come back keeps the job from running twice (decision 070).
 * Gives up after `patienceMs`, within the lease, and throws the outage's error.
 */
async function finishDone(
  db: DbOrTx,
  jobId: number,
  runnerId: string,
  result: Record<string, unknown>,
  patienceMs: number,
) {
  const end = Date.now() + patienceMs;
  for (let wait = 200; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      // Another runner took the job over (this one's lease ran out): its run decides, and what
      // the job needs stays for it.
      if (!(await finishJob(db, jobId, runnerId, { status: "done", result }))) throw new LeaseLost();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Claims and runs one job. Resolves true when it ran one (whatever the outcome), false when no job
 * was due. Tests call this directly; the runner loop calls it until it answers false.
 */
export async function runNextJob(
  db: Db,
  handlers: JobHandlers,
  options: { runnerId: string; leaseMs?: number; log: Logger; metrics?: Metrics | undefined },
): Promise<boolean> {
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const kinds = Object.keys(handlers);
  const job = await claimJob(db, options.runnerId, kinds, leaseMs);
  if (!job) {
    for (const kind of await failExhaustedJobs(db, kinds)) options.metrics?.jobFinished(kind, "interrupted");
    return false;
  }
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const handler = handlers[job.kind];
  const log = options.log.child({ job_id: job.id, job_kind: job.kind });
  let lost = false;
  const renew = setInterval(() => {
    void reportProgress(db, job.id, options.runnerId, {}, leaseMs).then(
      (held) => {
        if (!held) lost = true;
      },
      (error: unknown) => log.warn({ err: error }, "could not renew the job's lease"),
    );
  }, leaseMs / 3);
  const afterDone: (() => Promise<unknown>)[] = [];
  try {
    if (!handler) throw new JobError(`No handler for jobs of kind ${job.kind}`);
    const result = await handler({
      db,
      job,
      log,
      async progress(done, total) {
        if (lost || !(await reportProgress(db, job.id, options.runnerId, { done, total }, leaseMs))) {
          lost = true;
          throw new LeaseLost();
        }
      },
      afterDone: (task) => afterDone.push(task),
    });
    await finishDone(db, job.id, options.runnerId, result ?? {}, Math.min(JOB_FINISH_PATIENCE_MS, leaseMs / 2));
    options.metrics?.jobFinished(job.kind, "done", seconds());
    log.info({ attempts: job.attempts }, "job done");
    for (const task of afterDone) {
      await task().catch((error: unknown) => log.warn({ err: error }, "a done job's clean-up failed"));
    }
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn("job abandoned: another runner holds it now");
      return true;
    }
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, "job interrupted: the database cannot be reached; it runs again when it is back");
      // Still down: the job keeps its lease, which runs out, and is claimed again then.
      await retryAfterOutage(db, job.id, options.runnerId).catch(() => {});
      return true;
    }
    if (error instanceof JobRetryLater) {
      log.warn({ err: error, attempts: job.attempts }, "job failed for now; it runs again later while it has attempts");
      await runAgainLater(db, job.id, options.runnerId, error.delayMs, {
        now: error.message,
        final: sql`${error.message}`,
      });
      options.metrics?.jobFinished(job.kind, "retry", seconds());
      return true;
    }
    const known = error instanceof ApiError || error instanceof JobError;
    if (!known) log.error({ err: error }, "job failed");
    const message = known
      ? (error as Error).message
      : "The job stopped because of an error on our side. Please try again; if it happens again, contact support.";
    await finishJob(db, job.id, options.runnerId, { status: "failed", error: message });
    options.metrics?.jobFinished(job.kind, "failed", seconds());
  } finally {
    clearInterval(renew);
  }
  return true;
}

export interface JobRunner {
  readonly id: string;
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Stops claiming; resolves once the job in hand (if any) is finished. */
  stop(): Promise<void>;
}

/** The runners of this process, so that a job queued outside a transaction starts at once. */
const localRunners = new Set<JobRunner>();

/**
 * Tells this process's runners to look for work now. Call it after the job's insert is
 * committed (a job queued inside a transaction is seen at the next poll instead).
 */
export function wakeJobRunners(): void {
  for (const runner of localRunners) runner.wake();
}

/** A name for a runner or worker: host, process and a random part (two in one process differ). */
export function workerId(prefix: string): string {
  return `${prefix}:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** A background loop: `step` runs while it finds work, then the loop waits `pollMs` or a wake(). */
export interface PollLoop {
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Stops looking; resolves once the step in hand (if any) is finished. */
  stop(): Promise<void>;
}

/** Runs `step` until it answers false (no more work), sleeps, and again, until stopped. */
export function startPollLoop(
  step: () => Promise<boolean>,
  options: { pollMs: number; log: Logger; what: string },
): PollLoop {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, options.pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  let outage = false;
  const loop = (async () => {
    while (!stopped) {
      let ran = false;
      try {
        ran = await step();
        if (outage) options.log.info(`${options.what}: the database is back`);
        outage = false;
      } catch (error) {
        // A database restart is said once, not at every poll until it is back.
        if (!isDatabaseUnavailable(error)) options.log.error({ err: error }, `${options.what} failed`);
        else if (!outage) options.log.warn({ err: error }, `${options.what}: the database cannot be reached`);
        outage = outage || isDatabaseUnavailable(error);
      }
      if (!ran && !stopped) await sleep();
    }
  })();
  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}

/**
 * Runs jobs in the background until stopped: runs due jobs one after another, then waits `pollMs`
 * (or a wake()) before looking again. On PGlite there is one runner in the API process; on
 * PostgreSQL each API instance runs one and SKIP LOCKED keeps them apart.
 */
export function startJobRunner(
  services: Pick<Services, "database">,
  handlers: JobHandlers,
  options: { pollMs?: number; leaseMs?: number; logger: Logger; runnerId?: string; metrics?: Metrics },
): JobRunner {
  const runnerId = options.runnerId ?? workerId("jobs");
  const log = options.logger.child({ runner: runnerId });
  const { db } = services.database;
  const presence = holdPresence(db, runnerId);
  let started = false;
  const loop = startPollLoop(
    async () => {
      await presence.hold();
      if (!started) {
        const freed = await reclaimOrphanedJobs(db, Object.keys(handlers));
        if (freed.length > 0) log.warn({ jobs: freed }, "took over the jobs of runners that are gone");
        started = true;
      }
      return runNextJob(db, handlers, { runnerId, leaseMs: options.leaseMs, log, metrics: options.metrics });
    },
    { pollMs: options.pollMs ?? 1000, log, what: "job runner" },
  );
  const runner: JobRunner = {
    id: runnerId,
    wake: loop.wake,
    async stop() {
      localRunners.delete(runner);
      await loop.stop();
      await presence.close();
    },
  };
  localRunners.add(runner);
  return runner;
}

/**
 * The queue's lanes (decision 071). Each lane has a runner of its own in every API process and
 * claims only its own kinds, so a job somebody watches on a progress page (an import, the exam
 * office's check of an answer-sheet file) never waits behind background work that nobody
 * watches (the sign-ins of thousands of paid orders, a mail campaign's expansion).
 */
export const JOB_LANES = ["waited", "background"] as const;
export type JobLane = (typeof JOB_LANES)[number];
/** Every job kind's handler, by the lane it runs in; a kind belongs to one lane. */
export type JobLanes = Record<JobLane, JobHandlers>;

/** All the handlers of the lanes in one map (tests run them with runNextJob). */
export function allJobHandlers(lanes: JobLanes): JobHandlers {
  const all: JobHandlers = {};
  for (const lane of JOB_LANES) {
    for (const [kind, handler] of Object.entries(lanes[lane])) {
      if (all[kind]) throw new Error(`Job kind ${kind} is in two lanes`);
      all[kind] = handler;
    }
  }
  return all;
}

/** One runner per lane (see JOB_LANES); wake and stop act on all of them. */
export function startJobRunners(
  services: Pick<Services, "database">,
  lanes: JobLanes,
  options: { pollMs?: number; leaseMs?: number; logger: Logger; metrics?: Metrics },
): JobRunner {
  allJobHandlers(lanes); // throws on a kind in two lanes
  const runners = JOB_LANES.map((lane) =>
    startJobRunner(services, lanes[lane], { ...options, runnerId: workerId(`jobs-${lane}`) }),
  );
  return {
    id: runners.map((runner) => runner.id).join(" "),
    wake: () => {
      for (const runner of runners) runner.wake();
    },
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────

/** Roles that see every job: the outbox, Admin and Sub Admin. */
const SEES_ALL_JOBS: readonly number[] = [ROLE.outbox, ROLE.admin, ROLE.subAdmin];

/** One job, for the user who started it (or the outbox and admins); anyone else gets 404. */
export async function getJob(db: DbOrTx, id: number, viewer: { userId: number; roleId: number }): Promise<JobItem> {
  if (!Number.isSafeInteger(id)) throw notFound("Job");
  const [row] = await queryRows<{
    id: number;
    kind: string;
    status: JobStatus;
    progress_done: number;
    progress_total: number;
    result: unknown;
    error: string | null;
    created_by: number | null;
    created_at: string | Date;
    finished_at: string | Date | null;
  }>(
    db,
    sql`select id, kind, status, progress_done, progress_total, result, error, created_by, created_at, finished_at
        from ${jobs} where id = ${id}`,
  );
  const visible = row && (SEES_ALL_JOBS.includes(viewer.roleId) || Number(row.created_by) === viewer.userId);
  if (!row || !visible) throw notFound("Job");
  const result = typeof row.result === "string" ? JSON.parse(row.result) : row.result;
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    progress: { done: Number(row.progress_done), total: Number(row.progress_total) },
    result: (result ?? null) as Record<string, unknown> | null,
    error: row.error,
    created_at: iso(row.created_at) ?? "",
    finished_at: iso(row.finished_at),
  };
}

/**
 * Removes the files of finished jobs of a kind older than `days` (large, and made again at any
 * time: bulk certificates, admit cards; or holding personal data: imports' errors files) and marks
 * their jobs `removed_at`, so that a late download says why it is gone. Returns how many files it
 * removed.
 */
export async function removeOldJobFiles(
  services: Pick<Services, "database" | "storage">,
  options: {
    kind: string;
    days: number;
    /** The job's file, or null when it made none (the job is marked all the same). */
    keyOf: (jobId: number, result: Record<string, unknown>) => string | null;
    now?: Date;
  },
): Promise<number> {
  const { db } = services.database;
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - options.days * 86_400_000).toISOString();
  const old = await queryRows<{ id: number; result: unknown }>(
    db,
    sql`select id, result from jobs
        where kind = ${options.kind} and status = 'done' and finished_at < ${before}
          and not (coalesce(result, '{}'::jsonb) ? 'removed_at')
        order by id limit 1000`,
  );
  let removed = 0;
  for (const job of old) {
    const result = (typeof job.result === "string" ? JSON.parse(job.result) : (job.result ?? {})) as Record<
      string,
      unknown
    >;
    const key = options.keyOf(Number(job.id), result);
    if (key !== null) {
      await services.storage.remove(key);
      removed += 1;
    }
    await db.execute(
      sql`update jobs set result = coalesce(result, '{}'::jsonb) || jsonb_build_object('removed_at', ${now.toISOString()}::text)
          where id = ${job.id}`,
    );
  }
  return removed;
}
