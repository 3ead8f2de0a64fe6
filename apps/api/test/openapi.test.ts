import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../src/openapi-document";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("the OpenAPI document", () => {
  it("passes `redocly lint` (recommended rules) with zero errors and warnings", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
    const file = path.join(dir, "openapi.json");
    try {
      writeFileSync(file, JSON.stringify(await buildOpenApiDocument()));
      const result = spawnSync(`${root}node_modules/.bin/redocly`, ["lint", file, "--format=stylish"], {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      });
      const output = `${result.stdout}\n${result.stderr}`;
      expect(output).toContain("Your API description is valid");
      expect(output).not.toMatch(/\d+ (errors?|warnings?)/);
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("documents every route with an operation id, a summary and its error answers", async () => {
    const doc = (await buildOpenApiDocument()) as {
      paths: Record<
        string,
        Record<
          string,
          { operationId?: string; summary?: string; responses: Record<string, unknown>; security?: unknown[] }
        >
      >;
    };
    const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([m, op]) => ({ key: `${m} ${p}`, op })),
    );
    expect(operations.length).toBeGreaterThan(45);
    for (const { key, op } of operations) {
      expect(op.operationId, key).toBeTruthy();
      expect(op.summary, key).toBeTruthy();
      expect(op.responses["400"], key).toBeDefined();
      if ((op.security ?? []).length > 0) expect(op.responses["401"], key).toBeDefined();
    }
  });
});
