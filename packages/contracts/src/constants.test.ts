import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Screens import `*-constants.ts` in their first view; zod there would cost every list page
// ~15 KB of gzip (docs/decisions/007-contracts-constants-without-zod.md).
const dir = fileURLToPath(new URL(".", import.meta.url));
const constantsModules = readdirSync(dir).filter((file) => file.endsWith("-constants.ts"));

describe("contract constants modules", () => {
  it("exist", () => {
    expect(constantsModules.length).toBeGreaterThan(2);
  });

  // Followed through every local import, from subfolders too (paper-words/, student-words/):
  // plain-value modules (languages, fees, locale) are fine, anything that reaches zod is not.
  const importsOf = (file: string) =>
    [...readFileSync(path.join(dir, file), "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1] ?? "");
  const reachesZod = (file: string, seen = new Set<string>()): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    return importsOf(file).flatMap((from) =>
      from === "zod"
        ? [file]
        : from.startsWith(".")
          ? reachesZod(path.join(path.dirname(file), `${from}.ts`), seen)
          : [],
    );
  };

  it.each(constantsModules)("%s reaches no zod through its imports", (file) => {
    expect(reachesZod(file)).toEqual([]);
  });

  // A top-level `X.map(...)` looks like work with effects to the bundler, which then keeps X (and
  // every list beside it) in each page that imports the module for something else: marked pure,
  // the unused ones are dropped (the result pages sat 0.4 KB over their budget without it).
  const sources = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
    (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
  );
  it("marks every top-level list built with map or filter as pure", () => {
    const unmarked = sources.flatMap((file) =>
      readFileSync(path.join(dir, file), "utf8")
        .split("\n")
        .filter((line) => /^(export )?const \w+(:[^=]+)? = [A-Z][A-Z0-9_]*\.(map|filter)\(/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(unmarked).toEqual([]);
  });
});
