import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { apiEnvSchema } from "../src/env";

// Decision 067: replica lag must never show anyone wrong money or decide access. Reports reach
// the replica only through `reportDb` (kernel/read-replica.ts), and only the modules below may
// call it; the rules that decide who sees what read the primary whatever handle they are given.
// Adding a module here is a review of what it shows: no amounts of money, no payer's own status,
// nothing a person checks right after changing it.
const REPORT_MODULES = [
  "domains/dashboards/region-lists.routes.ts",
  "domains/results/result-lists.routes.ts",
  "domains/results/result-winners.routes.ts",
  "kernel/exports/exports.routes.ts",
];
/** Export kinds marked `replica: true` (the export engine sends only those to the replica). */
const REPLICA_EXPORT_MODULES = [
  "domains/dashboards/region-exports.ts",
  "domains/results/list-exports.ts",
  "domains/results/winner-exports.ts",
];
/** Who may see what: each reads through `primaryOf`. */
const ACCESS_MODULES = [
  "domains/geography/region-scope.ts",
  "domains/geography/scope.ts",
  "domains/schools/ownership.ts",
];

const src = fileURLToPath(new URL("../src", import.meta.url));
const files = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => file.split(path.sep).join("/"))
  .sort();
const text = (file: string) => readFileSync(path.join(src, file), "utf8");
const using = (pattern: RegExp) => files.filter((file) => pattern.test(text(file)));

describe("the read replica's rule (decision 067)", () => {
  it("lets only the report modules read through reportDb", () => {
    expect(using(/\breportDb\(/).filter((file) => file !== "kernel/read-replica.ts")).toEqual(REPORT_MODULES);
  });

  it("marks export kinds replica-safe only in the report domains' export modules", () => {
    expect(using(/\breplica:\s*true\b/)).toEqual(REPLICA_EXPORT_MODULES);
  });

  it("keeps the replica handle out of every other module", () => {
    expect(using(/\breadReplica\b/)).toEqual(["context.ts", "kernel/read-replica.ts", "server.ts", "services.ts"]);
    expect(using(/from "@repo\/db\/read-replica"/)).toEqual(
      [...ACCESS_MODULES, "context.ts", "server.ts", "services.ts"].sort(),
    );
  });

  it.each(ACCESS_MODULES)("%s decides access on the primary", (file) => {
    expect(text(file)).toMatch(/primaryOf\(db\)/);
  });

  it("never sends money, payments, sessions or sign-ins to the replica", () => {
    const forbidden = files.filter((file) =>
      /^(domains\/(payments|accounts|referrals|schools|student-area)|kernel\/auth)\//.test(file),
    );
    expect(forbidden.length).toBeGreaterThan(10);
    for (const file of forbidden) expect(text(file), file).not.toMatch(/\breportDb\(|\breadReplica\b|replica:\s*true/);
  });
});

describe("DATABASE_READ_URL", () => {
  it("is a postgres URL beside DATABASE_URL, never alone (embedded PGlite has no replica)", () => {
    const primary = "postgres://portal@db:5432/portal";
    const replica = "postgres://portal@db-replica:5432/portal";
    expect(apiEnvSchema.parse({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).DATABASE_READ_URL).toBe(replica);
    expect(apiEnvSchema.parse({ DATABASE_URL: primary, DATABASE_READ_URL: "" }).DATABASE_READ_URL).toBeUndefined();
    const alone = apiEnvSchema.safeParse({ DATABASE_READ_URL: replica });
    expect(alone.error?.issues.map((issue) => issue.path.join("."))).toEqual(["DATABASE_READ_URL"]);
    const wrong = apiEnvSchema.safeParse({ DATABASE_URL: primary, DATABASE_READ_URL: "mysql://replica/portal" });
    expect(wrong.error?.issues[0]?.message).toMatch(/postgres:\/\//);
  });
});
