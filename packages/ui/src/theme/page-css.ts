/**
 * The Stitches CSS one page needs, cut from everything the process has rendered so far.
 *
 * `getCssText()` answers every rule the server ever made: on a long-running app server the
 * dashboard carried the styles of every other page (30 KB of 70-99 KB), and two instances sent
 * different bytes for the same page. Stitches writes its sheet as seven groups in a fixed order
 * (themed, global, styled, onevar, resonevar, allvar, inline), each as a marker naming what the
 * group holds and an `@media{…}` block of rules:
 *
 *     --sxs{--sxs:2 c-dMvfPr c-bQzyIt}@media{.c-dMvfPr{…}.c-dMvfPr:hover{…}.c-bQzyIt{…}}
 *
 * The browser's Stitches reads those markers when it starts and adds what a later render needs
 * (a dialog opened, a page reached by a link). So a page keeps the themes and global styles
 * whole and, of the other groups, the names used in its `class` attributes with their rules, and
 * the markers name only what was kept. See docs/decisions/073-css-of-the-page.md.
 */

/** Groups kept whole: the themes (light and dark, switched on <html>) and the global styles. */
const WHOLE_GROUPS = new Set([0, 1]);

const MARKER = /--sxs\{--sxs:(\d+)([^}]*)\}@media\{/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const CLASS_TOKEN = /\.(-?[_a-zA-Z][\w-]*)/g;

interface Group {
  index: number;
  names: string[];
  /** Each top-level rule, and the names of the group its selectors mention. */
  rules: { text: string; names: string[] }[];
}

/** Where the block opened just before `start` closes (the index of its `}`), skipping quoted text. */
function blockEnd(text: string, start: number): number {
  let depth = 1;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return text.length;
}

/** The top-level rules of a block's body. */
function rulesOf(body: string): string[] {
  const rules: string[] = [];
  let start = 0;
  while (start < body.length) {
    const open = body.indexOf("{", start);
    if (open < 0) break;
    const end = blockEnd(body, open + 1);
    rules.push(body.slice(start, end + 1));
    start = end + 1;
  }
  return rules;
}

function parse(cssText: string): Group[] | null {
  const groups: Group[] = [];
  MARKER.lastIndex = 0;
  for (let match = MARKER.exec(cssText); match; match = MARKER.exec(cssText)) {
    const bodyStart = match.index + match[0].length;
    const end = blockEnd(cssText, bodyStart);
    const names = (match[2] ?? "").trim().split(/\s+/).filter(Boolean);
    const own = new Set(names);
    const rules = rulesOf(cssText.slice(bodyStart, end)).map((text) => ({
      text,
      names: [...text.matchAll(CLASS_TOKEN)].map((m) => m[1] ?? "").filter((name) => own.has(name)),
    }));
    groups.push({ index: Number(match[1]), names, rules });
    MARKER.lastIndex = end + 1;
  }
  // Not the shape described above (another Stitches version): the page gets everything.
  return groups.length > 0 ? groups : null;
}

/** The class names a page's HTML uses. */
export function classesOf(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of (match[1] ?? "").split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

let parsed: { cssText: string; groups: Group[] | null } | null = null;

/**
 * The part of Stitches' `cssText` that `html` uses, in the same group order and with markers
 * naming only what is kept. The sheet only grows, so the last parse is reused while the text is
 * the same.
 */
export function cssForPage(cssText: string, html: string): string {
  if (parsed?.cssText !== cssText) parsed = { cssText, groups: parse(cssText) };
  const { groups } = parsed;
  if (!groups) return cssText;
  const used = classesOf(html);
  let out = "";
  for (const group of groups) {
    if (WHOLE_GROUPS.has(group.index)) {
      out += `--sxs{--sxs:${[group.index, ...group.names].join(" ")}}@media{${group.rules.map((r) => r.text).join("")}}`;
      continue;
    }
    const names = group.names.filter((name) => used.has(name));
    const rules = group.rules.filter((rule) => rule.names.length === 0 || rule.names.some((name) => used.has(name)));
    out += `--sxs{--sxs:${[group.index, ...names].join(" ")}}@media{${rules.map((r) => r.text).join("")}}`;
  }
  return out;
}
