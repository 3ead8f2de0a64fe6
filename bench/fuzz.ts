// The long fuzz run (`npx tsx bench/run.ts --only fuzz`, or part of `npm run bench`): the short
// run of apps/api/test/fuzz.test.ts with many more cases, a random seed (printed, so a finding can
// be replayed with `--seed N`), bigger hostile values and shrinking of what fails.
//  - Every operation of the OpenAPI document as anonymous, a school, an admin and a role that may
//    call it; for each caller that gets past the permission check, the fixed cases (ids past
//    PostgreSQL's integer range, NUL bytes, lone surrogates, a body that is not JSON), then every
//    field with one hostile value of each kind, then `--fuzz-runs` random cases (200 by default).
//  - The API runs in-process (createApp) over a fresh database with the demo data: PostgreSQL
//    `<prefix>fuzz` on the bench server by default, `--driver pglite` for the embedded one.
//  - A finding is a 5xx, an answer slower than `--fuzz-timeout-ms` (10,000), or a stack, SQL or
//    the database's words in an answer; each comes with the cause the API logged.
// It creates and drops `<prefix>fuzz` on the server at BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { type Database, openDatabase } from "@repo/db";
import { seedDemoData } from "@repo/db/seed";
import pino from "pino";
import { createApp } from "../apps/api/src/app";
import { ensureBuiltInTemplates } from "../apps/api/src/domains/mail/index";
import { buildOpenApiDocument } from "../apps/api/src/openapi-document";
import { createServices } from "../apps/api/src/services";
import { ApiFuzzer, type Finding } from "../apps/api/test/fuzz/runner";
import { admin, benchDatabase, databaseUrl } from "./database";
import { BENCH_PASSWORD, round } from "./support";

const DATABASE = benchDatabase("fuzz");

export interface FuzzBenchReport {
  seed: number;
  driver: "postgres" | "pglite";
  runs_per_operation: number;
  operations: number;
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  slowest: { operation: string; ms: number }[];
  findings: Finding[];
  /** Demo users an operation deleted, deactivated or reset: the operations after it ran without them. */
  lost_callers: string[];
}

export async function runFuzzBench(options: {
  adminUrl: string;
  seed?: number;
  runs?: number;
  timeoutMs?: number;
  driver?: "postgres" | "pglite";
}): Promise<FuzzBenchReport> {
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const runs = options.runs ?? 200;
  const driver = options.driver ?? "postgres";
  console.log(
    `fuzz bench: seed ${seed} (replay: npx tsx bench/run.ts --only fuzz --seed ${seed}), ${runs} runs, ${driver}`,
  );

  let database: Database;
  const dataDir = driver === "pglite" ? mkdtempSync(path.join(tmpdir(), "portal-fuzz-db-")) : undefined;
  if (dataDir) {
    database = await openDatabase({ dataDir });
  } else {
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`);
    await admin(options.adminUrl, `create database "${DATABASE}"`);
    database = await openDatabase({ url: databaseUrl(options.adminUrl, DATABASE), maxConnections: 4 });
  }
  await seedDemoData(database.db, BENCH_PASSWORD);
  await ensureBuiltInTemplates(database.db);
  const uploadDir = mkdtempSync(path.join(tmpdir(), "portal-fuzz-uploads-"));
  const services = createServices(database, { uploadDir });

  // The API's own log says why a request failed: kept by request id, shown with the finding.
  const causes = new Map<string, string>();
  const log = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        const entry = JSON.parse(line) as { req_id?: string; err?: { message?: string } };
        if (entry.req_id && entry.err?.message)
          causes.set(entry.req_id, entry.err.message.split("\n").slice(-1)[0] ?? "");
      }
      done();
    },
  });
  const app = createApp({ services, logger: pino({ level: "error" }, log), version: "bench" });

  const statuses: Record<string, number> = {};
  let requests = 0;
  const send = async (url: string, init: RequestInit) => {
    const response = await app.request(url, init);
    requests++;
    const kind = `${Math.floor(response.status / 100)}xx`;
    statuses[kind] = (statuses[kind] ?? 0) + 1;
    return response;
  };
  const fuzzer = new ApiFuzzer(send, await buildOpenApiDocument(), {
    seed,
    runs,
    timeoutMs: options.timeoutMs ?? 10_000,
    sizes: { longString: 1_000_000, nesting: 100_000, bigArray: 200_000 },
    password: BENCH_PASSWORD,
    shrink: true,
    everyField: true,
    explain: (id) => causes.get(id),
  });

  const findings: Finding[] = [];
  const durations: { operation: string; ms: number }[] = [];
  const started = performance.now();
  try {
    for (const [i, op] of fuzzer.operations.entries()) {
      const t0 = performance.now();
      // The fixed and every-field cases go to the first caller past the permission check (they
      // test the validators, the same for every caller); every caller gets the random ones.
      let examplesSent = false;
      for (const caller of await fuzzer.callersFor(op)) {
        const allowed = fuzzer.mayCall(op, caller);
        const finding = await fuzzer.fuzz(op, caller, allowed && !examplesSent);
        examplesSent ||= allowed;
        if (finding) {
          findings.push(finding);
          console.log(`  ✗ ${finding.operation} as ${finding.caller}: ${finding.problem}\n      ${finding.request}`);
        }
      }
      await fuzzer.afterOperation(op);
      durations.push({ operation: op.key, ms: round(performance.now() - t0) });
      if ((i + 1) % 25 === 0) console.log(`  ${i + 1}/${fuzzer.operations.length} operations, ${requests} requests`);
    }
  } finally {
    await services.pdf.close();
    await database.close();
    rmSync(uploadDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    else await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`);
  }
  durations.sort((a, b) => b.ms - a.ms);
  return {
    seed,
    driver,
    runs_per_operation: runs,
    operations: fuzzer.operations.length,
    requests,
    seconds: round((performance.now() - started) / 1000),
    statuses,
    slowest: durations.slice(0, 10),
    findings,
    lost_callers: fuzzer.lostCallers().map((c) => `${c.label}: ${c.lost}`),
  };
}
