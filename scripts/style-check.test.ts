/**
 * The style check (issue 37 item 6): screens compose the kit (docs/architecture.md, "Screens
 * compose the kit instead of inline styles"; packages/ui/README.md, "Apps never import styled").
 * It reads the screens' source (apps/<app>/app, and packages/remix-app/src, the screens the apps
 * share; tests and stories left out) and names with file and line:
 * - Stitches in an app: `styled`, `css`, `keyframes` or `globalCss` imported from `@repo/ui/theme`,
 *   any import of `@stitches/…`, and a `styled(` or `css(` call;
 * - an inline style: `style={…}`;
 * - a raw pixel value: `12px` in a string, a template or CSS;
 * - a hand-written focus rule: `:focus`, `:focus-visible`, `:focus-within` (the kit draws one focus
 *   ring, `packages/ui/src/theme/focus.ts`, checked for contrast in `theme/tokens.test.ts`).
 * What truly must stay goes in ALLOWED below with its reason; keep it tiny.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Stories are left out: a story's frame (padding for a menu to open into) is no screen.
const SKIP = /(^|\/)(node_modules|build|dist|public)\/|\.test\.tsx?$|\.stories\.tsx$|\.d\.ts$/;

type Rule = "stitches" | "inline style" | "raw px" | "focus rule";

/**
 * Exceptions, by file and rule, each with the reason it must stay: none today, keep it so (a
 * computed width, say, goes through a kit component that takes the value, like Meter).
 * entry.server.tsx reads the kit's CSS text (getCssText) to write it into the document: no rule
 * above names that, so it needs no entry.
 */
const ALLOWED: readonly { file: string; rule: Rule; reason: string }[] = [];

const STITCHES_IMPORT =
  /import\s*(?:type\s*)?\{[^}]*\b(?:styled|css|keyframes|globalCss)\b[^}]*\}\s*from\s*["']@repo\/ui\/theme["']|from\s*["']@stitches\//;
const CHECKS: readonly [Rule, RegExp][] = [
  ["stitches", /\b(?:styled|css)\(/],
  ["inline style", /\bstyle=\{/],
  ["raw px", /\b\d+(?:\.\d+)?px\b/],
  ["focus rule", /:focus\b|:focus-(?:visible|within)\b/],
];

/** The line without a trailing `// comment`, or "" for a comment line. */
function code(line: string): string {
  if (/^\s*(\*|\/\/|\/\*)/.test(line)) return "";
  return line.replace(/\s\/\/\s.*$/, "");
}

function styleFindings(file: string, text: string): string[] {
  const found: string[] = [];
  // An import may span lines: look at the whole statement, report its first line.
  for (const match of text.matchAll(/import[^;]*?from\s*["'][^"']+["'];?/g)) {
    if (STITCHES_IMPORT.test(match[0])) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push(`${file}:${line}: stitches: ${match[0].replace(/\s+/g, " ")}`);
    }
  }
  text.split("\n").forEach((line, i) => {
    const body = code(line);
    if (!body || /^\s*import\b/.test(body)) return;
    for (const [rule, pattern] of CHECKS) {
      if (pattern.test(body)) found.push(`${file}:${i + 1}: ${rule}: ${line.trim()}`);
    }
  });
  return found;
}

/** The source files under `dir` (relative to the repository), as repository paths. */
function sourcesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return entries
    .map((entry) => `${dir}/${entry.split(path.sep).join("/")}`)
    .filter((file) => /\.(tsx?|css)$/.test(file) && !SKIP.test(file));
}

/** The apps' screens and the screens they share (packages/remix-app). */
function screenSources(): string[] {
  const apps = readdirSync(path.join(root, "apps"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((app) => sourcesUnder(`apps/${app.name}/app`));
  return [...apps, ...sourcesUnder("packages/remix-app/src")];
}

const allowed = (finding: string) =>
  ALLOWED.some(({ file, rule }) => finding.startsWith(`${file}:`) && finding.includes(`: ${rule}: `));

describe("the style check", () => {
  it("finds what it is for, and passes the kit's props", () => {
    const found = (text: string) => styleFindings("a.tsx", text).map((f) => f.split(": ")[1]);
    expect(found('import { styled } from "@repo/ui/theme";')).toEqual(["stitches"]);
    expect(found('import {\n  css,\n  theme,\n} from "@repo/ui/theme";')).toEqual(["stitches"]);
    expect(found('import { styled } from "@stitches/react";')).toEqual(["stitches"]);
    expect(found('const Box = styled("div", { gap: "$2" });')).toEqual(["stitches"]);
    expect(found('<div style={{ maxWidth: "20rem" }} />')).toEqual(["inline style"]);
    expect(found('const column = { width: "110px" };')).toEqual(["raw px"]);
    expect(found("const grid = `repeat(5, 56px)`;")).toEqual(["raw px"]);
    expect(found('const ring = { "&:focus-visible": ring };')).toEqual(["focus rule"]);
    expect(found('"& a:focus": {},')).toEqual(["focus rule"]);
    expect(found('import { colorModeClassName, getCssText } from "@repo/ui/theme";')).toEqual([]);
    expect(found('<Stack element="ul" gap={3}><Text nowrap>12 px wide</Text></Stack>')).toEqual([]);
    expect(found("const columns = [{ id: 'row', width: 64 }]; // 64px wide")).toEqual([]);
    expect(found(" * a comment that says 2px or :focus-visible")).toEqual([]);
  });

  it("reads the apps' screens and the shared ones", () => {
    const files = screenSources();
    expect(files).toContain("apps/papersetter/app/questions/QuestionForm.tsx");
    expect(files).toContain("packages/remix-app/src/sign-in/Login.tsx");
    expect(files).not.toContain("packages/remix-app/src/exports/ExportMenu.stories.tsx");
  });

  it("finds none in the screens: they compose the kit", () => {
    const found = screenSources().flatMap((file) => styleFindings(file, readFileSync(path.join(root, file), "utf8")));
    expect(found.filter((finding) => !allowed(finding))).toEqual([]);
  });

  it("keeps every exception in use, so that the list only shrinks", () => {
    const found = screenSources().flatMap((file) => styleFindings(file, readFileSync(path.join(root, file), "utf8")));
    const unused = ALLOWED.filter(
      ({ file, rule }) => !found.some((f) => f.startsWith(`${file}:`) && f.includes(`: ${rule}: `)),
    ).map(({ file, rule }) => `${file} ${rule}`);
    expect(unused).toEqual([]);
  });
});
