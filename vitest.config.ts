import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// One run for the whole tree: unit tests beside the code (*.test.ts[x]) and integration tests in
// each package's test/ folder. Browser end-to-end specs (e2e/*.spec.ts) belong to Playwright.
//
// The files are split into projects by what they share (decision 040):
// - "dom": files that ask for a DOM (`// @vitest-environment happy-dom` or `jsdom` in their first
//   lines); each runs isolated, in a fresh module graph and document.
// - "app:<id>": the apps' server tests, by the app they pretend to be (`__APP_ID__`, set in a
//   vi.hoisted at their top, is read once by @repo/remix-app's auth); a worker imports Remix, the
//   API client and the app's modules once for all of them (`isolate: false`).
// - "api": the API's and the database package's tests share a worker too, but its setup file
//   (apps/api/test/fresh-modules.setup.ts) drops the repository's own modules before each file:
//   module-level caches in the API (parsed mail content by row id) assume one database per
//   process, and each file opens its own. Only the packages in node_modules stay loaded.
// - "unit": every other node file, not isolated (pure functions and their tables).
// - "alone": files that measure wall-clock latency or memory (`// @vitest-alone` in their first
//   lines). `npm test` runs them in a step of their own after the rest, one file at a time, so
//   that no other test file competes for the two cores while they measure (decisions 046, 047).
const root = path.dirname(fileURLToPath(import.meta.url));
const TOP = ["apps", "packages", "scripts", "bench", "deploy"];
const exclude = ["**/node_modules/**", "**/build/**", "**/dist/**"];

const groups = new Map<string, string[]>();
for (const top of TOP) {
  let entries: string[];
  try {
    entries = readdirSync(path.join(root, top), { recursive: true, encoding: "utf8" });
  } catch {
    continue;
  }
  for (const entry of entries) {
    if (!/\.test\.tsx?$/.test(entry) || /(^|[/\\])(node_modules|build|dist)[/\\]/.test(entry)) continue;
    const file = path.join(top, entry).split(path.sep).join("/");
    const text = readFileSync(path.join(root, file), "utf8");
    const app = /__APP_ID__: "([a-z]+)"/.exec(text)?.[1];
    const group = /@vitest-alone\b/.test(text.slice(0, 400))
      ? "alone"
      : /@vitest-environment\s+(happy-dom|jsdom)/.test(text.slice(0, 400))
        ? "dom"
        : app
          ? `app:${app}`
          : /^(apps\/api|packages\/db)\//.test(file)
            ? "api"
            : "unit";
    groups.set(group, [...(groups.get(group) ?? []), file]);
  }
}

const projects: TestProjectInlineConfiguration[] = [...groups].map(([name, files]) => ({
  extends: true,
  test:
    name === "api"
      ? { name, include: files, isolate: false, setupFiles: ["apps/api/test/fresh-modules.setup.ts"] }
      : name === "alone"
        ? { name, include: files, isolate: true, fileParallelism: false }
        : { name, include: files, isolate: name === "dom" },
}));

export default defineConfig({
  test: {
    exclude,
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    // CI machines have run the suite 2-3x slower than here; a timeout catches hangs, not slowness.
    testTimeout: process.env.CI ? 60_000 : 30_000,
    hookTimeout: 60_000,
    projects,
  },
});
