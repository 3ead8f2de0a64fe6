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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
