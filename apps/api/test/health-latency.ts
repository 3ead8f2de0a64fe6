import { once } from "node:events";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { Worker } from "node:worker_threads";

/**
 * Health latency under load (issue 34, item 2; docs/decisions/046-imports-never-block-the-event-loop.md):
 * while `work` runs, GET /api/health is asked every ~20 ms over real HTTP and the longest wait
 * between two answers is kept. The sampler runs in a worker thread, a client with its own event
 * loop as a browser or a load balancer is, so the wait is the API's alone; the API may run in
 * the test's process, where a parse that holds the loop holds the API.
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
  /** The event loop's longest delay as Node measured it in this process (ms), for the report. */
  loopDelayMaxMs: number;
  /** How long the work took (ms). */
  workMs: number;
  /** The longest garbage-collection pause in this process meanwhile (ms), for the report. */
  gcMaxMs: number;
}

// Plain JavaScript (eval): the worker needs no TypeScript loader. It asks until told to stop,
// then once more, since the loop may have been held until the work ended.
const SAMPLER = `
const { parentPort, workerData } = require("node:worker_threads");
let done = false;
parentPort.on("message", () => { done = true; });
const ask = async () => {
  const response = await fetch(workerData.url + "/api/health");
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error("health answered " + response.status);
};
(async () => {
  await ask();
  parentPort.postMessage({ ready: true });
  let last = performance.now();
  let max = 0;
  let answers = 0;
  for (let finished = false; !finished; ) {
    finished = done;
    await ask();
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
    answers++;
    if (!done) await new Promise((resolve) => setTimeout(resolve, workerData.every));
  }
  parentPort.postMessage({ max, answers });
})();
`;

/** Runs `work` while a worker samples `${url}/api/health`; the sampler stops when the work ends. */
export async function healthLatencyDuring<T>(url: string, work: () => Promise<T>): Promise<HealthLatency<T>> {
  const sampler = new Worker(SAMPLER, { eval: true, workerData: { url, every: SAMPLE_EVERY_MS } });
  const failed = once(sampler, "error").then(([error]) => Promise.reject(error));
  failed.catch(() => undefined);
  const messages = (async function* () {
    for (;;) yield (await Promise.race([once(sampler, "message"), failed]))[0];
  })();
  try {
    await messages.next(); // ready: its first answer came
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let gcMaxMs = 0;
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
    });
    gc.observe({ entryTypes: ["gc"] });
    const started = performance.now();
    let result: T;
    let workMs: number;
    try {
      result = await work();
      workMs = Math.round(performance.now() - started);
    } finally {
      sampler.postMessage("stop");
      delay.disable();
      gc.disconnect();
    }
    const { max, answers } = (await messages.next()).value as { max: number; answers: number };
    return {
      result,
      maxGapMs: Math.round(max),
      answers,
      loopDelayMaxMs: Math.round(delay.max / 1e6),
      workMs,
      gcMaxMs: Math.round(gcMaxMs),
    };
  } finally {
    await sampler.terminate();
  }
}
