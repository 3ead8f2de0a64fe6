// Every story of the built Storybook as a test: it renders without errors, its play function
// (interactions) passes, and axe finds no serious or critical accessibility violation.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

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

test.beforeEach(async ({ page }) => {
  await page.addInitScript(watchStoryChannel);
});

/** Waits until Storybook has rendered the story and run its play function (or failed). */
async function waitForStory(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => {
      const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } })
        .__STORYBOOK_PREVIEW__;
      const phase = preview?.currentRender?.phase;
      return phase && ["finished", "errored", "aborted"].includes(phase) ? phase : false;
    },
    null,
    { timeout: 45_000, polling: 100 },
  );
  return (await handle.jsonValue()) as string;
}

test.describe.configure({ mode: "parallel" });

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    if (story.tags?.includes("mobile")) await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/iframe.html?id=${story.id}&viewMode=story`);
    const phase = await waitForStory(page);
    const shown = await page.evaluate(() => document.body.classList.contains("sb-show-errordisplay"));
    const message = shown ? ((await page.locator("#error-message").textContent()) ?? "") : "";
    expect(phase, `story ended in phase "${phase}" ${message}`).toBe("finished");
    expect(shown, message).toBe(false);
    const report = await storyReport(page);
    expect(report.problems, "render and play function errors").toEqual([]);
    expect(report.finished, "the story's channel was watched to the end").toBeGreaterThan(0);

    // Lazy chunks (editor, charts) and fonts settle before the accessibility check.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready.then(() => true));

    // A sandboxed frame (DocumentPreview) runs nothing and is opaque to the page: axe cannot enter it.
    const results = await new AxeBuilder({ page }).exclude("#storybook-docs").exclude("iframe[sandbox]").analyze();
    const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    const summary = blocking.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
    );
    expect(summary, "serious or critical axe violations").toEqual([]);
    expect(errors, "uncaught page errors").toEqual([]);
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
