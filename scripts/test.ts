// `npm test`: the whole suite, in the order a failure is cheapest to find: typecheck, lint, build,
// unit and integration tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then the
// few files that measure latency or memory on their own (vitest.config.ts's "alone"), the stories
// of the design system, then the Playwright end-to-end suite in Chromium. Every step runs even when an earlier one failed, and
// the last line is `N passed, N failed` (each test counts; typecheck, lint and build count as one).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const reports = `${root}node_modules/.cache/portal-test`;
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${label} ━━ ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(
    `━━ ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

function step(label: string, command: string, args: string[]) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

/** Runs a test runner that writes a JSON report, and adds its per-test counts. */
function suite(
  label: string,
  command: string,
  args: string[],
  report: string,
  count: (json: unknown) => [number, number],
) {
  rmSync(report, { force: true });
  const ok = run(label, command, args);
  if (!existsSync(report)) {
    failed += 1;
    failures.push(`${label} (no report: the runner did not finish)`);
    return;
  }
  const [p, f] = count(JSON.parse(readFileSync(report, "utf8")));
  passed += p;
  failed += f;
  if (f > 0 || !ok) failures.push(label);
  if (!ok && f === 0) failed += 1; // the runner failed outside any test (a crash or a setup error)
}

const env = { TURBO_TELEMETRY_DISABLED: "1" };
Object.assign(process.env, env);
const bin = (name: string) => `${root}node_modules/.bin/${name}`;

step("typecheck", "npm", ["run", "--silent", "typecheck"]);
step("lint", bin("biome"), ["check", "."]);
step("build", bin("turbo"), ["run", "build", "--output-logs=errors-only"]);

const vitestCount = (json: unknown): [number, number] => {
  const r = json as { numPassedTests: number; numFailedTests: number };
  return [r.numPassedTests, r.numFailedTests];
};
const drivers = process.env.TEST_DATABASE_URL ? "PGlite and PostgreSQL" : "PGlite";
const vitestReport = `${reports}/vitest.json`;
suite(
  `unit and integration (${drivers})`,
  bin("vitest"),
  ["run", "--project=!alone", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  vitestReport,
  vitestCount,
);
// The files that measure latency or memory, one at a time with nothing else running (vitest.config.ts).
const aloneReport = `${reports}/vitest-alone.json`;
suite(
  `latency and memory (${drivers}, one file at a time)`,
  bin("vitest"),
  ["run", "--project=alone", "--reporter=default", "--reporter=json", `--outputFile.json=${aloneReport}`],
  aloneReport,
  vitestCount,
);

const playwrightCount = (json: unknown): [number, number] => {
  const stats = (json as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
  return [stats.expected + stats.flaky, stats.unexpected];
};

// Every story of the design system rendered in Chromium with its interactions and an axe check.
suite(
  "stories (Storybook in Chromium, axe)",
  "npm",
  ["run", "--silent", "test:storybook"],
  `${root}packages/ui/test-results/storybook-report.json`,
  playwrightCount,
);

const playwrightReport = `${root}e2e/artifacts/report.json`;
suite("end-to-end (Chromium)", bin("playwright"), ["test"], playwrightReport, playwrightCount);

console.log("");
if (failures.length > 0) console.log(`Failed: ${failures.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
