// The answer-sheet upload's memory (`npm run bench -- --only answer-sheet-memory`, or part of
// `npm run bench`; issue 34, decision 047): a generated vendor file of --mb (250) MB uploaded over
// a socket, checked, confirmed and stored, and its problems file downloaded, by the API in a child
// process of its own (apps/api/test/fixtures/answer-sheet-memory-child.ts) on PGlite (in-process:
// its memory is the API's) and on PostgreSQL (TEST_DATABASE_URL's server; skipped without it).
// Reports each phase's peak RSS over the resting process (sampled from /proc every 20 ms), its
// time and its longest event-loop delay. Targets: ≤ 300 MB over resting, ≤ 100 ms of delay
// (PostgreSQL; PGlite runs each statement on the API's own thread).
import { cpus, loadavg } from "node:os";
import { type AnswerSheetMemory, measureAnswerSheetMemory } from "../apps/api/test/fixtures/answer-sheet-memory";

export const ANSWER_SHEET_MEMORY_TARGETS = { peakOverRestingMb: 300, loopDelayMs: 100 } as const;

export interface AnswerSheetMemoryReport {
  megabytes: number;
  runs: AnswerSheetMemory[];
  machine: { cpus: number; load_average_before: number[]; load_average_after: number[] };
}

export async function runAnswerSheetMemoryBench(options: { megabytes: number }): Promise<AnswerSheetMemoryReport> {
  const before = loadavg();
  const runs: AnswerSheetMemory[] = [];
  const drivers = process.env.TEST_DATABASE_URL ? (["pglite", "postgres"] as const) : (["pglite"] as const);
  for (const driver of drivers) {
    console.log(`answer-sheet memory: ${options.megabytes} MB on ${driver}…`);
    const run = await measureAnswerSheetMemory({ megabytes: options.megabytes, driver });
    console.log(`answer-sheet memory: ${driver}: ${JSON.stringify(run)}`);
    runs.push(run);
  }
  return {
    megabytes: options.megabytes,
    runs,
    machine: { cpus: cpus().length, load_average_before: before, load_average_after: loadavg() },
  };
}

export function answerSheetMemoryMarkdown(report: AnswerSheetMemoryReport): string {
  const rows = report.runs.flatMap((run) =>
    (["upload", "check", "store", "problems"] as const).map((phase) => {
      const f = run.phases[phase];
      return `| ${run.result.driver} | ${phase} | ${run.resting_rss_mb} MB | ${f.peak_rss_mb} MB | ${f.peak_over_resting_mb} MB | ${(f.ms / 1000).toFixed(1)} s | ${f.max_loop_delay_ms} ms |`;
    }),
  );
  return [
    `| ${report.megabytes} MB file | phase | resting RSS | peak RSS | peak over resting (≤ ${ANSWER_SHEET_MEMORY_TARGETS.peakOverRestingMb} MB) | time | longest event-loop delay |`,
    "|---|---|---|---|---|---|---|",
    ...rows,
    `(load average ${report.machine.load_average_before.map((n) => n.toFixed(1)).join(", ")} before, ${report.machine.load_average_after.map((n) => n.toFixed(1)).join(", ")} after)`,
  ].join("\n");
}
