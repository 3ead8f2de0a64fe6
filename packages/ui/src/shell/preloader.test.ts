import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createReadiness, PRELOADER_REMOVE_DELAY_MS, PRELOADER_TIMEOUT_MS } from "./preloader";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function allReady(readiness: ReturnType<typeof createReadiness>) {
  readiness.markHydrated();
  readiness.markFirstNavigationDone();
  readiness.markWindowLoaded();
}

describe("createReadiness", () => {
  it("hides once hydrated, navigated, loaded and idle, and is removed 350 ms later", () => {
    const readiness = createReadiness();
    const phases: string[] = [];
    readiness.subscribe((phase) => phases.push(phase));
    readiness.markHydrated();
    readiness.markFirstNavigationDone();
    expect(readiness.phase).toBe("visible");
    readiness.markWindowLoaded();
    expect(readiness.phase).toBe("hiding");
    expect(readiness.reason).toBe("ready");
    vi.advanceTimersByTime(PRELOADER_REMOVE_DELAY_MS - 1);
    expect(readiness.phase).toBe("hiding");
    vi.advanceTimersByTime(1);
    expect(readiness.phase).toBe("removed");
    expect(phases).toEqual(["hiding", "removed"]);
  });

  it("waits for pending requests", () => {
    const readiness = createReadiness();
    readiness.setPendingRequests(2);
    allReady(readiness);
    expect(readiness.phase).toBe("visible");
    readiness.setPendingRequests(0);
    expect(readiness.phase).toBe("hiding");
  });

  it("waits for every custom gate", () => {
    const readiness = createReadiness({ gates: ["fonts", "translations"] });
    allReady(readiness);
    readiness.completeGate("fonts");
    expect(readiness.phase).toBe("visible");
    readiness.completeGate("unknown");
    expect(readiness.phase).toBe("visible");
    readiness.completeGate("translations");
    expect(readiness.phase).toBe("hiding");
  });

  it.each(["markHydrated", "markFirstNavigationDone", "markWindowLoaded"] as const)(
    "stays up without %s",
    (missing) => {
      const readiness = createReadiness();
      for (const mark of ["markHydrated", "markFirstNavigationDone", "markWindowLoaded"] as const) {
        if (mark !== missing) readiness[mark]();
      }
      expect(readiness.phase).toBe("visible");
    },
  );

  it("falls back to ready after 20 s", () => {
    const readiness = createReadiness({ gates: ["never"] });
    vi.advanceTimersByTime(PRELOADER_TIMEOUT_MS - 1);
    expect(readiness.phase).toBe("visible");
    vi.advanceTimersByTime(1);
    expect(readiness.phase).toBe("hiding");
    expect(readiness.reason).toBe("timeout");
    vi.advanceTimersByTime(PRELOADER_REMOVE_DELAY_MS);
    expect(readiness.phase).toBe("removed");
  });

  it("hides only once and cancels the fallback when ready", () => {
    const readiness = createReadiness();
    const listener = vi.fn();
    readiness.subscribe(listener);
    allReady(readiness);
    readiness.markWindowLoaded();
    vi.advanceTimersByTime(PRELOADER_TIMEOUT_MS * 2);
    expect(listener.mock.calls).toEqual([["hiding"], ["removed"]]);
    expect(readiness.reason).toBe("ready");
  });

  it("takes other delays and stops its timers when disposed", () => {
    const readiness = createReadiness({ timeoutMs: 100, removeDelayMs: 300 });
    readiness.dispose();
    vi.advanceTimersByTime(1_000);
    expect(readiness.phase).toBe("visible");
  });
});
