/**
 * No numeric role ids in code (issue 37): a role is named by `ROLE.x` or a `ROLE_GROUPS` group
 * (packages/contracts/src/roles-constants.ts, re-exported by packages/auth/src/roles.ts), so that
 * `role_id in (2, 18)` or `coordinatorsLoader(11, …)` cannot say a different thing from the table.
 * It reads the apps, packages, scripts, benchmarks and browser tests (not migrations, not generated
 * files) and names each literal role id with its file and line:
 * - a role id compared with a number, in SQL (`u.role_id in (2, 18)`, `role_id = 3`) or in script
 *   (`roleId === 7`, `eq(users.roleId, 1)`, `expect(user.role_id).toBe(2)`);
 * - a number passed where a function takes a role (`coordinatorsLoader(11, …)`, `getRole(3)`);
 * - a constant of roles written as numbers (`COORDINATOR_ROLE_IDS = [7, 8, …]`);
 * - outside tests, a role id or role list written as a number (`roleId: 9`, `roles: [2, 17, 18]`).
 * A test's fixture (`userRecord({ role_id: 3 })`, a request body) may still say a number.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["apps", "packages", "scripts", "bench", "e2e"];
const PRUNE = new Set([
  "node_modules",
  "build",
  "dist",
  "public",
  "migrations",
  ".turbo",
  "test-results",
  "storybook-static",
]);
/** The home of the ids, generated files, and this file (its samples below). */
const SKIP =
  /^packages\/contracts\/src\/roles-constants\.ts$|^packages\/api-client\/|\.gen\.ts$|\.d\.ts$|^scripts\/role-ids-check\.test\.ts$/;
const TEST_FILE = /\.(test|spec)\.tsx?$|(^|\/)(test|testing)\//;

const ROLE_WORD = String.raw`\w*[rR]ole_?[iI]d\w*`;
const ID = String.raw`[1-9]\d?\b`;
const EVERYWHERE: [string, RegExp][] = [
  [
    "a role id compared with a number",
    new RegExp(String.raw`\b${ROLE_WORD}\s*(?:===|!==|==|!=|<>|=|<=|>=|<|>)\s*${ID}`),
  ],
  ["a number compared with a role id", new RegExp(String.raw`\b${ID}\s*(?:===|!==|==|!=)\s*[\w.?]*[rR]ole_?[iI]d\b`)],
  ["a role id in a list of numbers", new RegExp(String.raw`\b${ROLE_WORD}\s+(?:not\s+)?in\s*\(\s*${ID}`, "i")],
  [
    "a role id matched against a number",
    new RegExp(String.raw`\b(?:eq|ne|inArray|notInArray)\(\s*[\w.]*[rR]ole_?[iI]d\s*,\s*\[?\s*${ID}`),
  ],
  [
    "a number expected as a role id",
    new RegExp(String.raw`[rR]ole_?[iI]ds?\)\s*\.(?:toBe|toEqual|toStrictEqual)\(\s*\[?\s*${ID}`),
  ],
  ["a role constant written as numbers", new RegExp(String.raw`\b[A-Z_]*ROLE[A-Z_]*\s*=\s*(?:new Set\()?\[\s*${ID}`)],
  [
    "a number passed for a role",
    new RegExp(String.raw`\b(?:\w*Roles?\w*|coordinators(?:Loader|Action)|isRoleId|inGroup)\(\s*${ID}\s*[,)]`),
  ],
];
const OUTSIDE_TESTS: [string, RegExp][] = [
  ["a role id written as a number", new RegExp(String.raw`\b${ROLE_WORD}s?["']?\s*:\s*\[?\s*${ID}`)],
  ["a role list written as numbers", new RegExp(String.raw`\broles["']?\s*:\s*\[\s*${ID}`)],
];

/** Every literal role id in `text`, as `file:line: what: the code`. */
function literalRoleIds(file: string, text: string): string[] {
  const rules = TEST_FILE.test(file) ? EVERYWHERE : [...EVERYWHERE, ...OUTSIDE_TESTS];
  // Calls and lists may run over lines: each line is read with the next one joined on.
  const lines = text.split("\n");
  const found: string[] = [];
  lines.forEach((line, i) => {
    const joined = `${line} ${(lines[i + 1] ?? "").trim()}`;
    for (const [what, rule] of rules) {
      const match = rule.exec(joined);
      // A match that starts on the next line is that line's to report.
      if (match && match.index < line.length) found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
    }
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return PRUNE.has(entry.name) ? [] : sourceFiles(file);
    return /\.(tsx?|md)$/.test(entry.name) && !SKIP.test(file) ? [file] : [];
  });
}

describe("the role id check", () => {
  it("finds the literal role ids it is for", () => {
    const samples = [
      ["apps/api/src/x.ts", "sql`select u.username from users u where u.role_id in (2, 18)`"],
      ["apps/api/src/x.ts", "sql`where u.role_id = 3`"],
      ["apps/school/app/x.tsx", "hideHeader={user.roleId === 12}"],
      ["apps/school/app/x.tsx", "if (7 === viewer.roleId) return;"],
      ["apps/api/test/x.test.ts", "db.select().from(users).where(eq(users.roleId, 1))"],
      ["apps/api/test/x.test.ts", "expect(user.role_id).toBe(2);"],
      ["apps/coordinator/app/routes/x.tsx", "export const loader = (args) => coordinatorsLoader(11, args);"],
      ["apps/coordinator/app/x.test.ts", "await coordinatorsAction(\n  9,\n  args(request),\n);"],
      ["packages/auth/src/x.test.ts", "expect(mailableRoles(8)).toEqual([]);"],
      ["packages/auth/src/x.ts", "const title = getRole(3).headerTitle;"],
      ["packages/db/src/seed/x.ts", '{ username: "gccstate", roleId: 9 }'],
      ["packages/db/src/seed/x.ts", "roles: [2, 17, 18],"],
      ["packages/contracts/src/x.ts", "export const IDS = { role_ids: [7, 8] };"],
      ["packages/contracts/src/x.ts", "export const COORDINATOR_ROLE_IDS = [7, 8, 9, 10, 11] as const;"],
      ["apps/api/test/x.test.ts", "const SCHOOL_ROLES = new Set([2, 17, 18]);"],
    ] as const;
    for (const [file, text] of samples) expect(literalRoleIds(file, text), text).toHaveLength(1);
  });

  it("passes named roles, fixtures in tests, and numbers that are not role ids", () => {
    const samples = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      ["apps/api/src/x.ts", "sql`where ${idsIn(sql`u.role_id`, ROLE_GROUPS.singleSchools)}`"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      ["apps/api/src/x.ts", "sql`where u.role_id = ${roleId}`"],
      ["apps/coordinator/app/x.ts", "...(roleId > 0 ? { role_id: roleId } : {})"],
      ["apps/coordinator/app/routes/x.tsx", "coordinatorsLoader(ROLE.districtCoordinator, args)"],
      ["apps/school/app/x.test.ts", 'userRecord({ role_id: 3, role_name: "Admin" })'],
      ["apps/api/test/x.test.ts", 'json: { name: "Asha", role_id: 10, region_ids: [7] }'],
      ["apps/api/test/x.test.ts", "expect(rows.map((r) => r.roleId)).toHaveLength(18);"],
      ["packages/ui/src/x.tsx", "const columns = 3;"],
    ] as const;
    for (const [file, text] of samples) expect(literalRoleIds(file, text), text).toEqual([]);
  });

  it("finds none in the source", () => {
    const files = SOURCES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(500);
    expect(files.flatMap((file) => literalRoleIds(file, readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });
});
