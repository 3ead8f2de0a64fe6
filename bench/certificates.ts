// The certificates benchmark (`npm run bench -- --only certificates`, or part of `npm run bench`),
// on PostgreSQL through the built API server (issue 15): --certificates (10,000) Level 1 sheets of
// one state, names in five scripts, printed by the bulk job (POST /api/certificates/bulk, state_id,
// one PDF) from the request to the finished file. Target ≤ 60 s for 10,000.
// It creates and drops `<prefix>certificates` on the server at BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { cpus } from "node:os";
import { type Database, queryRows } from "@repo/db";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { rankLevel, recordedUpload, storeSheets } from "../apps/api/src/domains/results/store";
import { admin, benchDatabase } from "./database";
import { type BuiltApi, freshBenchDatabase, round, startBuiltApi } from "./support";

const DATABASE = benchDatabase("certificates");
export const CERTIFICATE_TARGETS = { certificates: 10_000, seconds: 60 } as const;

export interface CertificatesBenchReport {
  certificates: number;
  seconds: { seed: number; job: number; per_thousand: number; projected_10000: number };
  per_second: number;
  file_mb: number;
  pages: number;
  machine: { cpus: number };
}

/** Names in the scripts certificates print most: Latin, Devanagari, Tamil, Bengali and Urdu. */
const NAMES: [string, string, string][] = [
  ["Aarav", "Sharma", "en"],
  ["आरव", "शर्मा", "hi"],
  ["கார்த்திக்", "ராஜா", "ta"],
  ["অনুশ্রী", "দাস", "bn"],
  ["زینب", "فاطمہ", "ur"],
  ["Meera", "Kulkarni", "mr"],
];

/**
 * `count` paid students of the demo's Maharashtra schools with stored, ranked Level 1 sheets (the
 * store's own functions, as an upload leaves them). Resolves to the state's id.
 */
export async function seedCertificatesBench(db: Database["db"], count: number): Promise<number> {
  const [state] = await queryRows<{ id: number; year: number }>(
    db,
    sql`select s.state_id as id, (select id from exam_years where is_active) as year
        from schools s join users u on u.school_id = s.id where u.username = 'school'`,
  );
  if (!state) throw new Error("the demo school is missing");
  const examYearId = Number(state.year);
  await db.execute(sql`
    insert into students (school_id, class_level, language, first_name, last_name, exam_year_id, dedupe_key,
      roll_number, payment_status, zone_id, state_id, prant_id, district_id)
    select sc.id, 6 + g % 6, n.language, n.first_name || ' ' || g, n.last_name, ${examYearId}, 'bench-certificate-' || g,
      'BC' || lpad(g::text, 8, '0'), 'paid', sc.zone_id, sc.state_id, sc.prant_id, sc.district_id
    from generate_series(1, ${count}) g
    join (select id, zone_id, state_id, prant_id, district_id, row_number() over (order by id) - 1 as n,
            count(*) over () as schools
          from schools where state_id = ${state.id}) sc on sc.n = g % sc.schools
    join (select value->>0 as first_name, value->>1 as last_name, value->>2 as language, ordinality - 1 as n
          from jsonb_array_elements(${JSON.stringify(NAMES)}::jsonb) with ordinality) n on n.n = g % ${NAMES.length}`);
  const papers = new Map<number, number>();
  for (let classLevel = 6; classLevel <= 11; classLevel++) {
    papers.set(
      classLevel,
      await seedFinalizedPaper(db, {
        examYearId,
        examKind: "level1",
        classLevel,
        code: `BENCH-CERT-${classLevel}`,
        sections: level1Sections(() => ["A"]),
      }),
    );
  }
  const students = await queryRows<{ id: number; roll_number: string; class_level: number }>(
    db,
    sql`select id, roll_number, class_level from students where dedupe_key like 'bench-certificate-%' order by id`,
  );
  const uploadId = await recordedUpload(db, { examYearId, examKind: "level1", fileName: "bench-certificates.txt" });
  await storeSheets(db, {
    examYearId,
    examKind: "level1",
    uploadId,
    sheets: students.map((s, i) => ({
      studentId: Number(s.id),
      rollNumber: s.roll_number,
      paperSetId: papers.get(Number(s.class_level)) ?? 0,
      line: i + 1,
      answers: Array.from({ length: 100 }, (_, q) => (q < 20 + ((i * 37) % 80) ? "A" : "")),
    })),
  });
  await rankLevel(db, examYearId, "level1");
  return Number(state.id);
}

export async function runCertificatesBench(options: {
  adminUrl: string;
  port: number;
  certificates?: number;
}): Promise<CertificatesBenchReport> {
  const count = options.certificates ?? CERTIFICATE_TARGETS.certificates;
  let api: BuiltApi | undefined;
  try {
    console.log(`certificates bench: creating ${DATABASE} with ${count.toLocaleString("en")} sheets…`);
    const t0 = performance.now();
    const { url, database } = await freshBenchDatabase(options.adminUrl, DATABASE);
    const stateId = await seedCertificatesBench(database.db, count);
    await database.close();
    const seed = (performance.now() - t0) / 1000;

    api = await startBuiltApi(url, options.port);
    const headers = { ...(await api.signIn("admin", "coordinator")), "Content-Type": "application/json" };
    const t1 = performance.now();
    const started = await fetch(`${api.base}/api/certificates/bulk`, {
      method: "POST",
      headers,
      body: JSON.stringify({ level: "level1", state_id: stateId, output: "pdf" }),
    });
    if (started.status !== 202) throw new Error(`the bulk run answered ${started.status}: ${await started.text()}`);
    const jobId = ((await started.json()) as { data: { job_id: number } }).data.job_id;
    let last = -1;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const job = (
        (await (await fetch(`${api.base}/api/jobs/${jobId}`, { headers })).json()) as {
          data: { status: string; error: string | null; progress: { done: number; total: number } };
        }
      ).data;
      if (job.status === "failed") throw new Error(`the bulk job failed: ${job.error}`);
      if (job.status === "done") break;
      if (job.progress.done !== last && job.progress.done % 2000 < 200) {
        last = job.progress.done;
        console.log(
          `certificates bench: ${job.progress.done} of ${job.progress.total} after ${round((performance.now() - t1) / 1000)} s`,
        );
      }
    }
    const job = (performance.now() - t1) / 1000;
    const file = new Uint8Array(
      await (await fetch(`${api.base}/api/certificates/bulk/${jobId}/file`, { headers })).arrayBuffer(),
    );
    const pages = (await PDFDocument.load(file)).getPageCount();
    if (pages !== count) throw new Error(`the PDF has ${pages} pages for ${count} certificates`);
    const perThousand = (job / count) * 1000;
    console.log(
      `certificates bench: ${count.toLocaleString("en")} certificates in ${round(job, 1)} s (${round(count / job)} a second), ${round(file.byteLength / 1e6)} MB`,
    );
    return {
      certificates: count,
      seconds: {
        seed: round(seed, 1),
        job: round(job, 1),
        per_thousand: round(perThousand, 2),
        projected_10000: round(perThousand * 10, 1),
      },
      per_second: round(count / job),
      file_mb: round(file.byteLength / 1e6),
      pages,
      machine: { cpus: cpus().length },
    };
  } finally {
    await api?.stop();
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}
