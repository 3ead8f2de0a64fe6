/**
 * Comments and docs cite only what is in the repository (issue 37): a rule is found in a section
 * of docs/domain.md ("docs/domain.md, Region scoping") or in a decision record (decision 017,
 * docs/decisions/017-payments.md), never in a document a reader cannot open ("spec §7",
 * "DECISIONS §3", "portal-spec", "../shared"). It reads the source and the docs of the whole
 * repository and names each such citation with its file and line.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PRUNE = new Set([
  "node_modules",
  "build",
  "dist",
  "test-results",
  "playwright-report",
  ".git",
  ".turbo",
  "data",
  "storybook-static",
]);
const TEXT = /\.(tsx?|mjs|cjs|js|md|sql|ya?ml|css|html|json)$/;
/** This file (its samples below) and the lock file, which holds no prose. */
const SKIP = /^(scripts\/citations-check\.test\.ts|package-lock\.json)$/;

const OUTSIDE: [string, RegExp][] = [
  ["a section of the spec", /\bspec(ification)?\s*§/i],
  ["a section of DECISIONS", /\bDECISIONS(\.md)?\s*§|\bDECISIONS\.md\b/],
  ["a numbered section", /§\s*\d/],
  ["the portal spec", /\bportal-spec\b/i],
  ["the shared folder outside the repository", /(?<!(?:from|import)\s+["'])\.\.\/shared\b/],
  ["the spec's words", /\b[Tt]he spec's\b|\(spec:\s+[a-z]/],
];

/** Every citation of an outside document in `text`, as `file:line: what: the line`. */
function outsideCitations(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => {
    const found = OUTSIDE.find(([, rule]) => rule.test(line));
    return found ? [`${file}:${i + 1}: ${found[0]}: ${line.trim()}`] : [];
  });
}

function repositoryFiles(dir = ""): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return PRUNE.has(entry.name) ? [] : repositoryFiles(file);
    return TEXT.test(entry.name) && !SKIP.test(file) ? [file] : [];
  });
}

describe("the citations check", () => {
  it("finds citations of documents outside the repository", () => {
    const samples = [
      ' * The text content of spec §7 "Content CRUD": important dates',
      "/** Spec §8: a failed export says so. */",
      "// Deleting a school is destructive: Admin and Sub Admin only (DECISIONS §2).",
      "See DECISIONS.md for the rule.",
      "  duplicate rule of §7 reported as 409",
      "// as the portal-spec says",
      "// the fee table (../shared/fees.md)",
      "/** The API's filters of each dashboard (spec: class_level and is_mock). */",
      "/** The four content types' API paths, named as the spec's call list names them. */",
    ];
    for (const line of samples) expect(outsideCitations("x.ts", line), line).toHaveLength(1);
  });

  it("passes citations of the repository's own docs and decisions", () => {
    const samples = [
      "// Deleting a school is destructive: Admin and Sub Admin only (docs/domain.md, Who may do what).",
      " * Payments (docs/decisions/017-payments.md): orders and their statuses",
      "/** The analytics (decision 019). */",
      'import { fees } from "../shared/fees";',
      "// the e2e spec alone must not fail on it",
      "function countsSql(spec: LevelSql, scope: RegionScope): SQL {",
    ];
    for (const line of samples) expect(outsideCitations("x.ts", line), line).toEqual([]);
  });

  it("finds none in the repository's source and docs", () => {
    const files = repositoryFiles();
    expect(files).toContain("docs/domain.md");
    expect(files.length).toBeGreaterThan(1000);
    expect(files.flatMap((file) => outsideCitations(file, readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });
});
