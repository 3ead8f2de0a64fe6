import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { type ReactNode, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { RENDER_TIMEOUT_MS, renderDocument } from "./entry.server";

interface Pending {
  done: boolean;
  promise: Promise<void>;
}

/** Work that is done only once `ms` have passed (a render waiting for a busy core). */
function readyAfter(ms: number): Pending {
  const pending: Pending = { done: false, promise: Promise.resolve() };
  pending.promise = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => {
    pending.done = true;
  });
  return pending;
}

/** A part of the page that suspends until its work is done. */
function SlowPart({ pending }: { pending: Pending }) {
  if (!pending.done) throw pending.promise;
  return <p>the part that took its time</p>;
}

/** A part of the page that never becomes ready (a bug: a promise nobody settles). */
function Stuck(): never {
  throw new Promise(() => undefined);
}

const page = (part: ReactNode) => (
  <html lang="en">
    <head>
      <style id="stitches" />
    </head>
    <body>
      <h1>Dashboard</h1>
      <Suspense fallback={<p>loading</p>}>{part}</Suspense>
    </body>
  </html>
);

const render = (element: JSX.Element, signal = new AbortController().signal) =>
  renderDocument(element, { nonce: "n0nce", status: 200, headers: new Headers(), signal });

describe("the document render", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("answers a page that takes 30 s to render on a busy server, instead of aborting it at 6 s", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const answer = render(page(<SlowPart pending={readyAfter(30_000)} />));
    await vi.advanceTimersByTimeAsync(30_000);
    const response = await answer;
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("the part that took its time");
    expect(html).toContain('<style id="stitches">');
  });

  it("puts into the page the CSS of what it shows, not of every page rendered before it", async () => {
    const style = (html: string) => /<style id="stitches">(.*?)<\/style>/s.exec(html)?.[1] ?? "";
    const first = style(await (await render(page(<Badge tone="danger">Unpaid</Badge>))).text());
    const second = style(await (await render(page(<Button variant="secondary">Pay</Button>))).text());
    const badge = /--sxs\{--sxs:2 [^}]*\}/.exec(first)?.[0] ?? "";
    expect(badge).toMatch(/c-\w+/);
    // The badge's rules came with the first page only; both pages carry the themes.
    const badgeClass = /c-\w+/.exec(badge)?.[0] ?? "";
    expect(first).toContain(`.${badgeClass}{`);
    expect(second).not.toContain(badgeClass);
    expect(second).toContain("--colors-primary:");
    expect(first).toContain("--colors-primary:");
    expect(second).toMatch(/\.c-\w+\{/);
  });

  it("gives up a render that never finishes after RENDER_TIMEOUT_MS, with a 500", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let settled = false;
    const answer = render(page(<Stuck />)).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(RENDER_TIMEOUT_MS - 1_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    const response = await answer;
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("<h1>Dashboard</h1>");
  });

  it("fails a render whose shell never got ready when it gives up, instead of never answering", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const answer = render(
      <html lang="en">
        <body>
          <Stuck />
        </body>
      </html>,
    );
    const outcome = expect(answer).rejects.toThrow(`longer than ${RENDER_TIMEOUT_MS / 1000} s`);
    await vi.advanceTimersByTimeAsync(RENDER_TIMEOUT_MS);
    await outcome;
  });

  it("stops rendering at once when the browser has gone away", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const browser = new AbortController();
    const answer = render(page(<Stuck />), browser.signal);
    await new Promise((resolve) => setImmediate(resolve));
    browser.abort(new Error("the browser went away"));
    const response = await answer;
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("<h1>Dashboard</h1>");
  });
});
