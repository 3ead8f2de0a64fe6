import { readdirSync, readFileSync } from "node:fs";
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

  it.each(constantsModules)("%s imports neither zod nor a schema module", (file) => {
    const imports = [...readFileSync(`${dir}/${file}`, "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    expect(
      imports.filter((from) => from === "zod" || (from?.startsWith("./") && !from.endsWith("-constants"))),
    ).toEqual([]);
  });
});
