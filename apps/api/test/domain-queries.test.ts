import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Facts that decide money and privacy have one home each (issue 37): which schools an account
// owns, a student's fee, the active exam year, the coordinators covering a school and creating a
// school with its account. Their copies had drifted apart (the master institute list counted
// individual students; two fee lookups spelt the level 'level1'). This fails when the SQL of a
// fact is written again outside its home. A home is found by the function it defines, so the
// check follows the file when it moves.

const src = fileURLToPath(new URL("../src", import.meta.url));
const files = (readdirSync(src, { recursive: true, encoding: "utf8" }) as string[])
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => ({ file: file.split(path.sep).join("/"), text: readFileSync(path.join(src, file), "utf8") }));

interface Fact {
  name: string;
  /** What only the home defines. */
  home: RegExp;
  /** SQL (or Drizzle) that only the home may write. */
  copies: RegExp[];
}

const FACTS: Fact[] = [
  {
    name: "which schools an account owns",
    home: /export async function findAccountScope\(/,
    copies: [
      // A master institute's schools: `sc.master_institute_id = ${…}` or `where master_institute_id = ${…}`.
      /(?<![\w.])(?:sc\.)?master_institute_id\s*=\s*\$\{/,
      // The account's school, institute or student read from its users row.
      /select\(\{\s*schoolId: users\.schoolId,\s*masterInstituteId/,
      /select\(\{\s*schoolId: users\.schoolId\s*\}\)\s*\.from\(users\)/,
    ],
  },
  {
    name: "a student's registration fee",
    home: /export const registrationFeeJoin\b/,
    copies: [/\bexam_fees\b/, /\bexamFees\b/, /exam_level\s*=\s*'level/],
  },
  {
    name: "the active exam year",
    home: /export async function openExamYear\(/,
    copies: [/examYears\.isActive/, /exam_years\b[^`;]*?\bis_active\b/s],
  },
  {
    name: "the coordinators covering a school",
    home: /export const assignmentCovers\b/,
    copies: [/\ba\.(?:zone|state|prant|district)_id\s*=\s*(?:sc|s)\.(?:zone|state|prant|district)_id/],
  },
  {
    name: "creating a school with its account",
    home: /export async function createSchoolWithAccount\(/,
    copies: [/\.insert\(schools\)/, /insert\s+into\s+schools\b/i],
  },
];

describe("one home per fact", () => {
  it("reads the API's source", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(FACTS)("$name has one home and no copies", ({ home, copies }) => {
    const homes = files.filter((f) => home.test(f.text)).map((f) => f.file);
    expect(homes).toHaveLength(1);
    const copied = files
      .filter((f) => f.file !== homes[0])
      .flatMap((f) => copies.filter((pattern) => pattern.test(f.text)).map((pattern) => `${f.file}: ${pattern}`));
    expect(copied).toEqual([]);
  });

  it("catches a copy written the old way", () => {
    const [owned, fee, year, covering] = FACTS;
    const placeholder = "\u0024{id}"; // a template placeholder as the source spells it
    const copies = (fact: Fact | undefined, text: string) => fact?.copies.some((pattern) => pattern.test(text));
    expect(copies(owned, `sql\`select id from schools where master_institute_id = ${placeholder}\``)).toBe(true);
    expect(copies(owned, `sql\`o.master_institute_id = ${placeholder}\``)).toBe(false);
    expect(copies(fee, "left join exam_fees f on f.exam_level = 'level1'")).toBe(true);
    expect(copies(year, "sql`select id from exam_years where is_active`")).toBe(true);
    expect(copies(covering, "a.zone_id = sc.zone_id or a.state_id = sc.state_id")).toBe(true);
  });
});
