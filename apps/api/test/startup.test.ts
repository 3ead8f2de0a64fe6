import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SAFE_PRODUCTION_ENV, UNSAFE_PRODUCTION_CONFIGS } from "./production-env";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

/** The test runner's environment without the variables a test decides (vitest sets NODE_ENV=test). */
function baseEnv(env: Record<string, string | undefined>) {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  return merged;
}

/**
 * Starts the API and resolves with how it ended. A process that does not refuse (it starts
 * serving) is killed with its whole group after `ms`, so the test fails instead of hanging on
 * the pipes tsx's child keeps open.
 */
function startApi(env: Record<string, string | undefined>, ms = 60_000) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-refusal-"));
  const child = spawn(tsx, ["apps/api/src/server.ts"], {
    cwd: root,
    env: baseEnv({ DATA_DIR: dataDir, ...env }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  child.stdout.resume();
  const timer = setTimeout(() => process.kill(-(child.pid ?? 0), "SIGKILL"), ms);
  return new Promise<{ status: number | null; stderr: string }>((resolve) =>
    child.once("exit", (status) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ status, stderr });
    }),
  );
}

function start(entry: string, args: string[], env: Record<string, string | undefined>) {
  return spawnSync(tsx, [entry, ...args], {
    cwd: root,
    env: baseEnv(env),
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("configuration is checked before anything starts", () => {
  it("the API refuses a bad variable, naming it and the fix, without a stack trace", () => {
    const result = start("apps/api/src/server.ts", [], { API_PORT: "eighty", DATABASE_URL: "mysql://localhost/x" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("api cannot start: fix these environment variables:");
    expect(result.stderr).toContain('API_PORT is "eighty": must be a whole number');
    expect(result.stderr).toContain(
      'DATABASE_URL is "mysql://localhost/x": must be a postgres:// or postgresql:// URL',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("an app server refuses a bad variable the same way", () => {
    const result = start("packages/remix-app/src/cli.ts", ["coordinator"], { PORT: "99999", API_URL: "not a url" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("coordinator cannot start");
    expect(result.stderr).toContain('PORT is "99999": must be 1-65535');
    expect(result.stderr).toContain('API_URL is "not a url": must be an origin');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("production refuses unsafe configuration (docs/decisions/044)", () => {
  it.each(UNSAFE_PRODUCTION_CONFIGS)(
    "the API in production refuses $what, naming the variable",
    async ({ env, names }) => {
      const result = await startApi({
        ...SAFE_PRODUCTION_ENV,
        API_PORT: "5290",
        SEED_DEMO: undefined,
        DEMO_PASSWORD: undefined,
        DEMO_GATEWAY_SECRET: undefined,
        UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION: undefined,
        ...env,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("api cannot start: fix these environment variables:");
      expect(result.stderr).toMatch(names);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
    90_000,
  );

  it("the demo gateway switched on in production warns at start, before anything else", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "portal-demo-warning-"));
    const child = spawn(tsx, ["apps/api/src/server.ts"], {
      cwd: root,
      env: baseEnv({
        ...SAFE_PRODUCTION_ENV,
        API_PORT: "5291",
        DATA_DIR: dataDir,
        PAYMENT_PROVIDER: "demo",
        UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION: "true",
        DEMO_GATEWAY_SECRET: "a-private-demo-secret",
        SEED_DEMO: "false",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    try {
      await expect
        .poll(() => output, { timeout: 30_000, interval: 200 })
        .toMatch(/"level":"warn".*FAKE PAYMENTS: the demo gateway is on in production/);
      const line = JSON.parse(output.split("\n").find((text) => text.includes("FAKE PAYMENTS")) ?? "{}");
      expect(line.msg).toContain("UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION");
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
