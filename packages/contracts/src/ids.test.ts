import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decimalNumber, idField } from "./ids";
import { ID_MAX } from "./ids-constants";
import { idOfText } from "./numbers-constants";

const repo = fileURLToPath(new URL("../../../", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("ids and numbers typed as text (decision 049)", () => {
  it("reads decimal digits only: 0x1, 1e0, ' 1', +1 and an empty text are no id", () => {
    const id = idField("school_id");
    for (const text of ["0x1", "1e0", " 1", "1 ", "+1", "0b1", "1.0", "", "-1", "Infinity"]) {
      const result = id.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toContain("school_id must be an id");
      expect(idOfText(text), text).toBeNull();
    }
    expect(id.parse("1")).toBe(1);
    expect(id.parse("0042")).toBe(42);
    expect(id.parse(7)).toBe(7);
    expect(id.safeParse(String(ID_MAX + 1)).success).toBe(false);
    expect(idOfText("12")).toBe(12);
    expect(idOfText(String(ID_MAX + 1))).toBeNull();
  });

  it("keeps a decimal point for marks, never an exponent or spaces", () => {
    const marks = decimalNumber(z.number().positive());
    expect(marks.parse("0.25")).toBe(0.25);
    expect(marks.parse("2")).toBe(2);
    for (const text of ["1e0", ".5", "5.", " 1", "0x1"]) expect(marks.safeParse(text).success, text).toBe(false);
  });

  it("is the only way numbers are read from text: no z.coerce.number in the contracts or the API", () => {
    const offenders = [...sources("packages/contracts/src"), ...sources("apps/api/src")]
      // The environment is read at start-up, not from callers.
      .filter((file) => !file.endsWith(`${path.sep}env.ts`))
      .filter((file) => /z\.coerce\s*\.number/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(repo, file));
    expect(offenders).toEqual([]);
  });
});
