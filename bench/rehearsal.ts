// The season rehearsal (issue 38 item 5): `npm run rehearsal [-- --schools 2000]`.
// Starts a local cluster (PostgreSQL [+ a streaming replica], [PgBouncer], an S3 server, two API
// instances and two of the school and coordinator apps behind Caddy, an SMTP sink) on ports from
// 12000, and plays a compressed season through HTTP as people would (bench/rehearsal/season.ts).
// During it one API instance is killed (SIGKILL) and started again, and PostgreSQL is restarted.
// At the end it checks from the database and the mail sink that every payment was applied once,
// every student imported once, every mail sent once, every job finished once and every upload is
// readable through every API instance; prints per journey the requests, errors, p50/p95 and the
// CPU per request of each process; writes bench/results/rehearsal.json. Exits 1 on a failed check.
// Every process it starts is stopped at the end, on Ctrl-C and on a failure.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { APP_IDS, type AppId } from "@repo/auth/apps";
import { ROLE } from "@repo/auth/roles";
import { PROXY_BALANCING } from "@repo/contracts/keep-alive";
import { openDatabase, queryRows } from "@repo/db";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { sql } from "drizzle-orm";
import pg from "pg";
import { INTERRUPTED_DELIVERY } from "../apps/api/src/domains/mail/delivery";
import { ORDER_SIGN_INS_JOB } from "../apps/api/src/domains/payments/after-paid";
import type { Account, KindFigures } from "./load";
import {
  busyPorts,
  DEMO_PASSWORD,
  NO_UPSTREAM,
  type Postgres,
  portsOf,
  proxyErrors,
  seedOnce,
  startCaddy,
  startPooler,
  startPortal,
  startPrimary,
  startReplica,
  startS3,
} from "./rehearsal/cluster";
import { MailSink } from "./rehearsal/mail-sink";
import { CpuMeter, Processes } from "./rehearsal/processes";
import { addressOf, JOURNEYS, type Journey, type Place, pool, type School, Season } from "./rehearsal/season";

const root = fileURLToPath(new URL("..", import.meta.url));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { values: args } = parseArgs({
  options: {
    schools: { type: "string", default: "2000" },
    "students-per-school": { type: "string", default: "20" },
    "bad-rows": { type: "string", default: "2" },
    concurrency: { type: "string", default: "16" },
    coordinators: { type: "string", default: "12" },
    "coordinator-seconds": { type: "string", default: "60" },
    "readers-per-school": { type: "string", default: "1" },
    "certificate-share": { type: "string", default: "0.25" },
    "port-base": { type: "string", default: "12000" },
    pooler: { type: "boolean", default: true },
    replica: { type: "boolean", default: true },
    "all-apps": { type: "boolean", default: true },
    "mail-rate": { type: "string", default: "60000" },
    keep: { type: "boolean", default: false },
  },
  allowNegative: true,
});
const int = (name: keyof typeof args, min: number) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got ${args[name]})`);
    process.exit(2);
  }
  return value;
};
const options = {
  schools: int("schools", 1),
  studentsPerSchool: int("students-per-school", 1),
  badRows: int("bad-rows", 0),
  concurrency: int("concurrency", 1),
  coordinators: int("coordinators", 0),
  coordinatorSeconds: int("coordinator-seconds", 1),
  readersPerSchool: int("readers-per-school", 0),
  certificateShare: Math.min(1, Math.max(0, Number(args["certificate-share"]) || 0)),
  portBase: int("port-base", 1024),
  pooler: Boolean(args.pooler),
  replica: Boolean(args.replica),
  allApps: Boolean(args["all-apps"]),
  mailRatePerMinute: int("mail-rate", 1),
  keep: Boolean(args.keep),
};

interface Check {
  check: string;
  ok: boolean;
  detail: string;
}

interface PhaseFigures {
  journey: Journey;
  seconds: number;
  requests: number;
  errors: number;
  p50_ms: number;
  p95_ms: number;
  kinds: KindFigures[];
  /** CPU milliseconds per request of each process during the journey (the rehearsal's own included). */
  cpu_ms_per_request: Record<string, number>;
  cpu_seconds: Record<string, number>;
}

const ports = portsOf(options.portBase);
const tag = Date.now().toString(36).slice(-5);
const dir = mkdtempSync(path.join(tmpdir(), "portal-rehearsal-"));
const logDir = path.join(dir, "logs");
mkdirSync(logDir, { recursive: true });
const processes = new Processes(logDir);
const cpu = new CpuMeter();
const sink = new MailSink();
let failed = true;
let interrupted = false;

async function shutdown() {
  cpu.stop();
  await processes.stopAll();
  await sink.close();
  if (!options.keep && !failed) rmSync(dir, { recursive: true, force: true });
  else console.log(`rehearsal: logs and data kept in ${dir}`);
}
// A fault of the rehearsal itself (a rejection nobody awaited, an error nobody listened for) still
// stops the cluster it started.
for (const fault of ["unhandledRejection", "uncaughtException"] as const) {
  process.on(fault, (error: unknown) => {
    console.error(`rehearsal: ${(error as Error)?.stack ?? error}`);
    if (interrupted) return;
    interrupted = true;
    failed = true;
    shutdown().finally(() => process.exit(1));
  });
}
// `on`, not `once`: Ctrl-C reaches this process from the terminal and again from npm, and a second
// signal without a handler would end it half-way through stopping the cluster.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\nrehearsal: ${signal}, stopping every process…`);
    shutdown().finally(() => process.exit(130));
  });
}

/**
 * Runs `work` now. Its promise is marked handled at once: a disruption awaited later must not be
 * an unhandled rejection while it runs; its failure is still thrown where it is awaited.
 */
function settled(work: () => Promise<void>): Promise<void> {
  const running = work();
  running.catch(() => {});
  return running;
}

function log(message: string) {
  console.log(`rehearsal ${new Date().toISOString().slice(11, 19)}: ${message}`);
}

/** The places schools register in: Indian states with their first prant, district and city, through the public pickers. */
async function placesOf(apiProxy: string): Promise<Place[]> {
  const get = async (query: string) =>
    ((await (await fetch(`${apiProxy}/api/schools/register/regions?${query}`)).json()) as { data: { id: number }[] })
      .data;
  const [country] = await get("level=country");
  if (!country) throw new Error("the registration pickers list no country");
  const places: Place[] = [];
  for (const zone of await get(`level=zone&country_id=${country.id}`)) {
    for (const state of (await get(`level=state&parent_id=${zone.id}&country_id=${country.id}`)).slice(0, 4)) {
      const place: Place = { zone_id: zone.id, state_id: state.id };
      const prant = (await get(`level=prant&parent_id=${state.id}`))[0];
      if (prant) {
        place.prant_id = prant.id;
        const district = (await get(`level=district&parent_id=${prant.id}`))[0];
        if (district) {
          place.district_id = district.id;
          const city = (await get(`level=city&parent_id=${district.id}`))[0];
          if (city) place.city_id = city.id;
        }
      }
      places.push(place);
      if (places.length >= 24) return places;
    }
  }
  if (places.length === 0) throw new Error("no Indian state in the registration pickers");
  return places;
}

const ROMAN = ["VI", "VII", "VIII", "IX", "X", "XI"];
const OPTIONS = ["A", "B", "C", "D"];

/** The papers office's finalized Level 1 paper of each class for the season (before it: setup). */
async function seedPapers(url: string) {
  const database = await openDatabase({ url, maxConnections: 1 });
  const [year] = await queryRows<{ id: number }>(database.db, sql`select id from exam_years where is_active`);
  const yearId = Number(year?.id);
  for (const [index, roman] of ROMAN.entries()) {
    await seedFinalizedPaper(database.db, {
      examYearId: yearId,
      examKind: "level1",
      classLevel: index + 6,
      code: `L1-${roman}-S${tag.toUpperCase()}`,
      sections: level1Sections((n) => [OPTIONS[(n * 7) % 4] as string]),
    });
  }
  await database.close();
}

/** The vendor's file: a line per paid student of the season, and two lines it refuses. */
async function vendorFile(db: pg.Client, schoolIds: number[]): Promise<{ bytes: Uint8Array; lines: number }> {
  const { rows } = await db.query<{ roll: string; class_level: number }>(
    "select roll_number as roll, class_level from students where school_id = any($1) and roll_number is not null order by id",
    [schoolIds],
  );
  let seed = 7;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const lines = rows.map((row) => {
    const answers = Array.from({ length: 100 }, () => {
      const r = random();
      return r < 0.05 ? "" : (OPTIONS[Math.floor(r * 4) % 4] as string);
    });
    return `${row.roll},L1-${ROMAN[row.class_level - 6]}-S${tag.toUpperCase()},${answers.join(",")}`;
  });
  // What vendors' files always hold: a roll number nobody has, a line cut short.
  lines.push(`ZZ99999999,L1-VIII-S${tag.toUpperCase()},A,B,C`, "garbled line");
  return { bytes: new TextEncoder().encode(`${lines.join("\n")}\n`), lines: rows.length };
}

async function main() {
  const loadBefore = loadavg().map((n) => round(n, 2));
  const started = Date.now();
  const apps: AppId[] = options.allApps ? [...APP_IDS] : ["school", "coordinator"];
  const busy = await busyPorts(options.portBase);
  if (busy.length) {
    throw new Error(
      `${busy.length === 1 ? "port" : "ports"} ${busy.join(", ")} ${busy.length === 1 ? "is" : "are"} in use (a process left from an earlier run?): stop it, or choose other ports with --port-base`,
    );
  }
  log(`cluster in ${dir} (ports ${options.portBase}-${ports.caddyAdmin})…`);
  cpu.start();
  const smtpUrl = await sink.start(ports.smtp);
  const clusterOptions = {
    portBase: options.portBase,
    pooler: options.pooler,
    replica: options.replica,
    allApps: options.allApps,
    mailRatePerMinute: options.mailRatePerMinute,
    smtpUrl,
    dir,
  };
  const primary: Postgres = await startPrimary(clusterOptions, processes, cpu);
  const replica = options.replica ? await startReplica(clusterOptions, processes, cpu, primary) : null;
  const pooler = options.pooler ? await startPooler(clusterOptions, processes, cpu, primary) : null;
  const storageEnv = await startS3(clusterOptions, processes, cpu);
  log("migrating and loading the demo data (regions, fees, the exam year, coordinators)…");
  await seedOnce(processes, { ...process.env, DATABASE_URL: primary.url, ...storageEnv }, ports.api[0]);
  await seedPapers(primary.url);
  const portal = await startPortal(
    clusterOptions,
    processes,
    cpu,
    {
      url: pooler?.url ?? primary.url,
      ...(replica ? { readUrl: replica.url } : {}),
      // PgBouncer in transaction mode (decision 066): unnamed statements, presence locks past it.
      ...(pooler ? { poolerEnv: { DATABASE_POOLER: "pgbouncer", DATABASE_DIRECT_URL: primary.url } } : {}),
    },
    storageEnv,
    apps,
  );
  await startCaddy(clusterOptions, processes, cpu, apps);
  const proxyPorts = Object.fromEntries(APP_IDS.map((app) => [app, ports.proxy(app)])) as Record<AppId, number>;
  const season = new Season(proxyPorts, portal.origins, portal.apiProxy, sink, tag);
  // A fresh server's first renders compile its code: a few sign-in pages on each instance first.
  for (const app of apps) for (let i = 0; i < 6; i++) await fetch(`${portal.origins[app]}/login`).catch(() => {});
  const places = await placesOf(portal.apiProxy);
  log(
    `up: PostgreSQL${replica ? " + replica" : ""}${pooler ? " + PgBouncer" : ""}, S3, 2 API, 2 × ${apps.join(", ")}, Caddy; ${places.length} places to register in`,
  );

  const schools: School[] = Array.from({ length: options.schools }, (_, index) => ({
    index,
    username: `rs${tag}${index}`,
    password: "Season@2026",
    email: `office${index}.${tag}@rehearsal.example.org`,
    address: addressOf(index),
    registered: false,
    verified: false,
    imported: 0,
    expectedStudents: 0,
    emails: [],
    importJobs: [],
    errorFileJobs: [],
    orders: [],
    paidOrder: null,
    paidVia: null,
  }));

  const phases: PhaseFigures[] = [];
  const phase = async (journey: Journey, work: () => Promise<void>) => {
    log(`${journey}…`);
    const cpuBefore = cpu.totals();
    const ownBefore = process.cpuUsage();
    const t0 = performance.now();
    await work();
    const seconds = (performance.now() - t0) / 1000;
    const cpuAfter = cpu.totals();
    const own = process.cpuUsage(ownBefore);
    const recorder = season.recorder(journey);
    const kinds = recorder.figures(seconds);
    const cpuSeconds: Record<string, number> = { rehearsal: (own.user + own.system) / 1e6 };
    for (const [name, total] of Object.entries(cpuAfter)) cpuSeconds[name] = total - (cpuBefore[name] ?? 0);
    const requests = recorder.requests;
    const figures: PhaseFigures = {
      journey,
      seconds: round(seconds),
      requests,
      errors: kinds.reduce((n, k) => n + k.errors, 0),
      ...recorder.overall(),
      kinds,
      cpu_seconds: Object.fromEntries(Object.entries(cpuSeconds).map(([k, v]) => [k, round(v, 2)])),
      cpu_ms_per_request: Object.fromEntries(
        Object.entries(cpuSeconds).map(([k, v]) => [k, requests ? round((v * 1000) / requests, 2) : 0]),
      ),
    };
    phases.push(figures);
    log(`${journey}: ${requests} requests, ${figures.errors} errors, ${figures.seconds} s`);
    // The journeys so far, kept as they end: a run too long to finish still leaves its figures.
    mkdirSync(path.join(root, "bench", "results"), { recursive: true });
    writeFileSync(
      path.join(root, "bench", "results", "rehearsal-partial.json"),
      `${JSON.stringify({ options, seconds: round((Date.now() - started) / 1000), load_average: cpu.loadAverage(), journeys: phases, disruptions: season.disruptions }, null, 2)}\n`,
    );
  };
  const progress = (what: string, total: number) => (done: number) => {
    if (done % Math.max(1, Math.round(total / 10)) === 0) log(`${what}: ${done}/${total}`);
  };

  // 1. Registration and verification.
  await phase(JOURNEYS.register, () =>
    pool(
      schools,
      options.concurrency,
      (school) => season.register(school, places[school.index % places.length] as Place),
      progress("registered", schools.length),
    ),
  );

  // 2. Imports; PostgreSQL restarts half-way.
  let pgRestart: Promise<void> | undefined;
  await phase(JOURNEYS.import, async () => {
    const verified = schools.filter((s) => s.verified);
    await pool(
      verified,
      options.concurrency,
      (school) =>
        season.importStudents(
          school,
          school.index * (options.studentsPerSchool + options.badRows),
          options.studentsPerSchool,
          options.badRows,
        ),
      (done) => {
        progress("imported", verified.length)(done);
        if (!pgRestart && done >= verified.length / 2) {
          pgRestart = settled(async () => {
            const d = season.disrupt("PostgreSQL restarted (pg_ctl restart -m fast)");
            log("restarting PostgreSQL…");
            await primary.restart();
            cpu.track("postgresql", primary.pid(), true);
            d.to = Date.now();
            log(`PostgreSQL is back after ${round((d.to - d.from) / 1000)} s`);
          });
        }
      },
    );
    await pgRestart;
  });

  // 3. Payments; one API instance is killed half-way and started again.
  const checks: Check[] = [];
  const dbClient = async () => {
    const client = new pg.Client({ connectionString: primary.url });
    client.on("error", () => {});
    await client.connect();
    return client;
  };
  // A pool: the gateway answers several schools at once.
  const gatewayDb = new pg.Pool({ connectionString: primary.url, max: 4 });
  gatewayDb.on("error", () => {});
  const later: { raw: string; eventId: string }[] = [];
  let gatewayOpen = true;
  const gatewayLoop = settled(async () => {
    // The gateway's retries and late events go out in batches, shuffled: out of order.
    while (gatewayOpen || later.length > 0) {
      await sleep(500);
      const batch = later.splice(0, later.length);
      for (let i = batch.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [batch[i], batch[j]] = [batch[j] as (typeof batch)[number], batch[i] as (typeof batch)[number]];
      }
      await pool(batch, 4, async (event) => {
        if (event.eventId.endsWith("_failedtry")) season.gateway.reordered++;
        else season.gateway.duplicates++;
        await season.webhook(event.raw, event.eventId);
      });
    }
  });
  const deliver = async (orderId: number) => {
    // The gateway knows what it was asked to charge.
    const { rows } = await gatewayDb.query<{ amount_minor: number; currency: string }>(
      "select amount_minor, currency from payment_orders where id = $1",
      [orderId],
    );
    const order = rows[0];
    if (!order) throw new Error(`order ${orderId} is not in the database`);
    const events = season.gatewayEvents({
      id: orderId,
      amountMinor: Number(order.amount_minor),
      currency: order.currency,
    });
    for (const event of events.first) await season.webhook(event.raw, event.eventId);
    later.push(...events.later);
  };
  let apiKill: Promise<void> | undefined;
  await phase(JOURNEYS.pay, async () => {
    const payers = schools.filter((s) => s.imported > 0);
    await pool(
      payers,
      options.concurrency,
      (school) => season.pay(school, school.index % 2 === 1, deliver),
      (done) => {
        progress("paid", payers.length)(done);
        if (!apiKill && done >= payers.length * 0.4) {
          apiKill = settled(async () => {
            const d = season.disrupt("API instance 1 killed (SIGKILL) and started again");
            log("killing API instance 1 (SIGKILL)…");
            const victim = portal.api[0];
            if (victim) await processes.stop(victim, "SIGKILL");
            await sleep(3000);
            await portal.startApi(0);
            d.to = Date.now();
            log(`API instance 1 is back after ${round((d.to - d.from) / 1000)} s`);
          });
        }
      },
    );
    gatewayOpen = false;
    await gatewayLoop;
    await apiKill;
  });
  await gatewayDb.end();

  // 3b. Each paid student's sign-in details are hashed (argon2id) and mailed by background jobs.
  // Weeks pass between paying and results in a real season: the next journeys start once they
  // have gone out, and their CPU counts with the schools that paid (docs/capacity.md).
  const drainMs = 300_000 + 50 * options.schools * options.studentsPerSchool;
  /**
   * Polls until no job that `jobsWhere` picks is open and no mail of the run is queued or being
   * sent, or `drainMs` pass (then the check `check` fails); says what is left every minute.
   */
  const untilDrained = async (db: pg.Client, jobsWhere: string, jobParams: unknown[], check: string) => {
    const until = Date.now() + drainMs;
    for (let polls = 1; ; polls++) {
      const { rows } = await db.query<{ jobs: number; mails: number }>(
        `select (select count(*)::int from jobs where status in ('queued', 'running') and ${jobsWhere}) as jobs,
                (select count(*)::int from mail_messages where status in ('queued', 'sending') and created_at >= $1) as mails`,
        [new Date(started).toISOString(), ...jobParams],
      );
      const jobs = rows[0]?.jobs ?? 0;
      const mails = rows[0]?.mails ?? 0;
      if (jobs === 0 && mails === 0) return;
      if (Date.now() > until) {
        const detail = `${jobs} jobs and ${mails} mails still open after ${Math.round(drainMs / 60_000)} minutes`;
        checks.push({ check, ok: false, detail });
        return;
      }
      if (polls % 30 === 0) log(`${check}: ${jobs} jobs and ${mails} mails still open`);
      await sleep(2000);
    }
  };
  const drainDb = await dbClient();
  await phase(JOURNEYS.signIns, () =>
    untilDrained(drainDb, "kind = $2", [ORDER_SIGN_INS_JOB], "sign-in details went out"),
  );
  await drainDb.end();

  // 4. Coordinators.
  const coordinatorNames = ["admin", "zonal", "state", "prant", "district"];
  const accounts: Account[] = Array.from({ length: options.coordinators }, (_, i) => ({
    username: coordinatorNames[i % coordinatorNames.length] as string,
    app: "coordinator",
    label: "coordinator",
  }));
  let coordinatorSessions = 0;
  await phase(JOURNEYS.coordinators, async () => {
    coordinatorSessions = await season.coordinators(accounts, options.coordinatorSeconds, 500);
  });

  // 5. The exam office stores the answer sheets of every paid student.
  const checkDb = await dbClient();
  const schoolIds = (
    await checkDb.query<{ school_id: number; username: string }>(
      "select school_id, username from users where role_id = $2 and username like $1",
      [`rs${tag}%`, ROLE.school],
    )
  ).rows;
  const idOfSchool = new Map(schoolIds.map((r) => [r.username, Number(r.school_id)]));
  const vendor = await vendorFile(
    checkDb,
    schoolIds.map((r) => Number(r.school_id)),
  );
  let upload = { uploadId: 0, stored: false };
  await phase(JOURNEYS.examOffice, async () => {
    upload = await season.examOffice(vendor.bytes, DEMO_PASSWORD);
  });

  // 6. Students read their results and certificates.
  const readers = schools.flatMap((school) =>
    school.paidOrder ? school.emails.slice(0, options.readersPerSchool).map((email) => ({ email, school })) : [],
  );
  const readOutcomes = { read: 0, "no mail": 0, failed: 0 };
  await phase(JOURNEYS.students, () =>
    pool(
      readers,
      options.concurrency,
      async ({ email }, i) => {
        const outcome = await season.student(
          email,
          addressOf(options.schools + i),
          i < readers.length * options.certificateShare,
        );
        readOutcomes[outcome]++;
      },
      progress("students read", readers.length),
    ),
  );

  // ── The checks ─────────────────────────────────────────────────────────────────────────
  log("waiting for the queues to drain (jobs, mail)…");
  const runStart = new Date(started).toISOString();
  // What the last journeys queued (certificates' mail, retries): time for it to end. Periodic
  // jobs queued for later (housekeeping) are not open work.
  await untilDrained(checkDb, "run_after <= now() and created_at >= $1", [], "queues drained");
  await sleep(2000);
  const add = (check: string, ok: boolean, detail: string) => checks.push({ check, ok, detail });
  const ids = [...idOfSchool.values()];

  // Schools.
  const registered = schools.filter((s) => s.registered);
  const verifiedRows = await checkDb.query<{ n: number; verified: number }>(
    "select count(*)::int as n, count(email_verified_at)::int as verified from schools where id = any($1)",
    [ids],
  );
  const schoolsInDb = verifiedRows.rows[0]?.n ?? 0;
  add(
    "every registered school exists once",
    schoolsInDb === registered.length && idOfSchool.size === registered.length,
    `${registered.length} registrations answered, ${schoolsInDb} schools in the database`,
  );
  add(
    "every school that followed its link is verified",
    (verifiedRows.rows[0]?.verified ?? 0) === schools.filter((s) => s.verified).length,
    `${schools.filter((s) => s.verified).length} verified in the journey, ${verifiedRows.rows[0]?.verified} in the database`,
  );

  // Students: each import's good rows once, none lost, none twice.
  const perSchool = await checkDb.query<{ school_id: number; n: number }>(
    "select school_id, count(*)::int as n from students where school_id = any($1) group by school_id",
    [ids],
  );
  const countOf = new Map(perSchool.rows.map((r) => [Number(r.school_id), r.n]));
  const importedSchools = schools.filter((s) => s.imported > 0);
  const wrongCounts = importedSchools.filter(
    (s) => countOf.get(idOfSchool.get(s.username) ?? 0) !== s.expectedStudents,
  );
  const strays = schools.filter((s) => s.imported === 0 && (countOf.get(idOfSchool.get(s.username) ?? 0) ?? 0) > 0);
  const expectedStudents = importedSchools.reduce((n, s) => n + s.expectedStudents, 0);
  const studentsInDb = perSchool.rows.reduce((n, r) => n + r.n, 0);
  add(
    "every student imported once (none lost, none twice)",
    wrongCounts.length === 0,
    `${expectedStudents} good rows in ${importedSchools.length} imports, ${studentsInDb} students in the database; ${wrongCounts.length} schools differ${
      wrongCounts.length
        ? ` (${wrongCounts
            .slice(0, 5)
            .map((s) => `${s.username}: ${countOf.get(idOfSchool.get(s.username) ?? 0)} of ${s.expectedStudents}`)
            .join(", ")})`
        : ""
    }; ${strays.length} schools whose import did not finish hold students`,
  );
  const dupes = await checkDb.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from students where school_id = any($1)
       group by lower(first_name), lower(last_name), date_of_birth, contact_phone having count(*) > 1) d`,
    [ids],
  );
  add(
    "no student twice (name, birth date, phone)",
    (dupes.rows[0]?.n ?? 0) === 0,
    `${dupes.rows[0]?.n} repeated students`,
  );

  // Payments.
  const orders = await checkDb.query<{ id: number; status: string; applied: number; captures: number }>(
    `select o.id, o.status, count(c.id) filter (where c.outcome = 'applied')::int as applied, count(c.id)::int as captures
       from payment_orders o left join payment_captures c on c.order_id = o.id
      where o.school_id = any($1) group by o.id, o.status`,
    [ids],
  );
  const byOrder = new Map(orders.rows.map((r) => [Number(r.id), r]));
  const twice = orders.rows.filter((r) => r.applied > 1);
  const paidWithout = orders.rows.filter((r) => r.status === "paid" && r.applied !== 1);
  const sawPaid = schools.filter((s) => s.paidOrder !== null);
  const notPaid = sawPaid.filter((s) => byOrder.get(s.paidOrder ?? 0)?.status !== "paid");
  add(
    "every payment applied once",
    twice.length === 0 && paidWithout.length === 0 && notPaid.length === 0,
    `${orders.rows.length} orders, ${orders.rows.filter((r) => r.status === "paid").length} paid (${sawPaid.length} seen paid by their school: ${sawPaid.filter((s) => s.paidVia === "checkout").length} at the checkout, ${sawPaid.filter((s) => s.paidVia === "webhooks").length} by the gateway's webhooks); ${twice.length} applied twice, ${paidWithout.length} paid without one applied capture, ${notPaid.length} seen paid but not paid`,
  );
  const doubled = await checkDb.query<{ n: number }>(
    `select count(*)::int as n from (select i.student_id from payment_order_items i join payment_orders o on o.id = i.order_id
       where o.status = 'paid' and o.school_id = any($1) group by i.student_id having count(*) > 1) d`,
    [ids],
  );
  const rolls = await checkDb.query<{ paid: number; rolls: number; distinct_rolls: number }>(
    `select count(*) filter (where payment_status = 'paid')::int as paid, count(roll_number)::int as rolls,
            count(distinct roll_number)::int as distinct_rolls from students where school_id = any($1)`,
    [ids],
  );
  const r = rolls.rows[0];
  add(
    "no student paid twice; one roll number each",
    (doubled.rows[0]?.n ?? 0) === 0 && r?.paid === r?.rolls && r?.rolls === r?.distinct_rolls,
    `${doubled.rows[0]?.n} students in two paid orders; ${r?.paid} paid students, ${r?.rolls} roll numbers (${r?.distinct_rolls} distinct)`,
  );

  // Mail: each outbox message delivered once; each person's mail once.
  const sent = await checkDb.query<{
    id: number;
    status: string;
    template_key: string | null;
    attempts: number;
    last_error: string | null;
  }>(
    "select id, status, template_key, attempts, left(last_error, 200) as last_error from mail_messages where created_at >= $1",
    [runStart],
  );
  const seen = new Map<number, number>();
  for (const m of sink.messages) if (m.id !== null) seen.set(m.id, (seen.get(m.id) ?? 0) + 1);
  const sentTwice = [...seen.values()].filter((n) => n > 1).length;
  // A message a killed instance was handing to SMTP may have been delivered: the outbox marks it so
  // and never resends it (at most once, decision 032). It counts as sent once when the sink has it once.
  const interrupted = sent.rows.filter(
    (m) => m.status === "failed" && m.last_error === INTERRUPTED_DELIVERY.slice(0, 200),
  );
  const interruptedReceived = interrupted.filter((m) => seen.get(Number(m.id)) === 1);
  const unsent = sent.rows.filter((m) => m.status !== "sent" && !interruptedReceived.includes(m));
  const sentNotSunk = sent.rows.filter((m) => m.status === "sent" && !seen.has(Number(m.id)));
  const withoutId = sink.messages.filter((m) => m.id === null).length;
  // Why they were not sent, in the outbox's words: the first few kinds of reason.
  const unsentWhy = (rows: typeof unsent) => {
    const reasons = new Map<string, number[]>();
    for (const m of rows) {
      const key = `${m.status} after ${m.attempts} attempts: ${m.last_error ?? "no error recorded"}`;
      reasons.set(key, [...(reasons.get(key) ?? []), Number(m.id)]);
    }
    return [...reasons]
      .slice(0, 4)
      .map(([why, ids]) => `; ${ids.length} × ${why} (messages ${ids.slice(0, 5).join(", ")})`)
      .join("");
  };
  add(
    "every mail sent once",
    sentTwice === 0 && unsent.length === 0 && sentNotSunk.length === 0 && withoutId === 0,
    `${sent.rows.length} messages queued in the run, ${sink.messages.length} received by the sink; ${sentTwice} received twice, ${unsent.length} not sent (${[...new Set(unsent.map((m) => m.status))].join(", ") || "none"}${unsentWhy(unsent)}), ${sentNotSunk.length} marked sent but never received, ${withoutId} without an outbox id; ${interruptedReceived.length} interrupted by the kill while handed to SMTP, marked "may have been delivered" and not resent, each received once`,
  );
  // Each person's mail of a kind once, by the outbox row each received message names.
  const templateOf = new Map(sent.rows.map((m) => [Number(m.id), m.template_key]));
  const mailsOf = (address: string, template: string) =>
    sink.to(address).filter((m) => m.id !== null && templateOf.get(m.id) === template).length;
  const perPerson = (what: string, addresses: string[], template: string) => {
    const counts = addresses.map((address) => mailsOf(address, template));
    add(
      what,
      counts.every((n) => n === 1),
      `${addresses.length} people: ${counts.filter((n) => n === 1).length} got one, ${counts.filter((n) => n === 0).length} none, ${counts.filter((n) => n > 1).length} more than one`,
    );
  };
  perPerson(
    "every registered school's verification mail once",
    registered.map((s) => s.email),
    "school-email-verification",
  );
  perPerson(
    "every paid student's sign-in details once",
    sawPaid.flatMap((s) => s.emails),
    "student-credentials",
  );
  add(
    "no process of the cluster ended by itself",
    processes.unexpectedExits.length === 0,
    processes.unexpectedExits.join("; ") || "none",
  );

  // Jobs.
  const jobs = await checkDb.query<{ kind: string; status: string; n: number; retaken: number }>(
    `select kind, case when status = 'queued' and run_after > now() then 'due later' else status end as status,
            count(*)::int as n, count(*) filter (where attempts > 1)::int as retaken
       from jobs where created_at >= $1 group by 1, 2 order by 1, 2`,
    [runStart],
  );
  const unfinished = jobs.rows.filter((j) => j.status !== "done" && j.status !== "due later");
  // What the failed ones said, in their words (the first few kinds of reason).
  const reasons = await checkDb.query<{ kind: string; error: string; n: number }>(
    `select kind, left(coalesce(error, ''), 160) as error, count(*)::int as n from jobs
      where created_at >= $1 and status = 'failed' group by 1, 2 order by 3 desc limit 5`,
    [runStart],
  );
  add(
    "every job finished once",
    unfinished.length === 0,
    `${jobs.rows.map((j) => `${j.kind} ${j.status}: ${j.n}${j.retaken ? ` (${j.retaken} taken over after a try)` : ""}`).join("; ")}${reasons.rows.length ? `; failed because: ${reasons.rows.map((r) => `${r.kind} ×${r.n} "${r.error}"`).join("; ")}` : ""}`,
  );
  const storedSheets = await checkDb.query<{ status: string; stored: number | null }>(
    "select status, stored_sheets as stored from answer_uploads where id = $1",
    [upload.uploadId],
  );
  const uploadRow = storedSheets.rows[0];
  add(
    "the answer sheets stored once",
    uploadRow?.status === "stored" && Number(uploadRow.stored) === vendor.lines,
    `upload ${upload.uploadId}: ${uploadRow?.status ?? "missing"}, ${uploadRow?.stored ?? 0} sheets stored of ${vendor.lines} paid students' lines`,
  );

  // Uploads, through each API instance directly.
  const fileProblems: string[] = [];
  let filesRead = 0;
  const signInAt = async (base: string, username: string, password: string, app: string) => {
    const response = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password, app }),
    });
    if (!response.ok) throw new Error(`${username} could not sign in at ${base}: ${response.status}`);
    return ((await response.json()) as { data: { token: string } }).data.token;
  };
  const readAt = async (base: string, token: string, url: string) => {
    const response = await fetch(`${base}${url}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    if (response.status !== 200 || body.byteLength === 0)
      fileProblems.push(`${base}${url}: ${response.status}, ${body.byteLength} bytes`);
    else filesRead++;
  };
  const instances = ports.api.map((port) => `http://127.0.0.1:${port}`);
  const withErrors = schools.filter((s) => s.errorFileJobs.length > 0).slice(0, 300);
  // An instance that does not answer fails the check, not the rehearsal.
  const noted = (base: string) => (error: unknown) => {
    fileProblems.push(`${base}: ${(error as Error).message}`);
  };
  await pool(withErrors, 4, async (school) => {
    for (const base of instances) {
      await (async () => {
        const token = await signInAt(base, school.username, school.password, "school");
        for (const job of school.errorFileJobs) await readAt(base, token, `/api/schools/student/import/${job}/errors`);
      })().catch(noted(base));
    }
  });
  if (upload.uploadId) {
    for (const base of instances) {
      await (async () => {
        const token = await signInAt(base, "admin", DEMO_PASSWORD, "coordinator");
        await readAt(base, token, `/api/answer-sheet-upload/${upload.uploadId}/problems`);
      })().catch(noted(base));
    }
  }
  add(
    "every upload readable through every API instance",
    fileProblems.length === 0 && filesRead > 0,
    `${filesRead} reads of ${withErrors.reduce((n, s) => n + s.errorFileJobs.length, 0)} import error files and the answer file's problems through ${instances.length} instances; ${fileProblems.length} failed${fileProblems.length ? `: ${fileProblems.slice(0, 3).join("; ")}` : ""}`,
  );
  await checkDb.end();

  // Caddy always had an instance of each service to send to, through the kill and the restart (decision 074).
  const proxy = proxyErrors(logDir);
  const noUpstream = proxy.get(NO_UPSTREAM) ?? 0;
  add(
    "the proxy always had an instance to send to",
    noUpstream === 0,
    `${noUpstream} answers "${NO_UPSTREAM}" in Caddy's log; its other errors: ${
      [...proxy]
        .filter(([kind]) => kind !== NO_UPSTREAM)
        .map(([kind, n]) => `${n} × ${kind}`)
        .join("; ") || "none"
    }`,
  );

  // Every journey's people got through (retries after the disruptions allowed).
  add(
    "every school registered, verified, imported and paid",
    schools.every((s) => s.verified && s.imported > 0 && s.paidOrder !== null),
    `${schools.length} schools: ${schools.filter((s) => s.verified).length} verified, ${importedSchools.length} imported, ${sawPaid.length} paid`,
  );
  add(
    "every student reader read its result",
    readOutcomes.read === readers.length,
    `${readers.length} students: ${readOutcomes.read} read their result (${season.certificatesRead} certificates downloaded, ${season.certificatesRefused} not offered), ${readOutcomes["no mail"]} without their mail, ${readOutcomes.failed} failed`,
  );

  // ── The report ─────────────────────────────────────────────────────────────────────────
  const report = {
    options,
    machine: {
      cpus: cpus().length,
      load_average_before: loadBefore,
      load_average_after: loadavg().map((n) => round(n, 2)),
      load_average_during: cpu.loadAverage(),
    },
    seconds: round((Date.now() - started) / 1000),
    cluster: {
      postgresql: replica ? "primary + streaming replica" : "primary",
      pooler: pooler ? "PgBouncer, transaction mode" : "none",
      api_instances: 2,
      apps: apps.map((app) => `${app} ×2`),
      proxy: `Caddy (round robin, lb_try_duration ${PROXY_BALANCING.tryDurationSeconds}s, liveness checked every ${PROXY_BALANCING.healthIntervalSeconds}s)`,
      storage: "S3 (s3rver)",
    },
    journeys: phases,
    disruptions: season.disruptions.map((d) => ({
      what: d.what,
      seconds: d.to ? round((d.to - d.from) / 1000) : null,
      errors_met: d.errors,
      retried_by_people: d.retried,
    })),
    gateway: season.gateway,
    coordinator_sessions: coordinatorSessions,
    checks,
    notes: [
      ...season.notes,
      "Jobs run beside the journeys (sign-in details are hashed with argon2id and mailed per paid student after each payment): a journey's CPU per request includes what the jobs did meanwhile.",
    ],
    errors: phases.flatMap((p) => season.recorder(p.journey).errorList.map((e) => ({ journey: p.journey, ...e }))),
  };
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", "rehearsal.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(markdown(report));
  season.close();
  return checks.every((c) => c.ok);
}

function markdown(report: {
  journeys: PhaseFigures[];
  disruptions: { what: string; seconds: number | null; errors_met: number; retried_by_people: number }[];
  checks: Check[];
  machine: {
    cpus: number;
    load_average_before: number[];
    load_average_after: number[];
    load_average_during: { avg: number; peak: number };
  };
  gateway: Season["gateway"];
  errors: { journey: string; kind: string; status: number | null; message: string }[];
  notes: string[];
  seconds: number;
}): string {
  const names = [...new Set(report.journeys.flatMap((j) => Object.keys(j.cpu_ms_per_request)))];
  const lines = [
    "",
    `**Season rehearsal**: ${options.schools} schools, ${options.studentsPerSchool} students each (+${options.badRows} wrong rows), ${report.seconds} s; ${report.machine.cpus} cores, load average ${report.machine.load_average_during.avg} during (peak ${report.machine.load_average_during.peak}; ${report.machine.load_average_before.join(" ")} before, ${report.machine.load_average_after.join(" ")} after).`,
    "",
    "| journey | seconds | requests | errors | p50 | p95 |",
    "|---|---|---|---|---|---|",
    ...report.journeys.map(
      (j) => `| ${j.journey} | ${j.seconds} | ${j.requests} | ${j.errors} | ${j.p50_ms} ms | ${j.p95_ms} ms |`,
    ),
    "",
    `| CPU ms per request | ${names.join(" | ")} |`,
    `|---|${names.map(() => "---").join("|")}|`,
    // A step without requests of its own (3b: jobs) shows its CPU seconds instead.
    ...report.journeys.map(
      (j) =>
        `| ${j.journey} | ${names.map((n) => (j.requests ? (j.cpu_ms_per_request[n] ?? 0) : `${j.cpu_seconds[n] ?? 0} s`)).join(" | ")} |`,
    ),
    "",
    "| disruption | seconds | errors people met | of them retried |",
    "|---|---|---|---|",
    ...report.disruptions.map((d) => `| ${d.what} | ${d.seconds ?? "?"} | ${d.errors_met} | ${d.retried_by_people} |`),
    "",
    `Gateway: ${report.gateway.deliveries} webhook deliveries, ${report.gateway.duplicates} repeats, ${report.gateway.reordered} late failed tries, ${report.gateway.refused} refused.`,
    "",
    "| check | result | detail |",
    "|---|---|---|",
    ...report.checks.map((c) => `| ${c.check} | ${c.ok ? "ok" : "**FAILED**"} | ${c.detail} |`),
  ];
  for (const j of report.journeys) {
    lines.push("", `${j.journey}:`, "| kind | requests | errors | p50 | p95 |", "|---|---|---|---|---|");
    for (const k of j.kinds)
      lines.push(`| ${k.kind} | ${k.requests} | ${k.errors} | ${k.p50_ms} ms | ${k.p95_ms} ms |`);
  }
  if (report.errors.length > 0) {
    lines.push("", "First errors of each journey:");
    for (const e of report.errors.slice(0, 60))
      lines.push(`- ${e.journey}, ${e.kind}, ${e.status ?? "no answer"}: ${e.message}`);
  }
  for (const note of report.notes) lines.push(`- note: ${note}`);
  return lines.join("\n");
}

try {
  const ok = await main();
  failed = !ok;
  if (!ok) console.error("\nrehearsal: a check FAILED (see the table above)");
} catch (error) {
  failed = true;
  console.error(`rehearsal: ${(error as Error).stack ?? error}`);
} finally {
  if (!interrupted) await shutdown();
}
process.exit(failed ? 1 : 0);
