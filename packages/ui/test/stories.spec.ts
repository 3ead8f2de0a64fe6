// Every story of the built Storybook as a test: it renders without errors, its play function
// (interactions) passes, and axe finds no serious or critical accessibility violation.
import { readFileSync } from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { BLOCKING_IMPACTS, blockingAxe } from "./axe";

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: "story" | "docs";
  tags?: string[];
}

const index = JSON.parse(readFileSync("storybook-static/index.json", "utf8")) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === "story");

/**
 * Storybook ends a story in the "finished" phase even when its play function threw (it only
 * reports the failure on its channel), so the page records what the channel says: a play function
 * that threw, a story that failed to render, and the status of each finished story. Runs before
 * Storybook's own scripts, so it sees the channel being installed.
 */
function watchStoryChannel() {
  const report = { finished: 0, problems: [] as string[] };
  const scope = window as unknown as { __STORY_REPORT__: typeof report; __STORYBOOK_ADDONS_CHANNEL__?: unknown };
  scope.__STORY_REPORT__ = report;
  type Channel = { on(event: string, listener: (payload: unknown) => void): void };
  const watched = new WeakSet<object>();
  let current: unknown;
  const message = (payload: unknown) =>
    payload && typeof payload === "object" && "message" in payload ? String(payload.message) : JSON.stringify(payload);
  Object.defineProperty(scope, "__STORYBOOK_ADDONS_CHANNEL__", {
    configurable: true,
    get: () => current,
    set(channel: unknown) {
      current = channel;
      if (!channel || typeof channel !== "object" || watched.has(channel)) return;
      watched.add(channel);
      const on = (channel as Channel).on.bind(channel);
      const problem = (text: string) => report.problems.push(text);
      on("playFunctionThrewException", (error) => problem(`play function threw: ${message(error)}`));
      on("storyThrewException", (error) => problem(`story threw: ${message(error)}`));
      on("storyErrored", (error) => problem(`story errored: ${JSON.stringify(error)}`));
      on("unhandledErrorsWhilePlaying", (errors) => problem(`unhandled errors while playing: ${message(errors)}`));
      on("storyFinished", (result) => {
        report.finished++;
        const status = (result as { status?: string } | undefined)?.status;
        if (status !== "success") problem(`story finished with status "${status}"`);
      });
    },
  });
}

/** What the channel reported for the story so far (see watchStoryChannel). */
function storyReport(page: Page): Promise<{ finished: number; problems: string[] }> {
  return page.evaluate(
    () =>
      (window as unknown as { __STORY_REPORT__?: { finished: number; problems: string[] } }).__STORY_REPORT__ ?? {
        finished: 0,
        problems: ["the story channel was not watched"],
      },
  );
}

/** Each story starts from empty storage, as it would in a context of its own. */
function freshStorage() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage may be unavailable on error pages; nothing to clear there.
  }
}

const VIEWPORT = { width: 1280, height: 800 };

/**
 * One browser context per worker for the per-story tests, so that Storybook's scripts, styles and
 * fonts come from the browser's cache instead of being loaded and compiled again for every story
 * (see serve-storybook.ts). Each story still gets a fresh document and fresh storage.
 */
const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
      await context.addInitScript(freshStorage);
      await context.addInitScript(watchStoryChannel);
      const page = await context.newPage();
      await use(page);
      await context.close();
    },
    { scope: "worker" },
  ],
});

base.beforeEach(async ({ page }) => {
  await page.addInitScript(watchStoryChannel);
});

type PreviewWindow = {
  __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
  __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void };
  __STORY_REPORT__?: { finished: number; problems: string[] };
};

/**
 * Waits until Storybook has rendered the story (`id`, when given) and run its play function (or
 * failed).
 */
async function waitForStory(page: Page, id?: string): Promise<string> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const render = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
      if (wanted && render?.id !== wanted) return false;
      const phase = render?.phase;
      return phase && ["finished", "errored", "aborted"].includes(phase) ? phase : false;
    },
    id,
    { timeout: 45_000, polling: 50 },
  );
  return (await handle.jsonValue()) as string;
}

/**
 * Shows a story in the worker's page. The first one loads the preview; the next ones are switched
 * to through Storybook's channel, as its own sidebar does, which spares loading and starting the
 * preview's scripts again for each story (measured: 146 ms a switch against 356 ms a load). Storage
 * and the channel's report start empty for each story; a story that ended in an error display is
 * followed by a fresh load.
 */
async function showStory(page: Page, id: string): Promise<"switched" | "loaded"> {
  const switched = await page
    .evaluate((storyId) => {
      const scope = window as unknown as PreviewWindow;
      const channel = scope.__STORYBOOK_ADDONS_CHANNEL__;
      const render = scope.__STORYBOOK_PREVIEW__?.currentRender;
      if (!channel || !scope.__STORY_REPORT__ || !render || !location.pathname.endsWith("/iframe.html")) return false;
      // Only from a story that ended: one still rendering could report into the next.
      if (!["finished", "errored", "aborted"].includes(render.phase ?? "")) return false;
      if (document.body.classList.contains("sb-show-errordisplay")) return false;
      localStorage.clear();
      sessionStorage.clear();
      scope.__STORY_REPORT__.finished = 0;
      scope.__STORY_REPORT__.problems = [];
      channel.emit("setCurrentStory", { storyId, viewMode: "story" });
      return true;
    }, id)
    .catch(() => false);
  if (switched) return "switched";
  await page.goto(`/iframe.html?id=${id}&viewMode=story`);
  return "loaded";
}

/**
 * Counts the page's requests in flight, so a test can wait until none has been open for a moment
 * (lazy chunks, fonts). Unlike the "networkidle" load state, a frame that never reports its own
 * load (a sandboxed srcdoc preview) cannot keep it waiting.
 */
function watchTraffic(page: Page) {
  let open = 0;
  let changed = Date.now();
  const start = () => {
    open += 1;
    changed = Date.now();
  };
  const end = () => {
    open = Math.max(0, open - 1);
    changed = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return {
    async quiet(forMs = 200, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (open > 0 || Date.now() - changed < forMs)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop() {
      page.off("request", start);
      page.off("requestfinished", end);
      page.off("requestfailed", end);
    },
  };
}

test.describe.configure({ mode: "parallel" });

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ storyPage: page }, testInfo) => {
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    const traffic = watchTraffic(page);
    page.on("pageerror", onError);
    try {
      await page.setViewportSize(story.tags?.includes("mobile") ? { width: 390, height: 844 } : VIEWPORT);
      await showStory(page, story.id);
      const phase = await waitForStory(page, story.id);
      const shown = await page.evaluate(() => document.body.classList.contains("sb-show-errordisplay"));
      const message = shown ? ((await page.locator("#error-message").textContent()) ?? "") : "";
      expect(phase, `story ended in phase "${phase}" ${message}`).toBe("finished");
      expect(shown, message).toBe(false);
      const report = await storyReport(page);
      expect(report.problems, "render and play function errors").toEqual([]);
      expect(report.finished, "the story's channel was watched to the end").toBeGreaterThan(0);

      // Lazy chunks (editor, charts) and fonts settle before the accessibility check.
      await traffic.quiet();
      await page.evaluate(() => document.fonts.ready.then(() => true));

      // A sandboxed frame (DocumentPreview) runs nothing and is opaque to the page: axe cannot enter it.
      const results = await blockingAxe(page).exclude("#storybook-docs").exclude("iframe[sandbox]").analyze();
      const blocking = results.violations.filter((v) =>
        (BLOCKING_IMPACTS as readonly (string | undefined | null)[]).includes(v.impact),
      );
      const summary = blocking.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
      );
      expect(summary, "serious or critical axe violations").toEqual([]);
      expect(errors, "uncaught page errors").toEqual([]);
    } catch (error) {
      // The shared page is not Playwright's own, so its failure screenshot is taken here.
      await testInfo.attach("screenshot", { body: await page.screenshot(), contentType: "image/png" }).catch(() => {});
      throw error;
    } finally {
      page.off("pageerror", onError);
      traffic.stop();
    }
  });
}

// Document-level behaviour the per-story checks cannot see.
test.describe("theme, direction and motion", () => {
  test("the dark theme applies by class", async ({ page }) => {
    await page.goto("/iframe.html?id=components-card--default&viewMode=story&globals=theme:dark");
    await waitForStory(page);
    await expect(page.locator("html")).toHaveClass(/theme-dark/);
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(21, 21, 33)");
    await expect(page.getByRole("region", { name: "School profile" })).toHaveCSS("background-color", "rgb(30, 30, 45)");
  });

  test("right to left mirrors the shell", async ({ page }) => {
    await page.goto("/iframe.html?id=shell-appshell--light-sidebar&viewMode=story&globals=direction:rtl");
    await waitForStory(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const sidebar = await page.locator("[data-sidebar]").boundingBox();
    expect(sidebar?.x).toBeGreaterThan(900);
  });

  test.describe("under prefers-reduced-motion", () => {
    test.use({ contextOptions: { reducedMotion: "reduce" } });
    test("animations and transitions are off", async ({ page }) => {
      await page.goto("/iframe.html?id=shell-loadingbar--loading&viewMode=story");
      await waitForStory(page);
      await expect(page.getByRole("progressbar")).toHaveCSS("animation-name", "none");
      await page.goto("/iframe.html?id=components-button--primary&viewMode=story");
      await waitForStory(page);
      const duration = await page
        .getByRole("button")
        .evaluate((element) => getComputedStyle(element).transitionDuration);
      expect(Number.parseFloat(duration)).toBeLessThan(0.001);
    });
  });
});
