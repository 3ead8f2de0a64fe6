import { defineConfig } from "vitest/config";

// One run for the whole tree: unit tests beside the code (*.test.ts[x]) and integration tests in
// each package's test/ folder. Browser end-to-end specs (e2e/*.spec.ts) belong to Playwright.
export default defineConfig({
  test: {
    include: ["{apps,packages,scripts,bench,deploy}/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "**/build/**", "**/dist/**"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    // CI machines have run the suite 2-3x slower than here; a timeout catches hangs, not slowness.
    testTimeout: process.env.CI ? 60_000 : 30_000,
    hookTimeout: 60_000,
  },
});
