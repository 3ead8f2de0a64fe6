import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run the production build of the whole portal (API + four apps) on ports
// shifted by 100 (e2e/support.ts), with a fresh embedded database, in Chromium. Debian's /usr/bin/chromium is used
// when present because Playwright's own browser download cannot run on this network.
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

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
    trace: "retain-on-failure",
    launchOptions: {
      ...(existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM } : {}),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
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
