import { describe, expect, it } from "vitest";
import { csrfOf, percentile, Recorder, readProc, snippet } from "./load";

describe("load bench figures", () => {
  it("takes percentiles by nearest rank", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it("counts errors per kind and keeps the first ones in order", () => {
    const recorder = new Recorder(2);
    recorder.ok("school: dashboard", 10);
    recorder.ok("school: dashboard", 30);
    recorder.fail("school: dashboard", 500, "first");
    recorder.fail("school: sign-in", null, "second", 60_000);
    recorder.fail("school: sign-in", 429, "third");
    expect(recorder.errors).toBe(3);
    expect(recorder.errorList.map((e) => e.message)).toEqual(["first", "second"]);
    const [dashboard, signIn] = recorder.figures(10);
    expect(dashboard).toMatchObject({ kind: "school: dashboard", requests: 3, errors: 1, p50_ms: 10, max_ms: 30 });
    // A timed-out request's time counts in its kind's latency.
    expect(signIn).toMatchObject({ kind: "school: sign-in", requests: 2, errors: 2, max_ms: 60_000 });
    // A flow (several requests, timed as one) has its figures but is no request of its own.
    recorder.ok("school: import, upload to done", 900, true);
    expect(recorder.requests).toBe(5);
  });

  it("reads a process's CPU time and resident memory from /proc", () => {
    const own = readProc(process.pid);
    expect(own?.rssKb).toBeGreaterThan(10_000);
    expect(own?.ticks).toBeGreaterThanOrEqual(0);
    expect(readProc(2 ** 22 + 1)).toBeNull();
  });

  it("finds a page's form token in its sign-out form or in Remix's loader data", () => {
    const form =
      '</div><form method="post" action="/logout" hidden=""><input type="hidden" name="csrf" value="3B17dAGXKJhHoR8pFIOAKAOGzjaLqQxj"/></form>';
    const stream = String.raw`"_9\":10},\"href\",\"/content/notifications\",\"app\",\"school\",\"csrf\",\"3B17dAGXKJhHoR8pFIOAKAOGzjaLqQxj\",\"menu\"`;
    expect(csrfOf(form)).toBe("3B17dAGXKJhHoR8pFIOAKAOGzjaLqQxj");
    expect(csrfOf(stream)).toBe("3B17dAGXKJhHoR8pFIOAKAOGzjaLqQxj");
    expect(csrfOf("<form action='/login'></form>")).toBeUndefined();
  });

  it("says what an error page shows, not its markup", () => {
    const page =
      '<!DOCTYPE html><html lang="en"><head><title>Dashboard</title><style>body{}</style></head><body><main><h1>Something went wrong</h1><p>The dashboard could not be loaded.</p></main><script>window.__remixContext={}</script></body></html>';
    expect(snippet(page)).toBe("Something went wrong The dashboard could not be loaded.");
    expect(snippet('{"ok":false,\n "message":"Too large"}')).toBe('{"ok":false, "message":"Too large"}');
  });
});
