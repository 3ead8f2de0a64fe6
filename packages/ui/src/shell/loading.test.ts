import { describe, expect, it, vi } from "vitest";
import {
  createLoadingTracker,
  isCountedRequest,
  LOADING_OPT_OUT_HEADER,
  trackFetch,
  UNCOUNTED_URL_PATTERNS,
} from "./loading";

describe("isCountedRequest", () => {
  it("counts ordinary API requests", () => {
    expect(isCountedRequest("/api/schools/student-list?page=1")).toBe(true);
    expect(isCountedRequest("https://portal.example/api/login", { "content-type": "application/json" })).toBe(true);
  });

  it.each(UNCOUNTED_URL_PATTERNS)("does not count URLs containing %s", (pattern) => {
    expect(isCountedRequest(`https://portal.example/api${pattern}?x=1`)).toBe(false);
  });

  it("does not count requests carrying the opt-out header, in any header form and case", () => {
    expect(isCountedRequest("/api/x", { [LOADING_OPT_OUT_HEADER]: "1" })).toBe(false);
    expect(isCountedRequest("/api/x", { "X-No-Loading-Bar": "true" })).toBe(false);
    expect(isCountedRequest("/api/x", [["x-no-loading-bar", ""]])).toBe(false);
    expect(isCountedRequest("/api/x", new Headers({ "x-no-loading-bar": "yes" }))).toBe(false);
  });

  it("counts a request whose opt-out header says false", () => {
    expect(isCountedRequest("/api/x", { "x-no-loading-bar": "false" })).toBe(true);
  });
});

describe("createLoadingTracker", () => {
  it("shows on navigation start and hides when it ends, is cancelled or fails", () => {
    for (const outcome of ["done", "cancelled", "failed"] as const) {
      const tracker = createLoadingTracker();
      tracker.navigationStarted();
      expect(tracker.visible).toBe(true);
      tracker.navigationEnded(outcome);
      expect(tracker.visible).toBe(false);
    }
  });

  it("shows while counted requests are pending and hides when the count returns to zero", () => {
    const tracker = createLoadingTracker();
    const first = tracker.requestStarted("/api/a");
    const second = tracker.requestStarted("/api/b");
    expect(tracker.pendingRequests).toBe(2);
    first();
    expect(tracker.visible).toBe(true);
    second();
    expect(tracker.visible).toBe(false);
    expect(tracker.pendingRequests).toBe(0);
  });

  it("ignores uncounted requests and double settlement", () => {
    const tracker = createLoadingTracker();
    const done = tracker.requestStarted("/api/health");
    expect(tracker.visible).toBe(false);
    done();
    expect(tracker.pendingRequests).toBe(0);
    const counted = tracker.requestStarted("/api/a");
    counted();
    counted();
    expect(tracker.pendingRequests).toBe(0);
  });

  it("stays visible while a navigation or a request is still running", () => {
    const tracker = createLoadingTracker();
    tracker.navigationStarted();
    const done = tracker.requestStarted("/api/a");
    tracker.navigationEnded();
    expect(tracker.visible).toBe(true);
    done();
    expect(tracker.visible).toBe(false);
  });

  it("notifies listeners only on changes, until unsubscribed", () => {
    const tracker = createLoadingTracker();
    const listener = vi.fn();
    const unsubscribe = tracker.subscribe(listener);
    tracker.navigationStarted();
    const done = tracker.requestStarted("/api/a");
    tracker.navigationEnded();
    done();
    expect(listener.mock.calls).toEqual([[true], [false]]);
    unsubscribe();
    tracker.navigationStarted();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe("trackFetch", () => {
  it("counts a fetch until it settles, also when it fails", async () => {
    const tracker = createLoadingTracker();
    let release: (response: Response) => void = () => {};
    const fetchImpl = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    const tracked = trackFetch(tracker, fetchImpl);
    const pending = tracked("/api/schools");
    expect(tracker.visible).toBe(true);
    release(new Response("{}"));
    await pending;
    expect(tracker.visible).toBe(false);

    const failing = trackFetch(tracker, () => Promise.reject(new Error("offline")));
    await expect(failing("/api/schools")).rejects.toThrow("offline");
    expect(tracker.pendingRequests).toBe(0);
  });

  it("respects the opt-out header and the excluded URLs", async () => {
    const tracker = createLoadingTracker();
    const seen: boolean[] = [];
    const fetchImpl = () => {
      seen.push(tracker.visible);
      return Promise.resolve(new Response(""));
    };
    const tracked = trackFetch(tracker, fetchImpl);
    await tracked("/api/x", { headers: { [LOADING_OPT_OUT_HEADER]: "1" } });
    await tracked(new Request("http://localhost/api/telemetry"));
    await tracked(new URL("http://localhost/api/y"));
    expect(seen).toEqual([false, false, true]);
  });
});
