/**
 * The plural check (issue 35 item 8): user-facing counts go through one helper
 * (packages/contracts/src/plural.ts, Intl.PluralRules), so "1 students" and `n === 1 ? "" : "s"`
 * have nowhere to hide. It reads the source of the apps, the API and the packages and names each
 * hand-made plural with its file and line:
 * - a form chosen by `=== 1 ? "…"` (English's rule, wrong for Hindi, where 0 is singular too);
 * - a counted English plural after a number that can be 1 (`${n} students`); a limit written as a
 *   constant (`${ORDER_MAX_STUDENTS} students`) is always many and passes.
 * A line that is not a count (a sentence that differs for one region, say) says `plural-ok` in a
 * comment on it or the line above.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["apps", "packages"];
const SKIP = /(^|\/)(node_modules|build|dist|test|public|migrations)\/|\.test\.tsx?$|\.gen\.ts$|\.d\.ts$|\/seed\//;

/** `x === 1 ? "…"`: a form chosen by English's rule for one. */
const BY_ONE = /===\s*1\s*\?\s*["'`]/;
/** Counted words the portal writes after a number. */
const WORDS =
  "students|schools|rows|pages|items|questions|marks|minutes|hours|days|seconds|entries|messages|recipients|certificates|answers|orders|institutes|notifications|materials|attempts|addresses|translations|things";
/** `${expr} students` in a template (and `{expr} students` in JSX, for .tsx files). */
const IN_TEMPLATE = new RegExp(`\\$\\{([^{}]+)\\}\\s+(?:study\\s+)?(?:${WORDS})\\b(?!=)`, "g");
const IN_JSX = new RegExp(`\\{([^{}]+)\\}\\s+(?:study\\s+)?(?:${WORDS})\\b(?!=)`, "g");
/**
 * An expression that is not a count that can be 1: a limit written as a constant (always many:
 * ORDER_MAX_STUDENTS, SIF_IMPORT.maxRows) or a word (a subject's name, a level's label).
 */
const NOT_A_COUNT = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[A-Z]{3,}\b|name|title|label|Label|Text|whose/;

function handPlurals(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (/plural-ok/.test(line) || /plural-ok/.test(lines[i - 1] ?? "")) return;
    if (/^\s*(\*|\/\/|\/\*)/.test(line)) return; // a comment
    const at = `${file}:${i + 1}`;
    if (BY_ONE.test(line)) found.push(`${at}: a form chosen by "=== 1": ${line.trim()}`);
    for (const match of line.matchAll(file.endsWith(".tsx") ? IN_JSX : IN_TEMPLATE)) {
      if (!NOT_A_COUNT.test(match[1] ?? "")) found.push(`${at}: a count before a plural word: ${match[0]}`);
    }
  });
  return found;
}

function sourceFiles(): string[] {
  return SOURCES.flatMap((top) =>
    readdirSync(path.join(root, top), { recursive: true, encoding: "utf8" })
      .map((entry) => `${top}/${entry.split(path.sep).join("/")}`)
      .filter((file) => /\.tsx?$/.test(file) && !SKIP.test(file)),
  );
}

describe("the plural check", () => {
  it("finds the hand-made plurals it is for, and passes the helper and constant limits", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
    expect(handPlurals("a.ts", 'const s = `${n} ${n === 1 ? "student" : "students"}`;')).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
    expect(handPlurals("a.ts", "const s = `${n} students`;")).toHaveLength(1);
    expect(handPlurals("a.tsx", "<p>{count} study materials</p>")).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
    expect(handPlurals("a.ts", "const s = `${countOf(n, COUNTED.student)} selected`;")).toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
    expect(handPlurals("a.ts", "`at most ${ORDER_MAX_STUDENTS} students`")).toEqual([]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
    expect(handPlurals("a.ts", "`at most ${SIF_IMPORT.maxRows} rows`")).toEqual([]);
    expect(handPlurals("a.ts", '// plural-ok: not a count\nconst s = n === 1 ? "" : " of your region";')).toEqual([]);
  });

  it("finds none in the apps, the API and the packages: counts go through contracts/plural", () => {
    const found = sourceFiles().flatMap((file) => handPlurals(file, readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });
});
