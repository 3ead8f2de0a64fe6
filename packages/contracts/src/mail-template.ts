/**
 * The mail template language: text with `{{ variable }}` placeholders, nothing else. Names are
 * lower_snake_case. Shared by the API (checked when a template is saved, filled when a mail is
 * queued) and the template editor (lists the variables as the author types).
 */

export const VARIABLE_NAME = /^[a-z][a-z0-9_]{0,49}$/;

export interface TemplateProblem {
  /** 1-based line and column of the problem in the text. */
  line: number;
  column: number;
  message: string;
}

export type ParsedTemplate =
  | { ok: true; variables: string[]; parts: TemplatePart[] }
  | { ok: false; problem: TemplateProblem };

export type TemplatePart = { text: string } | { variable: string };

function position(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Splits a template into text and variables, or says where its first mistake is. */
export function parseTemplate(text: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const variables: string[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf("{{", at);
    const strayClose = text.indexOf("}}", at);
    if (strayClose !== -1 && (open === -1 || strayClose < open)) {
      return {
        ok: false,
        problem: { ...position(text, strayClose), message: "'}}' closes a variable that was never opened with '{{'" },
      };
    }
    if (open === -1) {
      parts.push({ text: text.slice(at) });
      break;
    }
    if (open > at) parts.push({ text: text.slice(at, open) });
    const close = text.indexOf("}}", open + 2);
    const nextOpen = text.indexOf("{{", open + 2);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      return { ok: false, problem: { ...position(text, open), message: "'{{' is not closed with '}}'" } };
    }
    const name = text.slice(open + 2, close).trim();
    if (!VARIABLE_NAME.test(name)) {
      return {
        ok: false,
        problem: {
          ...position(text, open),
          message: name
            ? `"${name}" is not a variable name: use lower-case letters, digits and _ (e.g. {{ school_name }})`
            : "'{{ }}' names no variable",
        },
      };
    }
    parts.push({ variable: name });
    if (!variables.includes(name)) variables.push(name);
    at = close + 2;
  }
  return { ok: true, variables, parts };
}

/** The variables of several template texts (subject and body), in order of first use. */
export function templateVariables(...texts: string[]): string[] {
  const names: string[] = [];
  for (const text of texts) {
    const parsed = parseTemplate(text);
    if (parsed.ok) for (const name of parsed.variables) if (!names.includes(name)) names.push(name);
  }
  return names;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

export class MissingVariablesError extends Error {
  constructor(readonly missing: string[]) {
    super(`These variables have no value: ${missing.join(", ")}`);
    this.name = "MissingVariablesError";
  }
}

/**
 * Fills a parsed template. Every variable must have a value (a missing one is an error here, at
 * queueing time, never a mail with a hole in it); `encode` is applied to each value (HTML for the
 * HTML part, nothing for the text part).
 */
export function fillTemplate(
  parsed: Extract<ParsedTemplate, { ok: true }>,
  values: Record<string, string>,
  encode: (value: string) => string = (value) => value,
): string {
  const missing = parsed.variables.filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new MissingVariablesError(missing);
  return parsed.parts.map((part) => ("text" in part ? part.text : encode(values[part.variable] ?? ""))).join("");
}
