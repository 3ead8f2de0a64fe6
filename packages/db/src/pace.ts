import { setImmediate as nextTurn } from "node:timers/promises";

/** Work between two turns of the event loop: far below decision 046's 100 ms, far above a turn's cost. */
export const EVENT_LOOP_SLICE_MS = 5;

/**
 * Long loops (a file's rows, a big list) give the event loop back every EVENT_LOOP_SLICE_MS of
 * work, so that other requests, health checks and timers run in between
 * (docs/decisions/046-imports-never-block-the-event-loop.md, 047's "The event loop"). Awaiting a promise that is already
 * settled does not do that: data already in memory flows through streams and async generators in
 * microtasks and ticks, which run before any I/O; only a macrotask turn (setImmediate) lets I/O in.
 *
 * `const pace = pacer();` then `await pace()` once per item: it costs a clock read while the
 * slice lasts, and yields when it is spent, however slow or fast each item is.
 */
export function pacer(sliceMs: number = EVENT_LOOP_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
