// The results benchmark (`npm run bench -- --only results`, or part of `npm run bench`), on
// PostgreSQL through the built API server (issue 15):
//  - ingest, score and rank --sheets (1,000,000) Level 1 answer sheets of 100 questions end to end:
//    the vendor's file uploaded, checked (the dry run), confirmed, stored with scores and ranked.
//    Target ≤ 30 s from the upload to the stored ranks; the split comes from the store job.
//  - the result lists over them, 8 at a time (target p95 ≤ 20 ms), where those endpoints exist.
// It creates and drops `<prefix>results` on the server at BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { cpus, loadavg } from "node:os";
import { type Database, openDatabase, queryRows } from "@repo/db";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { seedScale } from "@repo/db/seed/scale";
import { sql } from "drizzle-orm";
import { admin, benchDatabase, databaseUrl } from "./database";
import { type BuiltApi, httpClient, type Latency, measureLatency, round, serverCpu, startBuiltApi } from "./support";

const DATABASE = benchDatabase(`results${process.env.BENCH_DB_SUFFIX ?? ""}`);
export const RESULT_TARGETS = { endToEndS: 30, listP95Ms: 20 } as const;
const ROMAN = ["VI", "VII", "VIII", "IX", "X", "XI"];
const OPTIONS = ["A", "B", "C", "D"];

export interface ResultsBenchReport {
  sheets: number;
  file_mb: number;
  seconds: {
    seed: number;
    upload: number;
    check: number;
    store_job: number;
    end_to_end: number;
    split: { read_and_check: number; score_and_store: number; rank: number } | null;
  };
  stored: number;
  lists: (Latency & { scenario: string; cpu_ms: number })[];
  machine: { cpus: number; load_average: number[] };
}

/** A small deterministic generator: the same file on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The right option of question `n` in the bench's papers. */
export const keyOf = (n: number) => OPTIONS[(n * 7) % 4] as string;

/** The bench papers' codes by class (VI to XI), as the vendor's file names them. */
export const paperCode = (classLevel: number) => `L1-${ROMAN[classLevel - 6]}-B`;

/**
 * The vendor's file: one line per paid student (the first `limit` with roll numbers, else all),
 * answers right with the student's own chance.
 */
export async function answerFile(db: Database["db"], limit?: number): Promise<Uint8Array> {
  const rows = await queryRows<{ roll: string; class_level: number }>(
    db,
    sql`select roll_number as roll, class_level from students where roll_number is not null order by id
        ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
  );
  const random = generator(1);
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let lines: string[] = [];
  for (const row of rows) {
    const ability = 0.2 + random() * 0.75;
    const answers = new Array<string>(100);
    for (let n = 1; n <= 100; n++) {
      const r = random();
      answers[n - 1] = r < 0.05 ? "" : r < ability ? keyOf(n) : (OPTIONS[(n * 7 + 1) % 4] as string);
    }
    lines.push(`${row.roll},${paperCode(row.class_level)},${answers.join(",")}`);
    if (lines.length === 50_000) {
      parts.push(encoder.encode(`${lines.join("\n")}\n`));
      lines = [];
    }
  }
  parts.push(encoder.encode(lines.join("\n")));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 15 * 60_000;
  for (;;) {
    // A poll may meet a keep-alive socket the server just closed: ask again.
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > until) throw new Error(`${what} did not finish in 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The vendor's file through the API as a coordinator stores it, timed: uploaded, checked (the dry
 * run), confirmed, and stored with scores and ranks by the store job (its split in seconds).
 */
export async function storeThroughApi(base: string, headers: Record<string, string>, file: Uint8Array) {
  const upload = async (id: number) => {
    const response = await fetch(`${base}/api/answer-sheet-upload/${id}`, { headers });
    return ((await response.json()) as { data: { status: string; stored_sheets: number | null } }).data;
  };
  const started = performance.now();
  const form = new FormData();
  form.append("file", new Blob([file as BlobPart]), "bench-level1.txt");
  form.append("exam_level", "level1");
  const posted = await fetch(`${base}/api/admin-upload-txt-answersheet`, { method: "POST", headers, body: form });
  const body = (await posted.json()) as { data: { upload_id: number } };
  if (posted.status !== 202) throw new Error(`the upload answered ${posted.status}: ${JSON.stringify(body)}`);
  const uploaded = performance.now();
  const id = body.data.upload_id;
  await waitFor(
    () => upload(id),
    (u) => u.status !== "checking",
    "the check",
  );
  const checked = performance.now();
  const confirmed = await fetch(`${base}/api/answer-sheet-upload/${id}/confirm`, { method: "POST", headers });
  const confirmBody = (await confirmed.json()) as { data: { job_id: number } };
  if (confirmed.status !== 202) throw new Error(`confirm answered ${confirmed.status}: ${JSON.stringify(confirmBody)}`);
  const done = await waitFor(
    () => upload(id),
    (u) => u.status !== "storing",
    "storing",
  );
  if (done.status !== "stored") throw new Error(`the upload ended ${done.status}`);
  // The upload reads stored a moment before its job records its result (the split): wait for that.
  const job = await waitFor(
    async () =>
      (await (await fetch(`${base}/api/jobs/${confirmBody.data.job_id}`, { headers })).json()) as {
        data: {
          status: string;
          result: { ms?: { read_and_check: number; score_and_store: number; rank: number } } | null;
        };
      },
    (j) => j.data.status !== "running" && j.data.status !== "queued",
    "the store job's result",
  );
  // The end is the job's: its ANALYZE of the new rows is part of making the results readable.
  const finished = performance.now();
  const split = job.data.result?.ms ?? null;
  return {
    stored: done.stored_sheets ?? 0,
    seconds: {
      upload: round((uploaded - started) / 1000, 2),
      check: round((checked - uploaded) / 1000, 2),
      store_job: round((finished - checked) / 1000, 2),
      end_to_end: round((finished - started) / 1000, 2),
      split: split
        ? {
            read_and_check: round(split.read_and_check / 1000, 2),
            score_and_store: round(split.score_and_store / 1000, 2),
            rank: round(split.rank / 1000, 2),
          }
        : null,
    },
  };
}

/** Seeds (or, with `reuse`, empties) the database and stores the answer file through the API, timed. */
async function ingestSheets(options: { adminUrl: string; port: number; reuse?: boolean }, sheets: number, url: string) {
  console.log(`results bench: creating ${DATABASE} with ${sheets.toLocaleString("en")} paid students…`);
  const t0 = performance.now();
  // --reuse runs again on a database an earlier --keep run left (seeding a million takes minutes).
  if (!options.reuse) {
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`);
    await admin(options.adminUrl, `create database "${DATABASE}"`);
  }
  const database = await openDatabase({ url, maxConnections: 2 });
  if (options.reuse) {
    await database.db.execute(sql`delete from result_ranks`);
    await database.db.execute(sql`delete from answer_sheets`);
    await database.db.execute(sql`delete from answer_uploads`);
    await database.db.execute(sql`vacuum analyze answer_sheets`);
  } else {
    await seedScale(database.db, { students: sheets, schools: 50_000, coordinators: 2_000 });
  }
  // Every generated student paid, with a roll number (the demo's own paid students keep theirs).
  await database.db.execute(sql`update students set payment_status = 'paid',
      roll_number = 'BN' || lpad(id::text, 10, '0') where roll_number is null`);
  const [year] = await queryRows<{ id: number }>(database.db, sql`select id from exam_years where is_active`);
  for (const index of ROMAN.keys()) {
    if (options.reuse) break; // the papers are there, and a finalized paper set cannot be deleted
    await seedFinalizedPaper(database.db, {
      examYearId: Number(year?.id),
      examKind: "level1",
      classLevel: index + 6,
      code: paperCode(index + 6),
      sections: level1Sections((n) => [keyOf(n)]),
    });
  }
  await database.db.execute(sql`vacuum analyze`);
  const file = await answerFile(database.db);
  await database.close();
  const seedSeconds = (performance.now() - t0) / 1000;
  console.log(`results bench: seeded in ${round(seedSeconds)} s; file ${round(file.byteLength / 1e6)} MB`);

  const api = await startBuiltApi(url, options.port);
  try {
    const headers = await api.signIn("admin", "coordinator");
    const timed = await storeThroughApi(api.base, headers, file);
    const seconds = { seed: round(seedSeconds), ...timed.seconds };
    console.log(`results bench: ${JSON.stringify(seconds)}`);

    return { api, ingest: { seconds, fileMb: round(file.byteLength / 1e6), stored: timed.stored } };
  } catch (error) {
    await api.stop();
    throw error;
  }
}

/** The ingest's figures of a `listsOnly` run, which stores nothing. */
const NO_INGEST: ResultsBenchReport["seconds"] = {
  seed: 0,
  upload: 0,
  check: 0,
  store_job: 0,
  end_to_end: 0,
  split: null,
};

export async function runResultsBench(options: {
  adminUrl: string;
  port: number;
  sheets?: number;
  keep?: boolean;
  reuse?: boolean;
  /** With `reuse`: measure the lists on the stored results as they are, without a new ingest. */
  listsOnly?: boolean;
}): Promise<ResultsBenchReport> {
  const sheets = options.sheets ?? 1_000_000;
  let api: BuiltApi | undefined;
  try {
    const url = databaseUrl(options.adminUrl, DATABASE);
    let ingest = { seconds: NO_INGEST, fileMb: 0, stored: 0 };
    if (options.reuse && options.listsOnly) {
      api = await startBuiltApi(url, options.port);
    } else {
      const done = await ingestSheets(options, sheets, url);
      api = done.api;
      ingest = done.ingest;
    }
    const headers = await api.signIn("admin", "coordinator");
    const cpu = serverCpu(api.process.pid, url);

    // node:http with kept-alive sockets (support.ts httpClient), not fetch: the client shares the
    // two cores with the API and PostgreSQL, and fetch cost it four times the CPU per request.
    const http = httpClient(api.base);
    const lists: ResultsBenchReport["lists"] = [];
    for (const [scenario, path, payload] of LIST_SCENARIOS) {
      const call = async () => {
        const response = await (payload === undefined ? http.get(path, headers) : http.post(path, headers, payload));
        const text = await response.text();
        if (response.status === 404 && text.includes("No such endpoint")) throw new Skip();
        if (response.status !== 200) throw new Error(`${scenario} answered ${response.status}`);
      };
      try {
        // The warm-up first (and a missing endpoint found there), then the CPU around the measured calls.
        await measureLatency(10, 8, call, 0);
        await cpu.start();
        const figures = await measureLatency(200, 8, call, 0);
        const cpuMs = await cpu.stop(200);
        lists.push({ scenario, ...figures, cpu_ms: cpuMs });
        console.log(
          `results bench: ${scenario}: p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms, server CPU ${cpuMs} ms/request`,
        );
      } catch (error) {
        if (!(error instanceof Skip)) throw error;
        console.log(`results bench: ${scenario}: no such endpoint, skipped`);
      }
    }
    http.close();
    return {
      sheets,
      file_mb: ingest.fileMb,
      seconds: ingest.seconds,
      stored: ingest.stored,
      lists,
      machine: { cpus: cpus().length, load_average: loadavg() },
    };
  } finally {
    await api?.stop();
    // --keep leaves the database for a look at its plans (EXPLAIN) after the run.
    if (!options.keep)
      await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}

class Skip extends Error {}

/** The result lists a coordinator opens on result day: [what, path, JSON body or undefined for GET]. */
const LIST_SCENARIOS: [string, string, unknown][] = [
  ["students, Level 1, first page", "/api/student-results", { level: "level1" }],
  ["students, Level 1, class VIII", "/api/student-results", { level: "level1", class_level: 8 }],
  ["schools, Level 1", "/api/school-mock-results", { level: "level1" }],
  ["states, Level 1", "/api/state-mock-results", { level: "level1" }],
  ["winners, state camp", "/api/result-winners?level=level1&award=state_camp", undefined],
];
