import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

function start(entry: string, args: string[], env: Record<string, string>) {
  return spawnSync(tsx, [entry, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 30_000,
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
