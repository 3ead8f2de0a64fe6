import { monitorEventLoopDelay } from "node:perf_hooks";

/**
 * Health latency under load (issue 34, item 2; docs/decisions/046-imports-never-block-the-event-loop.md):
 * while `work` runs, GET /api/health is asked every ~20 ms over real HTTP and the longest wait
 * between two answers is kept. The API and this sampler share the event loop when the API runs in
 * the test's process, so a loop held by a parse shows as a gap, whoever held it.
 */

/** A test fails when health waited longer than this while the worst file of a kind was read. */
export const HEALTH_GAP_LIMIT_MS = 250;
const SAMPLE_EVERY_MS = 20;

export interface HealthLatency<T> {
  /** What `work` resolved to. */
  result: T;
  /** The longest time between two health answers (or the start and the first answer), in ms. */
  maxGapMs: number;
  /** Health answers while the work ran. */
  answers: number;
  /** The event loop's longest delay as Node measured it (ms), for the report. */
  loopDelayMaxMs: number;
  /** How long the work took (ms). */
  workMs: number;
}

/** Runs `work` while sampling `${url}/api/health`; the sampler stops when the work ends. */
export async function healthLatencyDuring<T>(url: string, work: () => Promise<T>): Promise<HealthLatency<T>> {
  // One request first, so that the connection and route are warm before the clock starts.
  await fetch(`${url}/api/health`).then((response) => response.arrayBuffer());
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let done = false;
  let maxGapMs = 0;
  let answers = 0;
  const sampler = (async () => {
    let last = performance.now();
    // One more answer after the work ended: the loop may have been held until then.
    for (let finished = false; !finished; ) {
      finished = done;
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`health answered ${response.status}`);
      const now = performance.now();
      maxGapMs = Math.max(maxGapMs, now - last);
      last = now;
      answers++;
      if (!done) await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })();
  const started = performance.now();
  let result: T;
  let workMs: number;
  try {
    result = await work();
    workMs = Math.round(performance.now() - started);
  } finally {
    done = true;
    await sampler;
    delay.disable();
  }
  return { result, maxGapMs: Math.round(maxGapMs), answers, loopDelayMaxMs: Math.round(delay.max / 1e6), workMs };
}
