import { LANGUAGES } from "@repo/contracts/languages";
import { escapeHtml, type ParsedTemplate, parseTemplate, templateVariables } from "@repo/contracts/mail-template";
import { isSafeUrl, sanitizeHtml } from "@repo/ui/sanitize";
import { convert } from "html-to-text";
import { ApiError, invalidField } from "../../kernel/http/errors";

/**
 * Rendering of mail (docs/domain.md, Services every feature shares). A template's body is
 * sanitised and wrapped in the portal's one e-mail layout when it is saved; its plain-text part is
 * derived then too. Both keep their {{ variables }}, which are filled when a message is queued
 * (the subject) or delivered (HTML and text): values are HTML-escaped in the HTML part and taken
 * as they are in the text part and the subject, which may never hold a line break.
 */

export type Parsed = Extract<ParsedTemplate, { ok: true }>;

/** The programme's name in the layout's header, and its primary colour (docs/domain.md, Shell behaviour). */
export const PROGRAMME_NAME = "Exam Portal";
export const PRIMARY_COLOUR = "#50CD89";

/** Parses a subject or body, or refuses it with 422 naming the field and where the mistake is. */
export function checkTemplate(field: string, text: string): Parsed {
  const parsed = parseTemplate(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed.problem;
    throw invalidField(field, `line ${line}, column ${column}: ${message}`);
  }
  return parsed;
}

/** Cleans an HTML body with the design system's allow-list (the rules the screens show it by). */
export function sanitizeBody(body: string): string {
  return sanitizeHtml(body);
}

/** Why the recipient got the mail, under every message, in the template's language. */
const FOOTERS: Record<string, string> = {
  en: `You are receiving this e-mail because your address is registered with the ${PROGRAMME_NAME} programme, or was given to us by your school or coordinator. If it reached you by mistake, please ignore it.`,
  hi: `आपको यह ई-मेल इसलिए मिला है क्योंकि आपका पता ${PROGRAMME_NAME} कार्यक्रम में पंजीकृत है, या आपके विद्यालय अथवा समन्वयक ने हमें दिया है। यदि यह आपको गलती से मिला है, तो कृपया इसे अनदेखा करें।`,
};

const FONT = `'Helvetica Neue', Helvetica, Arial, 'Noto Sans', 'Noto Sans Devanagari', sans-serif`;

/**
 * The portal's one responsive e-mail layout (hand-written the way MJML renders: nested
 * presentation tables, inline styles, at most 600 px wide, a header band in the primary colour
 * and a footer saying why the mail came). The body goes in as it is: it holds {{ variables }}.
 * The layout itself never contains "{{" or "}}".
 */
export function wrapInLayout(body: string, language: string): string {
  const lang = LANGUAGES.find((l) => l.code === language);
  const dir = lang?.dir ?? "ltr";
  const footer = FOOTERS[language] ?? FOOTERS.en ?? "";
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang?.code ?? "en")}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${PROGRAMME_NAME}</title>
<style>
@media only screen and (max-width: 620px) { .ep-container { width: 100% !important; } .ep-pad { padding: 20px !important; } }
</style>
</head>
<body style="margin:0;padding:0;background-color:#f4f6f8;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f6f8;">
<tr>
<td align="center" style="padding:24px 12px;">
<table role="presentation" class="ep-container" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:8px;">
<tr>
<td style="background-color:${PRIMARY_COLOUR};padding:20px 32px;border-radius:8px 8px 0 0;font-family:${FONT};font-size:22px;line-height:1.3;font-weight:bold;color:#0f2e1d;">${PROGRAMME_NAME}</td>
</tr>
<tr>
<td class="ep-pad" dir="${dir}" style="padding:32px;font-family:${FONT};font-size:16px;line-height:1.6;color:#1f2937;">
${body}
</td>
</tr>
<tr>
<td dir="${dir}" style="padding:20px 32px;background-color:#f9fafb;border-top:1px solid #e5e7eb;border-radius:0 0 8px 8px;font-family:${FONT};font-size:12px;line-height:1.5;color:#4b5563;">${escapeHtml(footer)}</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`;
}

const TEXT_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: "head", format: "skip" },
    { selector: "img", format: "skip" },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** Plain text of an HTML document (the text part of a mail). */
export function htmlToPlainText(html: string): string {
  return convert(html, TEXT_OPTIONS)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The plain-text part of a wrapped template, still holding its {{ variables }}; null when the
 * conversion changed them (an entity that decodes to braces), so the text is derived per message.
 */
export function textTemplateOf(html: string): string | null {
  const source = parseTemplate(html);
  const text = htmlToPlainText(html);
  const parsed = parseTemplate(text);
  if (!source.ok || !parsed.ok) return null;
  const same =
    parsed.variables.length === source.variables.length &&
    parsed.variables.every((name) => source.variables.includes(name));
  return same ? text : null;
}

/** A template saved: the cleaned body, the layout HTML and text, and the variables in order. */
export interface RenderedTemplate {
  subject: string;
  body: string;
  html: string;
  text: string | null;
  variables: string[];
}

/** Checks, cleans and renders a subject and body the way a save stores them. */
export function renderTemplate(subject: string, body: string, language: string): RenderedTemplate {
  checkTemplate("subject", subject);
  checkTemplate("body", body);
  const clean = sanitizeBody(body);
  // Cleaning can only drop markup, but check again: what is stored must parse.
  checkTemplate("body", clean);
  const html = wrapInLayout(clean, language);
  const variables = templateVariables(subject, clean);
  return { subject, body: clean, html, text: textTemplateOf(html), variables };
}

// ── Filling ────────────────────────────────────────────────────────────────────────────────────

/** A variable whose value becomes the start of a link or image address (href="{{ x }}"). */
const URL_ATTRIBUTE_START = /\b(?:href|src)\s*=\s*["']\s*$/i;

const urlVariablesCache = new WeakMap<Parsed, Set<string>>();

/** Variables of an HTML template that start a link or image address. */
export function urlVariables(parsed: Parsed): Set<string> {
  const cached = urlVariablesCache.get(parsed);
  if (cached) return cached;
  const names = new Set<string>();
  let before = "";
  for (const part of parsed.parts) {
    if ("text" in part) before = (before + part.text).slice(-200);
    else {
      if (URL_ATTRIBUTE_START.test(before)) names.add(part.variable);
      before += "x";
    }
  }
  urlVariablesCache.set(parsed, names);
  return names;
}

/** Where a filled value would run script: an address with a scheme other than http(s), mailto, tel. */
export function unsafeUrlValues(parsed: Parsed, values: Record<string, string>): string[] {
  return [...urlVariables(parsed)].filter((name) => {
    const value = values[name];
    return value !== undefined && !isSafeUrl(value, "link");
  });
}

const literal = (name: string) => `{{ ${name} }}`;

/**
 * Fills a parsed template. `missing` decides what a variable without a value becomes: an error
 * (queueing), or the literal {{ name }} (previews).
 */
function fill(
  parsed: Parsed,
  values: Record<string, string>,
  encode: (value: string) => string,
  options: { missing: "error" | "literal"; urls?: Set<string> },
): string {
  let out = "";
  for (const part of parsed.parts) {
    if ("text" in part) {
      out += part.text;
      continue;
    }
    const value = values[part.variable];
    if (value === undefined) {
      if (options.missing === "error") throw new MissingValuesError([part.variable]);
      out += literal(part.variable);
    } else if (options.urls?.has(part.variable) && !isSafeUrl(value, "link")) {
      // Checked when queued; a value that slipped through still never becomes a script address.
      out += "#";
    } else out += encode(value);
  }
  return out;
}

export class MissingValuesError extends Error {
  constructor(readonly missing: string[]) {
    super(`These variables have no value: ${missing.join(", ")}`);
  }
}

/** The HTML part: values HTML-escaped, link addresses kept to safe schemes. */
export function fillHtml(parsed: Parsed, values: Record<string, string>, missing: "error" | "literal" = "error") {
  return fill(parsed, values, escapeHtml, { missing, urls: urlVariables(parsed) });
}

/** The text part: values as they are. */
export function fillText(parsed: Parsed, values: Record<string, string>, missing: "error" | "literal" = "error") {
  return fill(parsed, values, (value) => value, { missing });
}

/** A subject: values as they are, on one line (line breaks in a value become spaces). */
export function fillSubject(parsed: Parsed, values: Record<string, string>, missing: "error" | "literal" = "error") {
  return fill(parsed, values, (value) => value.replace(/[\r\n]+/g, " "), { missing }).trim();
}

/** Line breaks or other control characters in a value that goes into a subject: a header injection. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Checks the values a message will be filled with before it is queued: every variable has one
 * (422 naming the missing), a value used in the subject is one line (400: header injection), a
 * value that starts a link is a safe address (422).
 */
export function checkValues(
  subject: Parsed,
  html: Parsed,
  values: Record<string, string>,
  options: { field?: string; exempt?: readonly string[]; emptyIsMissing?: boolean } = {},
) {
  const field = options.field ?? "variables";
  const exempt = new Set(options.exempt ?? []);
  const needed = templateVariablesOf(subject, html).filter((name) => !exempt.has(name));
  const missing = needed.filter((name) => {
    const value = values[name];
    return value === undefined || (options.emptyIsMissing === true && value.trim() === "");
  });
  if (missing.length > 0) {
    throw new ApiError(
      422,
      `These variables have no value: ${missing.join(", ")}. Give a value for each of them.`,
      missing.map((name) => ({ field: `${field}.${name}`, message: `Give a value for {{ ${name} }}` })),
    );
  }
  for (const name of subject.variables) {
    const value = values[name];
    if (value !== undefined && CONTROL.test(value)) {
      throw invalidField(
        `${field}.${name}`,
        `The value of {{ ${name} }} goes into the subject and must be one line (no line breaks or control characters)`,
        400,
      );
    }
  }
  const unsafe = unsafeUrlValues(html, values);
  if (unsafe.length > 0) {
    throw new ApiError(
      422,
      `These values are used as link addresses but are not http(s), mailto or tel addresses: ${unsafe.join(", ")}.`,
      unsafe.map((name) => ({ field: `${field}.${name}`, message: "Use an address starting with https://" })),
    );
  }
}

function templateVariablesOf(...parsed: Parsed[]): string[] {
  const names: string[] = [];
  for (const p of parsed) for (const name of p.variables) if (!names.includes(name)) names.push(name);
  return names;
}

// ── Whole messages ─────────────────────────────────────────────────────────────────────────────

/** The stored form of rendered content: subject, HTML and text templates (text may be null). */
export interface ContentTemplates {
  subject: string;
  html: string;
  text: string | null;
}

interface ParsedContent {
  subject: Parsed;
  html: Parsed;
  text: Parsed | null;
}

const parsedCache = new Map<string, ParsedContent>();
const PARSED_CACHE_MAX = 200;

/** Parses stored content once per process (the delivery worker renders a campaign many times). */
export function parsedContent(key: string | null, content: ContentTemplates): ParsedContent {
  const cached = key ? parsedCache.get(key) : undefined;
  if (cached) return cached;
  const parse = (text: string) => {
    const parsed = parseTemplate(text);
    if (!parsed.ok) throw new Error(`stored mail content does not parse: ${parsed.problem.message}`);
    return parsed;
  };
  const result = {
    subject: parse(content.subject),
    html: parse(content.html),
    text: content.text === null ? null : parse(content.text),
  };
  if (key) {
    if (parsedCache.size >= PARSED_CACHE_MAX) parsedCache.delete(parsedCache.keys().next().value ?? "");
    parsedCache.set(key, result);
  }
  return result;
}

export interface MailParts {
  subject: string;
  html: string;
  text: string;
}

/** A message's subject, HTML and text from its content and values ("literal" leaves holes visible). */
export function renderParts(
  content: ParsedContent,
  values: Record<string, string>,
  missing: "error" | "literal" = "error",
): MailParts {
  const html = fillHtml(content.html, values, missing);
  const text = content.text ? fillText(content.text, values, missing) : htmlToPlainText(html);
  return { subject: fillSubject(content.subject, values, missing), html, text };
}

/** Variables of a stored content, in order of first use (subject first). */
export function contentVariables(content: ParsedContent): string[] {
  return templateVariablesOf(content.subject, content.html);
}
