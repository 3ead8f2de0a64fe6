import { defineConfig, devices } from "@playwright/test";
import { HEADLESS_CHROMIUM_ARGS, testChromium } from "./scripts/test-browser";

// End-to-end tests run the production build of the whole portal (API + four apps) on ports
// shifted by 100 (e2e/support.ts), with a fresh embedded database, in Debian's Chromium
// (scripts/test-browser.ts says which binary).
const chromium = testChromium();
const NO_JAVASCRIPT_SPEC = /no-javascript\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/artifacts/results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "e2e/artifacts/report.json" }]],
  // CI machines have run the same suite 3x slower than a developer's (e2e 406 s here, 1268 s there):
  // a long journey (upload, create, list) then outlives 60 s without anything being wrong.
  // The timeouts catch hangs, not slowness, so CI gets twice the room.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  use: {
    ...devices["Desktop Chrome"],
    screenshot: "only-on-failure",
    viewport: { width: 1366, height: 860 },
    // A failed test keeps its trace: every action's DOM snapshot, network and console. Not the
    // screencast: recording it for every test (all but the failed ones' thrown away) made the
    // browser composite and encode frames throughout, a quarter of the suite's time
    // (docs/decisions/043-test-browser.md). The failure's own screenshot is still taken.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: HEADLESS_CHROMIUM_ARGS,
    },
  },
  // The same suite with JavaScript on, and the forms' own spec with it off: every form must work as
  // plain HTML (docs/decisions/053-forms-work-without-javascript.md).
  projects: [
    { name: "chromium", testIgnore: NO_JAVASCRIPT_SPEC },
    { name: "no-javascript", testMatch: NO_JAVASCRIPT_SPEC, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    wait: { stdout: /Exam portal is running/ },
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
