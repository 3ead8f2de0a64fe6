/**
 * A question's content as plain data: sanitised once on save, hashed, compared between versions and
 * checked against its translations. No database or HTTP here (tested in apps/api/test/papers-content.test.ts).
 */
import { createHash } from "node:crypto";
import { decodeEntities, sanitizeHtml } from "@repo/ui/sanitize";

export interface OptionContent {
  key: string;
  html: string;
}

/** What a version stores: the English source and the answer, plus the fields lists filter on. */
export interface VersionContent {
  text: string;
  options: OptionContent[];
  correct: string[];
  explanation: string;
  type: string;
  difficulty: string;
  marks: number;
  subject_id: number;
}

/** What a translation stores: the same texts in another language (the answer is the source's). */
export interface TranslatedContent {
  text: string;
  options: OptionContent[];
  explanation: string;
}

/** Sanitised with the kit's allow-list, exactly as every screen and the PDF show it. */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html).trim();
}

/** The texts a translator translates, with their sanitised HTML. */
export function cleanTexts<T extends TranslatedContent>(content: T): T {
  return {
    ...content,
    text: cleanHtml(content.text),
    options: content.options.map((option) => ({ key: option.key, html: cleanHtml(option.html) })),
    explanation: content.explanation ? cleanHtml(content.explanation) : "",
  };
}

/**
 * The fingerprint of what translators translate: text, options and explanation. A change of the
 * answer, marks or difficulty keeps translations current; a change of any word makes them stale.
 */
export function sourceHash(content: TranslatedContent): string {
  return sha256(JSON.stringify([content.text, content.options.map((o) => [o.key, o.html]), content.explanation ?? ""]));
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Text without markup, entities decoded, spaces collapsed: what search matches and lists excerpt. */
export function plainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<span class="ql-formula" data-value="([^"]*)">[\s\S]*?<\/span>/g, " $1 ")
      .replace(/<(br|\/p|\/li|\/div|\/h\d)\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The TeX of every formula in sanitised HTML, in order. */
export function formulasOf(html: string): string[] {
  return [...html.matchAll(/<span class="ql-formula" data-value="([^"]*)">/g)].map((m) => decodeEntities(m[1] ?? ""));
}

/** One field of a translation whose formulas differ from the source's, with the fix to name. */
export interface FormulaMismatch {
  field: string;
  message: string;
}

/**
 * Formulas are copied from the source and locked: each translated field must hold exactly the
 * source field's formulas (in any order: word order differs between languages).
 */
export function formulaMismatches(source: TranslatedContent, translation: TranslatedContent): FormulaMismatch[] {
  const problems: FormulaMismatch[] = [];
  const check = (field: string, label: string, from: string, to: string) => {
    const want = formulasOf(from).sort();
    const got = formulasOf(to).sort();
    if (want.join("\u0000") !== got.join("\u0000")) {
      problems.push({
        field,
        message:
          want.length === 0
            ? `The ${label} of the source has no formula: remove the formula from the translation`
            : `Keep the formulas of the ${label} exactly as in the source: ${want.join(", ")}`,
      });
    }
  };
  check("text", "question text", source.text, translation.text);
  source.options.forEach((option, index) => {
    check(`options.${index}.html`, `option ${option.key}`, option.html, translation.options[index]?.html ?? "");
  });
  check("explanation", "explanation", source.explanation, translation.explanation);
  return problems;
}

/** What changed from one version to the next, in words a paper setter reads in the history. */
export function versionChanges(before: VersionContent | null, after: VersionContent): string[] {
  if (!before) return ["written"];
  const changes: string[] = [];
  if (before.text !== after.text) changes.push("question text");
  const keys = new Set([...before.options.map((o) => o.key), ...after.options.map((o) => o.key)]);
  for (const key of [...keys].sort()) {
    const was = before.options.find((o) => o.key === key);
    const now = after.options.find((o) => o.key === key);
    if (!was) changes.push(`option ${key} added`);
    else if (!now) changes.push(`option ${key} removed`);
    else if (was.html !== now.html) changes.push(`option ${key}`);
  }
  if ([...before.correct].sort().join() !== [...after.correct].sort().join()) changes.push("correct answer");
  if ((before.explanation ?? "") !== (after.explanation ?? "")) changes.push("explanation");
  if (before.type !== after.type) changes.push("question type");
  if (before.difficulty !== after.difficulty) changes.push("difficulty");
  if (before.marks !== after.marks) changes.push("marks");
  if (before.subject_id !== after.subject_id) changes.push("subject");
  return changes;
}

/** Two versions are the same when nothing a reader or the scorer sees differs. */
export function sameContent(a: VersionContent, b: VersionContent): boolean {
  return versionChanges(a, b).length === 0;
}

export function sameTranslation(a: TranslatedContent, b: TranslatedContent): boolean {
  return sourceHash(a) === sourceHash(b);
}

/**
 * JSON with object keys sorted at every depth: the same content always serialises to the same
 * bytes, so a paper set's hash depends on its content only.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
