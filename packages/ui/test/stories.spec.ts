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

    // Lazy chunks (editor, charts) and fonts settle before the accessibility check.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready.then(() => true));

    const results = await new AxeBuilder({ page }).exclude("#storybook-docs").analyze();
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
