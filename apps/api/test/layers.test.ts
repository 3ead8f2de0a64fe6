import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The API's layers (docs/architecture.md): routes do HTTP only and reach the database through
// services; no route leans on another route.
const src = fileURLToPath(new URL("../src", import.meta.url));
const routeFiles = readdirSync(path.join(src, "routes")).filter((file) => file.endsWith(".ts"));
const importsOf = (file: string) =>
  [...readFileSync(path.join(src, "routes", file), "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1] ?? "");

describe("API layers", () => {
  it("has route modules to check", () => {
    expect(routeFiles.length).toBeGreaterThan(5);
  });

  it.each(routeFiles)("routes/%s reaches the database only through services", (file) => {
    const direct = importsOf(file).filter((from) => from === "drizzle-orm" || from.startsWith("@repo/db"));
    expect(direct).toEqual([]);
  });

  it.each(routeFiles)("routes/%s imports no other route module", (file) => {
    const siblings = importsOf(file).filter((from) => from.startsWith("./") || from.startsWith("../routes/"));
    expect(siblings).toEqual([]);
  });
});
