import { defineConfig } from "@playwright/test";
import { HEADLESS_CHROMIUM_ARGS, testChromium } from "./scripts/test-browser";

// Runs every story of the built Storybook (storybook-static/) in Chromium: render, play function
// and an axe check. See packages/ui/test/stories.spec.ts. `npm run test:storybook` builds first.
const PORT = Number(process.env.STORYBOOK_TEST_PORT ?? 6007);

export default defineConfig({
  testDir: "packages/ui/test",
  testMatch: "stories.spec.ts",
  outputDir: "packages/ui/test-results/storybook",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: "packages/ui/test-results/storybook-report.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: testChromium(),
      args: HEADLESS_CHROMIUM_ARGS,
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `npx tsx packages/ui/test/serve-storybook.ts storybook-static ${PORT}`,
    url: `http://127.0.0.1:${PORT}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
