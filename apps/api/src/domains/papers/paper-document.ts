/**
 * The print documents of a paper set in one language: the question paper and its answer key, as
 * HTML for the PDF service (and, through the helpers exported here, as DOCX in paper-docx.ts).
 * A pure module: the export route gathers the frozen set, this lays it out.
 *
 * Rich text (Quill HTML, already in the paper's language) goes through the portal's allow-list
 * sanitiser; formulas are rendered by KaTeX on the server (its CSS inline, its fonts served by the
 * renderer); images come from the document's own map or data URLs, never from the network. Every
 * fixed word comes from the paper's language (@repo/contracts/paper-words, decision 062), and an Urdu
 * paper runs right to left as a whole, formulas still left to right.
 */

import { LANGUAGES, type LanguageCode } from "@repo/contracts/languages";
import {
  counted,
  durationIn,
  fill,
  formatMarks,
  instructionsIn,
  type PaperWords,
  type PrintedText,
  paperWords,
  qualifyingRule,
  sectionTitleIn,
} from "@repo/contracts/paper-words";
import { hasContent } from "@repo/contracts/papers";
import { classLabel } from "@repo/contracts/students-constants";
import { decodeEntities, sanitizeHtml } from "@repo/ui/sanitize";
import katex from "katex";
import {
  cssString,
  escapeHtml,
  fontFaceCss,
  footerBoxesCss,
  katexCss,
  PDF_FONT_STACK,
  type PdfRenderer,
} from "../../kernel/pdf";

export type PaperKind = "paper" | "key";

/** An image a question shows, as bytes (the renderer has no network). */
export interface PaperImage {
  contentType: string;
  bytes: Uint8Array;
}

export interface PaperOption {
  /** "A".."F". */
  key: string;
  /** Rich text (Quill HTML) in the paper's language. */
  html: string;
}

export interface PaperQuestion {
  /** The printed number, continuous across sections. */
  number: number;
  /** Rich text (Quill HTML) in the paper's language. */
  html: string;
  options: PaperOption[];
  /** Keys of the correct options (answer key only). */
  correct: string[];
  /** Rich text, answer key only; may be empty. */
  explanation?: string;
}

export interface PaperSection {
  /** "A", "B". */
  label: string;
  /** E.g. "Section A". */
  title: string;
  marksPerQuestion: number;
  /** 0, or what a wrong answer costs, e.g. 0.5. */
  negativeMarks: number;
  answerRule: "single" | "multiple" | "at_least";
  /** The qualifying rule: this section counts only when section `other` reaches `marks`. */
  qualifying?: { other: string; marks: number };
  questions: PaperQuestion[];
}

export interface PaperDocument {
  /** What the title says, in the paper's language: an exam of a year (a proof says it is a draft), or a bank print. */
  heading: { year: string; draft?: boolean } | { subject: string };
  /** The paper-set code printed on every page, e.g. "L1-VIII-A". */
  code: string;
  examKind: "level1" | "level2" | "mock";
  /** 6..11, printed as VI..XI. */
  classLevel: number;
  language: LanguageCode;
  durationMinutes: number;
  totalMarks: number;
  /** The set's instructions as written (English): the standard ones print in the paper's language. */
  instructions: string[];
  /** Lines after the instructions, already in the paper's language (a proof's notes). */
  proofNotes?: string[];
  /** sha256 hex of the frozen set; its first 12 characters print in the footer. */
  contentHash: string;
  sections: PaperSection[];
  /**
   * The images the rich text refers to, by `src` exactly as written (e.g. "/api/files/12"). An image
   * neither here nor a data URL prints as a visible "image not available" mark, so a proofreader sees it.
   */
  images?: ReadonlyMap<string, PaperImage>;
}

/** KaTeX's options for formulas typed by paper setters: no \href or \htmlClass, bounded expansion. */
const KATEX_OPTIONS = { throwOnError: false, trust: false, strict: "ignore", maxExpand: 500, maxSize: 20 } as const;

/** A formula as KaTeX HTML (needs katexCss() and its fonts, as the PDF renderer serves them). */
export const formulaHtml = (tex: string): string => katex.renderToString(tex, { ...KATEX_OPTIONS, output: "html" });

/** A formula as MathML (for conversion to Word's OMML); null when KaTeX cannot parse it. */
export function formulaMathml(tex: string): string | null {
  const rendered = katex.renderToString(tex, { ...KATEX_OPTIONS, output: "mathml" });
  return /<math[\s\S]*<\/math>/.exec(rendered)?.[0] ?? null;
}

/** The image types both outputs can carry (Word takes no WebP, paper-docx.ts marks those missing). */
export const IMAGE_TYPES: Readonly<Record<string, "png" | "jpg" | "gif" | "bmp" | "webp">> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/gif": "gif",
  "image/bmp": "bmp",
  "image/webp": "webp",
};

/** An image's bytes by its `src` (decoded): from the document's map, else a base64 data URL; null when neither. */
export function paperImage(doc: PaperDocument, src: string): PaperImage | null {
  const mapped = doc.images?.get(src);
  if (mapped) return IMAGE_TYPES[mapped.contentType.toLowerCase()] ? mapped : null;
  const data = /^data:(image\/[a-z]+);base64,([a-z0-9+/=\s]+)$/i.exec(src.trim());
  const contentType = data?.[1]?.toLowerCase();
  if (!contentType || !data?.[2] || !IMAGE_TYPES[contentType]) return null;
  return { contentType, bytes: new Uint8Array(Buffer.from(data[2], "base64")) };
}

/** The language's names and direction; an unknown code prints as itself, left to right. */
export function paperLanguage(code: string): { code: string; name: string; native: string; dir: "ltr" | "rtl" } {
  return LANGUAGES.find((l) => l.code === code) ?? { code, name: code, native: code, dir: "ltr" };
}

export { formatMarks };

/** The paper's words: every fixed text it prints, in its language. */
export const wordsOf = (doc: PaperDocument): PaperWords => paperWords(doc.language);

/** The language as the paper names it: in its own script ("हिन्दी", "اردو", "English"). */
export const languageName = (doc: PaperDocument): string => paperLanguage(doc.language).native;

/** "1 hour 30 minutes", "1 घंटा 30 मिनट". */
export const durationLabel = (doc: PaperDocument): string => durationIn(doc.language, doc.durationMinutes);

/** "2 marks each, −0.5 for a wrong answer, one or more correct answers, all must be marked", in the paper's language. */
export function markingRule(doc: PaperDocument, section: PaperSection): string {
  const words = wordsOf(doc);
  const negative =
    section.negativeMarks > 0 ? fill(words.negative, { marks: formatMarks(section.negativeMarks) }) : words.noNegative;
  return [
    counted(doc.language, words.marksEach, section.marksPerQuestion),
    negative,
    words.answerRules[section.answerRule],
  ].join(words.comma);
}

/** "Level 1 · Question paper", "स्तर 1 · उत्तर कुंजी". */
export const kindLabel = (doc: PaperDocument, kind: PaperKind): string =>
  `${wordsOf(doc).examLevels[doc.examKind]} · ${wordsOf(doc).kind[kind]}`;

/** "Level 1 examination 2026-27", "(DRAFT, not final)" after a proof's; a bank print names its subject. */
export function paperTitle(doc: PaperDocument): string {
  const words = wordsOf(doc);
  const level = words.examLevels[doc.examKind];
  if ("subject" in doc.heading) return `${doc.heading.subject} · ${fill(words.bankTitle, { level })}`;
  // A left-to-right year inside Urdu is isolated, or "2026-27" would show as "27-2026".
  const year = paperLanguage(doc.language).dir === "rtl" ? `\u2066${doc.heading.year}\u2069` : doc.heading.year;
  const title = fill(words.title, { level, year });
  return doc.heading.draft ? `${title} ${words.draft}` : title;
}

/** A section's title: "Section A" in the paper's language, a setter's own title as written. */
export const sectionTitle = (doc: PaperDocument, section: PaperSection): PrintedText =>
  sectionTitleIn(doc.language, section);

/** The qualifying rule under a section's title, in the paper's language. */
export function sectionNote(doc: PaperDocument, section: PaperSection): string | null {
  if (!section.qualifying) return null;
  return qualifyingRule(doc.language, {
    section: sectionTitle(doc, section).text,
    other: section.qualifying.other,
    marks: section.qualifying.marks,
  });
}

/** The instructions a paper prints: the set's in the paper's language, then a proof's notes. */
export const printedInstructions = (doc: PaperDocument): PrintedText[] => [
  ...instructionsIn(doc.language, doc.instructions),
  ...(doc.proofNotes ?? []).map((text) => ({ text, untranslated: false })),
];

/** "Page {page} of {pages}" cut around its two numbers, for footers that fill them in. */
export function pageOfPages(doc: PaperDocument): [string, string, string] {
  const [before = "", between = "", after = ""] = wordsOf(doc).page.split(/\{pages?\}/);
  return [before, between, after];
}

export const shortHash = (doc: PaperDocument): string => doc.contentHash.slice(0, 12);

/** Text, a formula or a picture: the same test the contracts apply when a question is saved. */
export { hasContent };

/**
 * How many columns a question's options take: four when each is a word or a number, two when each
 * fits half a line, else one. Judged on the text (a formula by its TeX, which is longer than it
 * prints, so the guess errs towards fewer columns); an image or a second paragraph means one.
 */
export function optionColumns(options: readonly PaperOption[]): 1 | 2 | 4 {
  let longest = 0;
  for (const option of options) {
    const clean = sanitizeHtml(option.html);
    if (/<img\b/.test(clean) || (clean.match(/<(p|li|div|h[1-6]|blockquote|pre)\b/g)?.length ?? 0) > 1) return 1;
    longest = Math.max(longest, decodeEntities(clean.replace(/<[^>]*>/g, "")).trim().length);
  }
  if (longest <= 12 && options.length <= 4) return 4;
  return longest <= 38 ? 2 : 1;
}

/** Sanitised rich text for print: formulas by KaTeX, images inlined from the map or marked missing, links as text. */
function richHtml(doc: PaperDocument, html: string): string {
  return (
    sanitizeHtml(html, { formula: formulaHtml })
      .replace(/<img\b([^>]*)>/g, (_tag, attributes: string) => {
        const src = decodeEntities(/(?:^|\s)src="([^"]*)"/.exec(attributes)?.[1] ?? "");
        const image = src ? paperImage(doc, src) : null;
        if (!image) return `<span class="missing-image">${escapeHtml(wordsOf(doc).imageMissing)}</span>`;
        const data = `data:${image.contentType};base64,${Buffer.from(image.bytes).toString("base64")}`;
        // The other attributes (alt, width, height) were written by the sanitiser: keep them.
        return `<img src="${data}"${attributes.replace(/(?:^|\s)src="[^"]*"/, "")}>`;
      })
      // A printed link leads nowhere; its address is not printed either.
      .replace(/<a\b[^>]*>/g, "<span>")
      .replace(/<\/a>/g, "</span>")
  );
}

/** A fixed word of the paper's language: it runs with the page. */
const label = (text: string) => escapeHtml(text);

/**
 * Plain text typed by people (a title, an instruction), in any script: an inline isolate takes its
 * direction from its own letters, while the block around it stays aligned with the page.
 */
const typed = (text: string) => `<span dir="auto">${escapeHtml(text)}</span>`;

/** A number that reads "12." on either side of a right-to-left page. */
const numbered = (n: number | string) => `<span dir="ltr">${escapeHtml(n)}.</span>`;

/** A set's own text; one still in English on a paper in another language says so (a proof only, decision 062). */
const printed = (doc: PaperDocument, line: PrintedText) =>
  `${typed(line.text)}${line.untranslated ? ` <span class="untranslated">${escapeHtml(wordsOf(doc).untranslated)}</span>` : ""}`;

function headerHtml(doc: PaperDocument, kind: PaperKind): string {
  const words = wordsOf(doc);
  const facts: [string, string][] = [
    [words.class, `<span dir="ltr">${escapeHtml(classLabel(doc.classLevel))}</span>`],
    [words.language, label(languageName(doc))],
    [words.timeAllowed, label(durationLabel(doc))],
    [words.maximumMarks, `<span dir="ltr">${escapeHtml(formatMarks(doc.totalMarks))}</span>`],
  ];
  const candidate =
    kind === "paper"
      ? `<div class="candidate">
  <div class="roll"><span class="field-label">${label(words.rollNumber)}</span><span class="boxes" dir="ltr">${'<span class="box"></span>'.repeat(10)}</span></div>
  <div class="name"><span class="field-label">${label(words.candidateName)}</span><span class="line"></span></div>
</div>`
      : "";
  return `<header class="head">
<div class="head-top">
  <div class="head-title"><p class="kind">${label(kindLabel(doc, kind))}</p><h1>${typed(paperTitle(doc))}</h1></div>
  <div class="code"><span class="code-label">${label(words.paperCode)}</span><strong dir="ltr">${escapeHtml(doc.code)}</strong></div>
</div>
<dl class="facts">${facts.map(([name, value]) => `<div><dt>${label(name)}</dt><dd>${value}</dd></div>`).join("")}</dl>
${candidate}
</header>`;
}

function sectionHead(doc: PaperDocument, section: PaperSection): string {
  const note = sectionNote(doc, section);
  return `<div class="section-head"><h2>${printed(doc, sectionTitle(doc, section))}</h2><p class="rule">${label(markingRule(doc, section))}</p>${
    note ? `<p class="note">${typed(note)}</p>` : ""
  }</div>`;
}

function paperBody(doc: PaperDocument): string {
  const lines = printedInstructions(doc);
  const instructions = lines.length
    ? `<section class="instructions"><h2>${label(wordsOf(doc).instructions)}</h2><ol>${lines
        .map((line, i) => `<li><span class="ino">${numbered(i + 1)}</span>${printed(doc, line)}</li>`)
        .join("")}</ol></section>`
    : "";
  const sections = doc.sections
    .map((section) => {
      const questions = section.questions
        .map((question) => {
          const columns = optionColumns(question.options);
          const options = question.options
            .map(
              (option) =>
                `<li><span class="okey" dir="ltr">(${escapeHtml(option.key)})</span><div class="rich">${richHtml(doc, option.html)}</div></li>`,
            )
            .join("");
          return `<li class="question"><span class="qno">${numbered(question.number)}</span><div class="stem rich">${richHtml(
            doc,
            question.html,
          )}</div><ol class="options cols-${columns}">${options}</ol></li>`;
        })
        .join("\n");
      return `<section class="section">${sectionHead(doc, section)}<ol class="questions">${questions}</ol></section>`;
    })
    .join("\n");
  return `${instructions}\n${sections}`;
}

/** "Q 2 · Answer A, C" in the paper's language. */
export const explanationHead = (doc: PaperDocument, q: PaperQuestion): string =>
  fill(wordsOf(doc).explanationHead, { number: q.number, answer: q.correct.join(", ") });

/** Answers per row of the key's table: five question/answer pairs fit an A4 line. */
const KEY_PAIRS = 5;

function keyBody(doc: PaperDocument): string {
  const words = wordsOf(doc);
  const tables = doc.sections
    .map((section) => {
      const rows: string[] = [];
      for (let i = 0; i < section.questions.length; i += KEY_PAIRS) {
        const cells = section.questions
          .slice(i, i + KEY_PAIRS)
          .map((q) => `<th>${escapeHtml(q.number)}</th><td dir="ltr">${escapeHtml(q.correct.join(", "))}</td>`);
        while (cells.length < KEY_PAIRS) cells.push("<th></th><td></td>");
        rows.push(`<tr>${cells.join("")}</tr>`);
      }
      const head = `<tr>${`<th scope="col">${label(words.keyQuestion)}</th><th scope="col">${label(words.keyAnswer)}</th>`.repeat(KEY_PAIRS)}</tr>`;
      return `<section class="section">${sectionHead(doc, section)}<table class="key-table"><thead>${head}</thead><tbody>${rows.join("")}</tbody></table></section>`;
    })
    .join("\n");
  const explained = doc.sections.flatMap((section) =>
    section.questions.flatMap((q) => {
      const html = q.explanation ? richHtml(doc, q.explanation) : "";
      return hasContent(html)
        ? [
            `<div class="explanation"><p class="explanation-head">${label(explanationHead(doc, q))}</p><div class="rich">${html}</div></div>`,
          ]
        : [];
    }),
  );
  const explanations = explained.length
    ? `<section class="explanations"><h2>${label(words.explanations)}</h2>${explained.join("\n")}</section>`
    : "";
  return `${tables}\n${explanations}`;
}

const STYLES = `
@page { size: A4; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: ${PDF_FONT_STACK}; font-size: 11pt; line-height: 1.45; color: #000; }
html[lang="ur"] body { font-size: 12pt; line-height: 1.85; }
h1, h2, p { margin: 0; }
.head { border: 1.2pt solid #000; padding: 3mm 4mm; margin-bottom: 5mm; }
.head-top { display: flex; justify-content: space-between; align-items: flex-start; gap: 6mm; }
.kind { font-size: 9pt; letter-spacing: 0.04em; text-transform: uppercase; color: #333; }
h1 { font-size: 16pt; font-weight: 600; line-height: 1.3; }
.code { text-align: center; border: 1pt solid #000; padding: 1mm 3mm; white-space: nowrap; }
.code-label { display: block; font-size: 8pt; color: #333; }
.code strong { font-size: 13pt; font-weight: 600; }
.facts { display: flex; flex-wrap: wrap; gap: 1mm 6mm; margin: 2.5mm 0 0; padding-top: 2mm; border-top: 0.6pt solid #000; }
.facts div { display: flex; gap: 2mm; }
.facts dt { color: #333; }
.facts dd { margin: 0; font-weight: 600; }
.candidate { margin-top: 3mm; padding-top: 2.5mm; border-top: 0.6pt solid #000; display: flex; flex-wrap: wrap; gap: 3mm 8mm; align-items: center; }
.roll, .name { display: flex; align-items: center; gap: 3mm; }
.name { flex: 1; min-width: 70mm; }
.boxes { display: inline-flex; }
.box { display: inline-block; width: 7.5mm; height: 9mm; border: 0.8pt solid #000; }
.box + .box { border-left: none; }
.line { flex: 1; height: 9mm; border: 0.8pt solid #000; }
.instructions { margin-bottom: 4mm; }
.instructions h2, .explanations h2 { font-size: 11.5pt; font-weight: 600; margin-bottom: 1mm; }
.instructions ol { list-style: none; margin: 0; padding: 0; }
.instructions li { position: relative; padding-inline-start: 6mm; }
.ino { position: absolute; inset-inline-start: 0; }
.section { margin-top: 4mm; }
.section-head { break-inside: avoid; break-after: avoid; border-bottom: 0.8pt solid #000; padding-bottom: 1mm; margin-bottom: 2.5mm; }
.section-head h2 { font-size: 13pt; font-weight: 600; }
.rule { font-size: 9.5pt; font-style: italic; }
.note { font-size: 9.5pt; }
ol.questions { list-style: none; margin: 0; padding: 0; }
.question { position: relative; padding-inline-start: 9mm; margin-bottom: 4mm; break-inside: avoid; }
.qno { position: absolute; inset-inline-start: 0; top: 0; font-weight: 600; }
ol.options { list-style: none; margin: 1.5mm 0 0; padding: 0; display: grid; gap: 1.2mm 5mm; }
ol.options.cols-1 { grid-template-columns: 1fr; }
ol.options.cols-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
ol.options.cols-4 { grid-template-columns: repeat(4, minmax(0, 1fr)); }
ol.options > li { display: flex; gap: 2mm; align-items: baseline; min-width: 0; }
.okey { flex: none; font-weight: 600; }
.rich { min-width: 0; overflow-wrap: anywhere; }
.rich p { margin: 0 0 1mm; }
.rich p:last-child { margin-bottom: 0; }
.rich ol, .rich ul { margin: 0.5mm 0 1mm; padding-inline-start: 6mm; }
.rich li[data-list="bullet"] { list-style-type: disc; }
.rich li[data-list="ordered"] { list-style-type: decimal; }
.rich .ql-ui { display: none; }
.rich img { max-width: 100%; max-height: 85mm; height: auto; vertical-align: middle; }
.rich pre, .rich code { font-family: monospace; white-space: pre-wrap; }
.rich .ql-align-center { text-align: center; }
.rich .ql-align-right { text-align: right; }
.rich .ql-align-justify { text-align: justify; }
.rich .ql-indent-1 { padding-inline-start: 6mm; }
.rich .ql-indent-2 { padding-inline-start: 12mm; }
.rich .ql-indent-3 { padding-inline-start: 18mm; }
.ql-formula { direction: ltr; unicode-bidi: isolate; }
.untranslated { font-size: 9pt; font-style: italic; }
.missing-image { display: inline-block; border: 0.8pt dashed #000; padding: 0 2mm; font-size: 9pt; }
.key-table { width: 100%; border-collapse: collapse; break-inside: auto; }
.key-table th, .key-table td { border: 0.6pt solid #000; padding: 0.8mm 2mm; text-align: center; }
.key-table thead th { font-size: 9pt; background: #eee; }
.key-table tbody th { font-weight: 400; width: 9%; }
.key-table td { font-weight: 600; width: 11%; }
.key-table tr { break-inside: avoid; }
.explanations { margin-top: 5mm; }
.explanation { break-inside: avoid; margin-bottom: 3mm; }
.explanation-head { font-weight: 600; }
`;

/**
 * The whole document for the PDF service. `fontCss` is the renderer's @font-face rules
 * (fontFaceCss()); without it the document names the Noto families but carries no fonts.
 */
export function paperHtml(doc: PaperDocument, kind: PaperKind, fontCss = ""): string {
  const language = paperLanguage(doc.language);
  const title = `${doc.code} · ${wordsOf(doc).kind[kind]}`;
  return `<!doctype html>
<html lang="${escapeHtml(language.code)}" dir="${language.dir}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${fontCss}
${katexCss()}
${STYLES}
${paperFooterCss(doc, kind)}</style></head>
<body>
${headerHtml(doc, kind)}
<main>${kind === "paper" ? paperBody(doc) : keyBody(doc)}</main>
</body></html>`;
}

/**
 * The footer on every page: the paper code, "Page X of Y" in the paper's language and the short
 * content hash (so a stray page can be matched to its set and version). The page draws it itself
 * (footerBoxesCss), in the Noto fonts of its body: a footer template would embed a system font.
 */
export function paperFooterCss(doc: PaperDocument, kind: PaperKind): string {
  const code = `${doc.code}${kind === "key" ? ` · ${wordsOf(doc).kind.key}` : ""}`;
  const [before, between, after] = pageOfPages(doc);
  return `${footerBoxesCss(
    {
      left: cssString(code),
      center: `${cssString(before)} counter(page) ${cssString(between)} counter(pages) ${cssString(after)}`,
    },
    "font-size: 9pt; color: #222; vertical-align: middle;",
  )}
@page { @bottom-right { content: ${cssString(shortHash(doc))}; font-family: ${PDF_FONT_STACK}; font-size: 7pt; color: #555; vertical-align: middle; } }`;
}

/** The question paper or the answer key as a print-ready A4 PDF. */
export async function renderPaperPdf(renderer: PdfRenderer, doc: PaperDocument, kind: PaperKind): Promise<Uint8Array> {
  return renderer.render(paperHtml(doc, kind, await fontFaceCss()), {
    format: "A4",
    margin: { top: "14mm", right: "14mm", bottom: "18mm", left: "14mm" },
  });
}
