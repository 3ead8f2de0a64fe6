import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The API's layers (docs/architecture.md): each domain folder's route modules (`*.routes.ts`) do
// HTTP only and reach the database through the domain's services; no route leans on another route.
const src = fileURLToPath(new URL("../src", import.meta.url));
const routeFiles = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith(".routes.ts"))
  .sort();
const importsOf = (file: string) =>
  [...readFileSync(path.join(src, file), "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1] ?? "");

describe("API layers", () => {
  it("has route modules to check", () => {
    expect(routeFiles.length).toBeGreaterThan(5);
  });

  it.each(routeFiles)("%s reaches the database only through services", (file) => {
    const direct = importsOf(file).filter((from) => from === "drizzle-orm" || from.startsWith("@repo/db"));
    expect(direct).toEqual([]);
  });

  it.each(routeFiles)("%s imports no other route module", (file) => {
    const routes = importsOf(file).filter((from) => from.endsWith(".routes"));
    expect(routes).toEqual([]);
  });
});
