// What unnamed statements and PgBouncer cost (decision 066): the session lookup every signed-in
// request makes and one region list page (a prepared list, decision 042), timed
//   direct, named     — the pool straight to PostgreSQL, as without a pooler (today's default);
//   direct, unnamed   — the same pool with DATABASE_POOLER=pgbouncer's unnamed statements;
//   pgbouncer         — through PgBouncer in transaction mode, unnamed (the deployment).
// Interleaved: each round runs every configuration in turn, so a busy moment of the machine
// falls on all of them. One client at a time (latency), then 8 at once (throughput, pool 8,
// PgBouncer's default_pool_size 4). JIT is off for the database in all three, as the deployment
// has it (ALTER DATABASE … SET jit = off, or PgBouncer's connect_query).
//
//   npx tsx bench/pooler.ts [--rounds 5] [--calls 400]
// Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin URL; default
// postgres://postgres@127.0.0.1:5432/postgres) and Debian's pgbouncer. Prints a table and writes
// bench/results/pooler.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { regionListBody } from "@repo/contracts/geography";
import { type Database, openDatabase } from "@repo/db";
import { startPgBouncer } from "@repo/db/pgbouncer";
import { users } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import { listRegions } from "../apps/api/src/domains/geography/geography";
import { findSession, startSignIn } from "../apps/api/src/kernel/auth/sessions";
import { admin, databaseUrl } from "./database";
import { freshBenchDatabase, percentile, round } from "./support";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const ROUNDS = option("--rounds", 5);
const CALLS = option("--calls", 400);
const CONCURRENCY = 8;

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NAME = "portal_bench_pooler";

interface Config {
  name: string;
  database: Database;
  token: string;
}
type Work = "session lookup" | "region list";

async function main() {
  const { url, database: seeding } = await freshBenchDatabase(adminUrl, NAME);
  await seeding.close();
  await admin(adminUrl, `alter database "${NAME}" set jit = off`);
  const bouncer = await startPgBouncer(url, { poolSize: 4 });
  const open = (through: string, pooled: boolean) =>
    openDatabase({
      url: through,
      migrate: false,
      maxConnections: CONCURRENCY,
      ...(pooled ? { pooler: "pgbouncer" as const, directUrl: url } : {}),
    });
  const databases: [string, Database][] = [
    ["direct, named", await open(url, false)],
    ["direct, unnamed", await open(url, true)],
    ["pgbouncer, unnamed", await open(bouncer.url, true)],
  ];
  const configs: Config[] = [];
  for (const [name, database] of databases) {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
    const { token } = await startSignIn(database.db, Number(user?.id), "coordinator", 12);
    configs.push({ name, database, token });
  }
  const body = regionListBody.parse({ page: 2, per_page: 10 });
  const work: Record<Work, (config: Config) => Promise<unknown>> = {
    "session lookup": (config) => findSession(config.database.db, config.token, 12),
    "region list": (config) => listRegions(config.database.db, "city", body, { all: true }),
  };
  const latencies = new Map<string, number[]>();
  const rates = new Map<string, number[]>();
  const key = (config: Config, what: Work) => `${config.name}|${what}`;
  // Warm: connections opened, named statements parsed, caches filled.
  for (const config of configs) for (const run of Object.values(work)) for (let i = 0; i < 50; i++) await run(config);
  for (let roundNo = 0; roundNo < ROUNDS; roundNo++) {
    for (const config of configs) {
      for (const [what, run] of Object.entries(work) as [Work, (config: Config) => Promise<unknown>][]) {
        const times = latencies.get(key(config, what)) ?? [];
        for (let i = 0; i < CALLS; i++) {
          const started = performance.now();
          await run(config);
          times.push(performance.now() - started);
        }
        latencies.set(key(config, what), times);
        let next = 0;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next++ < CALLS) await run(config);
          }),
        );
        const rate = rates.get(key(config, what)) ?? [];
        rate.push(CALLS / ((performance.now() - started) / 1000));
        rates.set(key(config, what), rate);
      }
    }
    process.stdout.write(`round ${roundNo + 1}/${ROUNDS}\n`);
  }
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const rows = configs.flatMap((config) =>
    (Object.keys(work) as Work[]).map((what) => {
      const sorted = [...(latencies.get(key(config, what)) ?? [])].sort((a, b) => a - b);
      const base = configs[0] as Config;
      const baseP50 = percentile(
        [...(latencies.get(key(base, what)) ?? [])].sort((a, b) => a - b),
        50,
      );
      const baseRate = median(rates.get(key(base, what)) ?? []);
      const rate = median(rates.get(key(config, what)) ?? []);
      return {
        config: config.name,
        work: what,
        p50_ms: round(percentile(sorted, 50), 3),
        p95_ms: round(percentile(sorted, 95), 3),
        p50_ratio: round(percentile(sorted, 50) / baseP50, 2),
        per_second_8_at_once: Math.round(rate),
        throughput_ratio: round(rate / baseRate, 2),
      };
    }),
  );
  console.table(rows);
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/pooler.json",
    `${JSON.stringify({ rounds: ROUNDS, calls: CALLS, concurrency: CONCURRENCY, pgbouncer_pool_size: 4, rows }, null, 2)}\n`,
  );
  for (const [, database] of databases) await database.close();
  await bouncer.stop();
  await admin(databaseUrl(adminUrl, "postgres"), `drop database if exists "${NAME}" with (force)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
