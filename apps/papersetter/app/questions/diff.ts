/**
 * A readable word diff of two versions of a question's rich text: both are reduced to plain text
 * (formulas as their TeX source, pictures as "[image]"), split into words and line breaks, and
 * compared with Myers' shortest edit script. Pure: no DOM, the same on the server and in the browser.
 */

export type DiffKind = "same" | "ins" | "del";
export interface DiffPart {
  kind: DiffKind;
  /** Words of the part, joined by single spaces; "\n" stands for a line break. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_END = /^\/?(p|div|li|h[1-6]|blockquote|pre|ol|ul|br)$/i;

/**
 * The text a reader sees in stored rich text: one line per paragraph (or list item, heading…),
 * a formula as its TeX source, a picture as "[image]".
 */
export function plainTextOf(html: string): string {
  let out = "";
  // Depth of the formula span being skipped: its rendered content is replaced by its TeX.
  let formulaDepth = 0;
  const tags = /<(\/?)([a-z][a-z0-9]*)\b([^>]*)>|([^<]+)/gi;
  for (const match of html.matchAll(tags)) {
    const [, closing, rawName, attributes = "", text] = match;
    if (text !== undefined) {
      if (formulaDepth === 0) out += decodeEntities(text);
      continue;
    }
    const name = (rawName ?? "").toLowerCase();
    if (formulaDepth > 0) {
      if (name === "span") formulaDepth += closing ? -1 : 1;
      continue;
    }
    if (!closing && name === "span" && /\bclass\s*=\s*["'][^"']*\bql-formula\b/i.test(attributes)) {
      const tex =
        /\bdata-value\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] ?? /\bdata-value\s*=\s*'([^']*)'/i.exec(attributes)?.[1];
      out += ` ${decodeEntities(tex ?? "")} `;
      if (!/\/\s*$/.test(attributes)) formulaDepth = 1;
      continue;
    }
    if (!closing && name === "img") out += " [image] ";
    else if (BLOCK_END.test(`${closing}${name}`) && (closing || name === "br")) out += "\n";
  }
  return out
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** Words and line breaks of plain text. */
function tokensOf(text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, index) => [...(index > 0 ? ["\n"] : []), ...line.split(/\s+/).filter(Boolean)]);
}

/** Above this many edits the versions are shown as wholly replaced (a rewrite is no diff worth reading). */
const MAX_EDITS = 2000;

/** Myers' algorithm on token lists: the shortest list of keep/insert/delete steps, in order. */
function editScript(a: readonly string[], b: readonly string[]): DiffKind[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the furthest x on each diagonal k after d - 1 edits.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, offset, n, m);
    }
  }
  return null;
}

function backtrack(trace: readonly Int32Array[], offset: number, n: number, m: number): DiffKind[] {
  const steps: DiffKind[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : (v[offset + prevK] ?? 0);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      steps.push("same");
      x--;
      y--;
    }
    if (d > 0) steps.push(down ? "ins" : "del");
    x = prevX;
    y = prevY;
  }
  return steps.reverse();
}

/** Adds `token` to the parts, starting a new part when the kind changes. */
function push(parts: DiffPart[], kind: DiffKind, token: string) {
  const last = parts.at(-1);
  if (last && last.kind === kind) {
    last.text += last.text.endsWith("\n") || token === "\n" ? token : ` ${token}`;
  } else {
    parts.push({ kind, text: token });
  }
}

/**
 * The word diff of two plain texts: parts in reading order, each kept, inserted or deleted.
 * Neighbouring parts are separated by a space unless one side is a line break (see `joinParts`).
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokensOf(before);
  const b = tokensOf(after);
  const parts: DiffPart[] = [];
  const steps = editScript(a, b);
  if (!steps) {
    for (const token of a) push(parts, "del", token);
    for (const token of b) push(parts, "ins", token);
    return parts;
  }
  let i = 0;
  let j = 0;
  for (const step of steps) {
    if (step === "same") {
      push(parts, "same", a[i++] as string);
      j++;
    } else if (step === "del") push(parts, "del", a[i++] as string);
    else push(parts, "ins", b[j++] as string);
  }
  return parts;
}

/** The word diff of two versions' HTML, on the text a reader sees. */
export function htmlWordDiff(beforeHtml: string, afterHtml: string): DiffPart[] {
  return wordDiff(plainTextOf(beforeHtml), plainTextOf(afterHtml));
}

/** Whether any part of a diff is an insertion or a deletion. */
export function hasChanges(parts: readonly DiffPart[]): boolean {
  return parts.some((part) => part.kind !== "same");
}

/** The separator a reader sees between two neighbouring parts. */
export function separatorBetween(left: DiffPart | undefined, right: DiffPart): string {
  if (!left || left.text.endsWith("\n") || right.text.startsWith("\n")) return "";
  return " ";
}

/** The diff as one line of text with [+inserted+] and [-deleted-] marks (for tests and plain text). */
export function joinParts(parts: readonly DiffPart[]): string {
  return parts
    .map((part, index) => {
      const text = part.kind === "ins" ? `[+${part.text}+]` : part.kind === "del" ? `[-${part.text}-]` : part.text;
      return separatorBetween(parts[index - 1], part) + text;
    })
    .join("");
}

/** What a version holds, as far as its history compares it. */
export interface ComparableVersion {
  content: {
    text: string;
    options: readonly { key: string; html: string }[];
    correct: readonly string[];
    explanation: string;
  };
  question_type: string;
  difficulty: string;
  marks: number;
  subject: string;
}

export interface FieldDiff {
  /** How the history names the field: "question text", "option B", "correct answer"… */
  field: string;
  parts: DiffPart[];
  changed: boolean;
}

/**
 * Each field of a version beside the version before it (or beside nothing, for the first): the
 * question text, every option, the correct answer, the explanation, then type, difficulty, marks
 * and subject.
 */
export function versionDiffs(before: ComparableVersion | null, after: ComparableVersion): FieldDiff[] {
  const keys = [...new Set([...(before?.content.options ?? []), ...after.content.options].map((o) => o.key))].sort();
  const html = (version: ComparableVersion | null, key: string) =>
    version?.content.options.find((o) => o.key === key)?.html ?? "";
  const rows: [string, string, string][] = [
    ["question text", plainTextOf(before?.content.text ?? ""), plainTextOf(after.content.text)],
    ...keys.map((key): [string, string, string] => [
      `option ${key}`,
      plainTextOf(html(before, key)),
      plainTextOf(html(after, key)),
    ]),
    [
      "correct answer",
      [...(before?.content.correct ?? [])].sort().join(", "),
      [...after.content.correct].sort().join(", "),
    ],
    ["explanation", plainTextOf(before?.content.explanation ?? ""), plainTextOf(after.content.explanation)],
    ["answer type", before?.question_type ?? "", after.question_type],
    ["difficulty", before?.difficulty ?? "", after.difficulty],
    ["marks", before ? String(before.marks) : "", String(after.marks)],
    ["subject", before?.subject ?? "", after.subject],
  ];
  return rows.map(([field, a, b]) => {
    const parts = wordDiff(a, b);
    return { field, parts, changed: hasChanges(parts) };
  });
}
