import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The API has one reader of forms (kernel/http/multipart.ts, decisions 046 and 047): busboy, fed as the
 * body arrives. Hono's parseBody and Request.formData() parse a whole body in one go (a 20 MB
 * form held the event loop) and copy each file again; nothing else may parse a form, fill Hono's
 * body cache with one, or use busboy directly.
 */
const src = fileURLToPath(new URL("../src", import.meta.url));
const READER = path.join("kernel", "http", "multipart.ts");
const FORBIDDEN: [RegExp, string][] = [
  [/\.parseBody\s*\(/, "parseBody()"],
  [/\.formData\s*\(/, "formData()"],
  [/bodyCache/, "Hono's bodyCache"],
  [/from\s+"busboy"/, "busboy"],
];

const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith(".ts"))
  .filter((file) => file !== READER);

describe("forms are read by the one reader", () => {
  it("has sources to check, and the reader exists", () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(readFileSync(path.join(src, READER), "utf8")).toMatch(/from "busboy"/);
  });

  it("no route, middleware or service parses a form itself", () => {
    const found = sources.flatMap((file) => {
      const text = readFileSync(path.join(src, file), "utf8");
      return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, what]) => `${file}: ${what}`);
    });
    expect(found, "read forms with readForm/readFormLists/streamForm from kernel/http/multipart.ts").toEqual([]);
  });
});
