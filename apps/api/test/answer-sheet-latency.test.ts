// @vitest-alone: measures /api/health's wait; runs after the rest, one file at a time (vitest.config.ts).
import { RESULT_JOBS } from "@repo/contracts/results-constants";
import { queryRows } from "@repo/db";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNextJob } from "../src/services/jobs";
import { answerCheckJob, answerStoreJob } from "../src/services/results/uploads";
import { HEALTH_GAP_LIMIT_MS, healthLatencyDuring } from "./health-latency";
import { startTestApi, type TestApi } from "./support";

/**
 * The answer-sheet upload and /api/health (issue 34, item 2; decision 046). What it measures:
 * health's longest wait (a) during POST /api/admin-upload-txt-answersheet of a 20 MB vendor file
 * of 100,000 lines of unknown roll numbers (the request: form, storage, the job queued) and (b)
 * while the check job reads and looks up every line. The upload's memory and its 256 MB limit are
 * the answer-sheet work of the same issue (services/results/uploads.ts, staging.ts), not this file.
 *
 * Opt-in (ANSWER_SHEET_LATENCY=1) until that work lands: on 2026-12-06, on PGlite and a busy
 * machine, the upload held health 0.9 s and the check job 66 s (70 s in all), over the limit and
 * over the suite's time budget (decision 046, Consequences).
 */

const logger = pino({ level: "silent" });
const LINES = 100_000;

describe.skipIf(!process.env.ANSWER_SHEET_LATENCY)("answer-sheet uploads and /api/health", () => {
  let api: TestApi;
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    api = await startTestApi("pglite");
    server = await api.listen();
    const [year] = await queryRows<{ id: number }>(api.db, sql`select id from exam_years where is_active`);
    await seedFinalizedPaper(api.db, {
      examYearId: Number(year?.id),
      examKind: "level1",
      classLevel: 8,
      code: "L1-VIII-U",
      sections: level1Sections(() => ["A"]),
    });
  });
  afterAll(async () => {
    await server?.close();
    await api?.close();
  });

  it("a 100,000-line file is uploaded and checked without holding health", async () => {
    const answers = Array.from({ length: 100 }, (_, i) => "ABCD"[i % 4]).join(",");
    const lines = Array.from({ length: LINES }, (_, n) => `ZZ${String(n).padStart(8, "0")},L1-VIII-U,${answers}`);
    const form = new FormData();
    form.append("file", new File([lines.join("\n")], "vendor.txt"));
    form.append("exam_level", "level1");
    const token = await api.login("admin", "coordinator");
    const upload = await healthLatencyDuring(server.url, async () => {
      const response = await fetch(`${server.url}/api/admin-upload-txt-answersheet`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    });
    expect(upload.result.status, JSON.stringify(upload.result.body)).toBe(202);
    const handlers = {
      [RESULT_JOBS.check]: answerCheckJob(api.services),
      [RESULT_JOBS.store]: answerStoreJob(api.services),
    };
    const check = await healthLatencyDuring(server.url, async () => {
      while (await runNextJob(api.db, handlers, { runnerId: "test-runner", log: logger }));
    });
    console.info(
      `answer sheets: upload ${upload.maxGapMs} ms (in ${upload.workMs} ms), check job ${check.maxGapMs} ms (in ${check.workMs} ms)`,
    );
    expect(upload.maxGapMs, "the upload request").toBeLessThanOrEqual(HEALTH_GAP_LIMIT_MS);
    expect(check.maxGapMs, "the check job").toBeLessThanOrEqual(HEALTH_GAP_LIMIT_MS);
  }, 120_000);
});
