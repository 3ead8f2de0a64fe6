/**
 * The question paper or answer key of a paper set as a Word document (DOCX), with the same content
 * as the PDF (paper-document.ts): header, roll-number boxes, instructions, sections with their
 * marking rule, questions with options in columns when short, the key's table and explanations.
 *
 * Rich text is sanitised by the same allow-list, then walked into Word paragraphs and runs; formulas
 * become real Word equations (TeX → MathML by KaTeX → OMML by mathml2omml), falling back to their
 * TeX in a monospace run when a formula cannot be converted. An Urdu document's paragraphs run right
 * to left. Every fixed word comes from the paper's language, as in the PDF (decision 062).
 */

import type { PrintedText } from "@repo/contracts/paper-words";
import { classLabel } from "@repo/contracts/students-constants";
import { decodeEntities, sanitizeHtml } from "@repo/ui/sanitize";
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  ImageRun,
  ImportedXmlComponent,
  type IParagraphOptions,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type XmlComponent,
} from "docx";
import { mml2omml } from "mathml2omml";
import {
  durationLabel,
  explanationHead,
  formatMarks,
  formulaMathml,
  hasContent,
  IMAGE_TYPES,
  kindLabel,
  languageName,
  markingRule,
  optionColumns,
  type PaperDocument,
  type PaperKind,
  type PaperOption,
  type PaperQuestion,
  type PaperSection,
  pageOfPages,
  paperImage,
  paperLanguage,
  paperTitle,
  printedInstructions,
  sectionNote,
  sectionTitle,
  shortHash,
  wordsOf,
} from "./paper-document";

/** A4 in twips, 14 mm margins: the text is 10,318 twips (182 mm) wide. */
const PAGE = { width: 11906, height: 16838, margin: 794 } as const;
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where a question's text starts, after its number (8 mm). */
const QUESTION_INDENT = 454;
/** Where an option's text starts after its key in one column (7 mm). */
const OPTION_INDENT = 397;
/** Images at most this many pixels (96 to the inch): the text width, and 85 mm high as in the PDF. */
const IMAGE_MAX = { width: 640, height: 320 } as const;
const MONO = "Courier New";
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/** Left-to-right marks around a number or key keep "12." and "(A)" in order inside a right-to-left paragraph. */
const LRM = "\u200e";

/** A paragraph that also takes raw OMML equations among its runs (docx's own children union has no such type). */
class RichParagraph extends Paragraph {
  constructor(options: IParagraphOptions, parts: readonly XmlComponent[]) {
    super(options);
    for (const part of parts) this.root.push(part);
  }
}

interface Style {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  subScript?: boolean;
  superScript?: boolean;
  code?: boolean;
}

type Inline =
  | { kind: "text"; text: string; style: Style }
  | { kind: "break" }
  | { kind: "math"; tex: string }
  | { kind: "image"; src: string; width?: number; height?: number };

interface Block {
  inlines: Inline[];
  /** "•", "3." for list items. */
  marker?: string;
  /** Nesting (lists, Quill's ql-indent-N), in steps of 6 mm. */
  level: number;
  align?: "center" | "right" | "justify";
}

const BLOCK_TAGS = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "li"]);
const STYLE_TAGS: Readonly<Record<string, Style>> = {
  strong: { bold: true },
  b: { bold: true },
  em: { italics: true },
  i: { italics: true },
  u: { underline: true },
  s: { strike: true },
  strike: { strike: true },
  sub: { subScript: true },
  sup: { superScript: true },
  code: { code: true },
};
const LIST_MARKERS: Readonly<Record<string, string>> = { bullet: "•", checked: "☑", unchecked: "☐" };

const attributesOf = (source: string): Map<string, string> =>
  new Map([...source.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1] ?? "", decodeEntities(m[2] ?? "")]));

/**
 * Rich text as blocks of inline pieces. It walks the sanitiser's output, which is well formed: only
 * allowed tags, attributes as name="value", every tag closed; formulas are left as their TeX.
 */
function blocksOf(html: string): Block[] {
  const clean = sanitizeHtml(html, { formula: () => "" });
  const blocks: Block[] = [];
  const styles: { tag: string; style: Style }[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  let current: Block | null = null;
  let pre = 0;
  const flush = () => {
    if (current && current.inlines.length > 0) blocks.push(current);
    current = null;
  };
  const block = (): Block => {
    current ??= { inlines: [], level: lists.length };
    return current;
  };
  const style = (): Style => Object.assign({}, ...styles.map((s) => s.style));

  for (const [, closing, tag, attributes = "", text] of clean.matchAll(/<(\/?)([a-z][a-z0-9]*)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) {
      const value = decodeEntities(text).replace(/\ufeff/g, "");
      const collapsed = pre > 0 ? value : value.replace(/\s+/g, " ");
      if (collapsed) block().inlines.push({ kind: "text", text: collapsed, style: style() });
      continue;
    }
    if (!tag) continue;
    if (closing) {
      if (BLOCK_TAGS.has(tag)) {
        flush();
        if (tag === "pre") pre -= 1;
      } else if (tag === "ol" || tag === "ul") {
        flush();
        lists.pop();
      } else {
        const index = styles.map((s) => s.tag).lastIndexOf(tag);
        if (index !== -1) styles.splice(index, 1);
      }
      continue;
    }
    const attrs = attributesOf(attributes);
    if (BLOCK_TAGS.has(tag)) {
      flush();
      const classes = attrs.get("class") ?? "";
      const indent = Number(/ql-indent-(\d)/.exec(classes)?.[1] ?? 0);
      const align = /ql-align-(center|right|justify)/.exec(classes)?.[1] as Block["align"];
      let marker: string | undefined;
      if (tag === "li") {
        const list = lists.at(-1);
        const kind = attrs.get("data-list") ?? (list?.ordered ? "ordered" : "bullet");
        if (kind === "ordered" && list) list.count += 1;
        marker = kind === "ordered" ? `${list?.count ?? 1}.` : (LIST_MARKERS[kind] ?? "•");
      }
      current = { inlines: [], level: lists.length + indent, marker, align };
      if (tag === "pre") pre += 1;
      if (/^h[1-6]$/.test(tag)) styles.push({ tag, style: { bold: true } });
    } else if (tag === "ol" || tag === "ul") {
      flush();
      lists.push({ ordered: tag === "ol", count: 0 });
    } else if (tag === "br") {
      block().inlines.push({ kind: "break" });
    } else if (tag === "img") {
      const size = (name: string) => {
        const value = Number(attrs.get(name));
        return Number.isFinite(value) && value > 0 ? value : undefined;
      };
      block().inlines.push({
        kind: "image",
        src: attrs.get("src") ?? "",
        width: size("width"),
        height: size("height"),
      });
    } else if (tag === "span" && /\bql-formula\b/.test(attrs.get("class") ?? "")) {
      block().inlines.push({ kind: "math", tex: attrs.get("data-value") ?? "" });
      // The span closes right after (the formula option rendered it empty); its close pops this no-op.
      styles.push({ tag, style: {} });
    } else {
      styles.push({ tag, style: STYLE_TAGS[tag] ?? {} });
    }
  }
  flush();
  // HTML drops a block's leading and trailing spaces; so does Word's layout of these runs.
  for (const { inlines } of blocks) {
    const first = inlines[0];
    const last = inlines.at(-1);
    if (first?.kind === "text") first.text = first.text.trimStart();
    if (last?.kind === "text") last.text = last.text.trimEnd();
  }
  return blocks;
}

/** The pixel size of a PNG, GIF, BMP or JPEG from its header; null when it cannot be read. */
export function imageSize(bytes: Uint8Array, type: string): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (type === "png") return { width: view.getUint32(16), height: view.getUint32(20) };
    if (type === "gif") return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    if (type === "bmp") return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
    if (type === "jpg") {
      let offset = 2;
      while (offset + 9 < bytes.length) {
        if (bytes[offset] !== 0xff) return null;
        const marker = bytes[offset + 1] ?? 0;
        // Start-of-frame markers (not DHT C4, JPG C8, DAC CC) carry the size.
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
        }
        offset += 2 + view.getUint16(offset + 2);
      }
    }
  } catch {
    // A header shorter than it says: no size.
  }
  return null;
}

/** What a run needs to know about the document it is in. */
interface Context {
  doc: PaperDocument;
  rtl: boolean;
  /** e.g. "hi-IN": Word's proofing language for the content. */
  locale: string;
}

/** A formula as a Word equation, or its TeX in a monospace run when KaTeX or the converter cannot make one. */
function mathPart(tex: string): XmlComponent {
  const mathml = formulaMathml(tex);
  if (mathml) {
    try {
      const omml = mml2omml(mathml.replace(/<annotation[\s\S]*?<\/annotation>/g, ""), { disableDecode: true })
        // The converter writes some properties Word rejects: an undefined style and an empty run property set.
        .replace(/<m:[a-zA-Z]+ m:val="undefined"\/>/g, "")
        .replace(/<w:rPr\/>/g, "");
      if (omml.startsWith("<m:oMath")) return ImportedXmlComponent.fromXmlString(omml);
    } catch {
      // Fall through to the TeX source.
    }
  }
  return new TextRun({ text: tex, font: MONO });
}

function imagePart(ctx: Context, inline: Extract<Inline, { kind: "image" }>): XmlComponent {
  const image = inline.src ? paperImage(ctx.doc, inline.src) : null;
  const type = image ? IMAGE_TYPES[image.contentType.toLowerCase()] : undefined;
  const natural = image && type && type !== "webp" ? imageSize(image.bytes, type) : null;
  if (!image || !type || type === "webp" || !natural) {
    return new TextRun({ text: wordsOf(ctx.doc).imageMissing, italics: true });
  }
  let width = inline.width ?? natural.width;
  let height = inline.height ?? (inline.width ? (natural.height * inline.width) / natural.width : natural.height);
  const scale = Math.min(1, IMAGE_MAX.width / width, IMAGE_MAX.height / height);
  width = Math.max(1, Math.round(width * scale));
  height = Math.max(1, Math.round(height * scale));
  return new ImageRun({ type, data: image.bytes, transformation: { width, height } });
}

/** The runs of some inline pieces (text, breaks, equations, images). */
function parts(ctx: Context, inlines: readonly Inline[]): XmlComponent[] {
  return inlines.map((inline) => {
    if (inline.kind === "break") return new TextRun({ break: 1 });
    if (inline.kind === "math") return mathPart(inline.tex);
    if (inline.kind === "image") return imagePart(ctx, inline);
    const { style } = inline;
    const rtl = ARABIC_SCRIPT.test(inline.text);
    return new TextRun({
      text: inline.text,
      bold: style.bold,
      italics: style.italics,
      underline: style.underline ? {} : undefined,
      strike: style.strike,
      subScript: style.subScript,
      superScript: style.superScript,
      font: style.code ? MONO : undefined,
      rightToLeft: rtl || undefined,
      language: rtl ? { bidirectional: ctx.locale } : { value: ctx.locale },
    });
  });
}

/** A fixed word of the paper's language (a code or number in it stays left to right). */
const labelRun = (
  ctx: Context,
  text: string,
  options: { bold?: boolean; size?: number; color?: string; italics?: boolean } = {},
) => typedRun(ctx, text, options);

/** A paragraph of fixed words: it runs with the document. */
const labelParagraph = (ctx: Context, runs: readonly XmlComponent[], options: IParagraphOptions = {}) =>
  new RichParagraph(content(ctx, options), runs);

/**
 * Plain text someone typed, in any script. Left-to-right text in a right-to-left paragraph is held
 * between marks, or its end punctuation would move to the start ("begin." printed ".begin").
 */
const typedRun = (
  ctx: Context,
  text: string,
  options: { bold?: boolean; size?: number; color?: string; italics?: boolean } = {},
) => {
  const rtl = ARABIC_SCRIPT.test(text);
  return new TextRun({
    text: ctx.rtl && !rtl ? `${LRM}${text}${LRM}` : text,
    rightToLeft: rtl || undefined,
    ...options,
  });
};

/** Paragraph options for content: right to left in an Urdu document. */
const content = (ctx: Context, options: IParagraphOptions = {}): IParagraphOptions => ({
  ...options,
  bidirectional: ctx.rtl || undefined,
});

const thin = { style: BorderStyle.SINGLE, size: 6, color: "000000" } as const;
const allBorders = { top: thin, bottom: thin, left: thin, right: thin } as const;

function headerBlock(ctx: Context, kind: PaperKind): (Paragraph | Table)[] {
  const { doc } = ctx;
  const words = wordsOf(doc);
  const facts = [
    [words.class, classLabel(doc.classLevel)],
    [words.language, languageName(doc)],
    [words.timeAllowed, durationLabel(doc)],
    [words.maximumMarks, formatMarks(doc.totalMarks)],
  ] as const;
  const out: (Paragraph | Table)[] = [
    labelParagraph(ctx, [labelRun(ctx, kindLabel(doc, kind).toUpperCase(), { size: 17, color: "444444" })]),
    new RichParagraph(content(ctx, { spacing: { after: 60 } }), [
      typedRun(ctx, paperTitle(doc), { bold: true, size: 32 }),
    ]),
    labelParagraph(ctx, [labelRun(ctx, `${words.paperCode}  `), labelRun(ctx, doc.code, { bold: true, size: 26 })], {
      spacing: { after: 60 },
    }),
    labelParagraph(
      ctx,
      facts.flatMap(([name, value], i) => [
        labelRun(ctx, `${i > 0 ? "     " : ""}${name}  `, { color: "444444" }),
        labelRun(ctx, value, { bold: true }),
      ]),
      {
        border: { top: { ...thin, space: 4 }, bottom: { ...thin, space: 4 } },
        spacing: { before: 60, after: 160 },
      },
    ),
  ];
  if (kind === "paper") {
    const box = 454;
    const labelWidth = 2400;
    const cell = (children: Paragraph[], width: number, columnSpan?: number) =>
      new TableCell({
        children,
        width: { size: width, type: WidthType.DXA },
        columnSpan,
        borders: allBorders,
        margins: { top: 60, bottom: 60, left: 80, right: 80 },
      });
    const labelCell = (text: string) =>
      new TableCell({
        children: [labelParagraph(ctx, [labelRun(ctx, text)])],
        width: { size: labelWidth, type: WidthType.DXA },
        margins: { top: 60, bottom: 60, left: 0, right: 120 },
      });
    const empty = () => new Paragraph({ children: [new TextRun({ text: "", size: 28 })] });
    out.push(
      new Table({
        columnWidths: [labelWidth, ...Array<number>(10).fill(box)],
        width: { size: labelWidth + 10 * box, type: WidthType.DXA },
        visuallyRightToLeft: ctx.rtl || undefined,
        borders: {
          top: { style: BorderStyle.NONE },
          bottom: { style: BorderStyle.NONE },
          left: { style: BorderStyle.NONE },
          right: { style: BorderStyle.NONE },
          insideHorizontal: { style: BorderStyle.NONE },
          insideVertical: { style: BorderStyle.NONE },
        },
        rows: [
          new TableRow({
            children: [labelCell(words.rollNumber), ...Array.from({ length: 10 }, () => cell([empty()], box))],
          }),
          new TableRow({ children: [labelCell(words.candidateName), cell([empty()], 10 * box, 10)] }),
        ],
      }),
      new Paragraph({ spacing: { after: 120 } }),
    );
  }
  return out;
}

/** A set's own text, and after one still in English on a paper in another language, a note saying so. */
const printedRuns = (ctx: Context, line: PrintedText, options: { bold?: boolean; size?: number } = {}) => [
  typedRun(ctx, line.text, options),
  ...(line.untranslated ? [typedRun(ctx, ` ${wordsOf(ctx.doc).untranslated}`, { italics: true, size: 18 })] : []),
];

function sectionHeadBlock(ctx: Context, section: PaperSection): Paragraph[] {
  const note = sectionNote(ctx.doc, section);
  return [
    new RichParagraph(
      content(ctx, { keepNext: true, spacing: { before: 240, after: 40 } }),
      printedRuns(ctx, sectionTitle(ctx.doc, section), { bold: true, size: 26 }),
    ),
    labelParagraph(ctx, [labelRun(ctx, markingRule(ctx.doc, section), { italics: true, size: 19 })], {
      keepNext: true,
      spacing: { after: note ? 0 : 120 },
      ...(note ? {} : { border: { bottom: { ...thin, space: 2 } } }),
    }),
    ...(note
      ? [
          new RichParagraph(
            content(ctx, { keepNext: true, spacing: { after: 120 }, border: { bottom: { ...thin, space: 2 } } }),
            [typedRun(ctx, note, { size: 19 })],
          ),
        ]
      : []),
  ];
}

/** An option's content on one line (for options in columns, which are short and of one paragraph). */
const optionInlines = (option: PaperOption): Inline[] =>
  blocksOf(option.html).flatMap((block, i) =>
    i === 0 ? block.inlines : [{ kind: "text", text: " ", style: {} } as const, ...block.inlines],
  );

function questionBlock(ctx: Context, question: PaperQuestion): Paragraph[] {
  // Paragraph options are settled before each paragraph is made (keep-with-next depends on the count).
  const specs: { options: IParagraphOptions; parts: XmlComponent[] }[] = [];
  const number = ctx.rtl ? `${LRM}${question.number}.${LRM}` : `${question.number}.`;
  const key = (option: PaperOption) =>
    new TextRun({ text: ctx.rtl ? `${LRM}(${option.key})${LRM}` : `(${option.key})`, bold: true });
  const tab = () => new TextRun({ children: [new Tab()] });
  const stem = blocksOf(question.html);
  (stem.length ? stem : [{ inlines: [], level: 0 }]).forEach((block, i) => {
    specs.push({
      options: {
        indent: { start: QUESTION_INDENT + block.level * 340, hanging: i === 0 ? QUESTION_INDENT : undefined },
        tabStops: [{ type: TabStopType.LEFT, position: QUESTION_INDENT }],
        alignment: blockAlignment(block),
      },
      parts: [
        ...(i === 0 ? [new TextRun({ text: number, bold: true }), tab()] : []),
        ...(block.marker ? [new TextRun(`${block.marker} `)] : []),
        ...parts(ctx, block.inlines),
      ],
    });
  });
  const columns = optionColumns(question.options);
  if (columns > 1) {
    const step = (TEXT_WIDTH - QUESTION_INDENT) / columns;
    for (let i = 0; i < question.options.length; i += columns) {
      specs.push({
        options: {
          indent: { start: QUESTION_INDENT },
          tabStops: Array.from({ length: columns - 1 }, (_, c) => ({
            type: TabStopType.LEFT,
            position: Math.round(QUESTION_INDENT + step * (c + 1)),
          })),
        },
        parts: question.options
          .slice(i, i + columns)
          .flatMap((option, c) => [
            ...(c > 0 ? [tab()] : []),
            key(option),
            new TextRun(" "),
            ...parts(ctx, optionInlines(option)),
          ]),
      });
    }
  } else {
    for (const option of question.options) {
      const blocks = blocksOf(option.html);
      (blocks.length ? blocks : [{ inlines: [], level: 0 }]).forEach((block, i) => {
        const start = QUESTION_INDENT + OPTION_INDENT + block.level * 340;
        specs.push({
          options: {
            indent: { start, hanging: i === 0 ? OPTION_INDENT : undefined },
            tabStops: [{ type: TabStopType.LEFT, position: start }],
            alignment: blockAlignment(block),
          },
          parts: [
            ...(i === 0 ? [key(option), tab()] : []),
            ...(block.marker ? [new TextRun(`${block.marker} `)] : []),
            ...parts(ctx, block.inlines),
          ],
        });
      });
    }
  }
  // A question is not split across pages: each paragraph keeps with the next, the last ends the group.
  return specs.map(
    ({ options, parts: runs }, i) =>
      new RichParagraph(
        content(ctx, {
          ...options,
          keepLines: true,
          keepNext: i < specs.length - 1,
          spacing: { after: i === specs.length - 1 ? 200 : 40 },
        }),
        runs,
      ),
  );
}

function blockAlignment(block: Block): IParagraphOptions["alignment"] {
  if (block.align === "center") return AlignmentType.CENTER;
  if (block.align === "right") return AlignmentType.RIGHT;
  if (block.align === "justify") return AlignmentType.JUSTIFIED;
  return undefined;
}

function paperBody(ctx: Context): Paragraph[] {
  const out: Paragraph[] = [];
  const lines = printedInstructions(ctx.doc);
  if (lines.length) {
    out.push(
      labelParagraph(ctx, [labelRun(ctx, wordsOf(ctx.doc).instructions, { bold: true })], { spacing: { after: 40 } }),
    );
    lines.forEach((line, i) => {
      out.push(
        new RichParagraph(
          content(ctx, {
            indent: { start: 340, hanging: 340 },
            tabStops: [{ type: TabStopType.LEFT, position: 340 }],
            spacing: { after: 20 },
          }),
          [
            new TextRun(ctx.rtl ? `${LRM}${i + 1}.${LRM}` : `${i + 1}.`),
            new TextRun({ children: [new Tab()] }),
            ...printedRuns(ctx, line),
          ],
        ),
      );
    });
  }
  for (const section of ctx.doc.sections) {
    out.push(...sectionHeadBlock(ctx, section));
    for (const question of section.questions) out.push(...questionBlock(ctx, question));
  }
  return out;
}

const KEY_PAIRS = 5;

function keyBody(ctx: Context): (Paragraph | Table)[] {
  const words = wordsOf(ctx.doc);
  const out: (Paragraph | Table)[] = [];
  const numberWidth = Math.floor((TEXT_WIDTH / KEY_PAIRS) * 0.45);
  const answerWidth = Math.floor(TEXT_WIDTH / KEY_PAIRS) - numberWidth;
  const cell = (text: string, width: number, options: { bold?: boolean; head?: boolean } = {}) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      borders: allBorders,
      shading: options.head ? { type: ShadingType.CLEAR, fill: "EEEEEE", color: "auto" } : undefined,
      children: [
        new Paragraph({
          alignment: AlignmentType.CENTER,
          children: [new TextRun({ text, bold: options.bold, size: options.head ? 18 : 22 })],
        }),
      ],
    });
  for (const section of ctx.doc.sections) {
    out.push(...sectionHeadBlock(ctx, section));
    const rows = [
      new TableRow({
        tableHeader: true,
        children: Array.from({ length: KEY_PAIRS }, () => [
          cell(words.keyQuestion, numberWidth, { head: true }),
          cell(words.keyAnswer, answerWidth, { head: true }),
        ]).flat(),
      }),
    ];
    for (let i = 0; i < section.questions.length; i += KEY_PAIRS) {
      const slice = section.questions.slice(i, i + KEY_PAIRS);
      rows.push(
        new TableRow({
          cantSplit: true,
          children: Array.from({ length: KEY_PAIRS }, (_, j) => {
            const q = slice[j];
            return [
              cell(q ? String(q.number) : "", numberWidth),
              cell(q ? q.correct.join(", ") : "", answerWidth, { bold: true }),
            ];
          }).flat(),
        }),
      );
    }
    out.push(
      new Table({
        rows,
        columnWidths: Array.from({ length: KEY_PAIRS }, () => [numberWidth, answerWidth]).flat(),
        width: { size: KEY_PAIRS * (numberWidth + answerWidth), type: WidthType.DXA },
        visuallyRightToLeft: ctx.rtl || undefined,
      }),
    );
  }
  const explained = ctx.doc.sections.flatMap((section) =>
    section.questions.filter((q) => q.explanation && hasContent(sanitizeHtml(q.explanation, { formula: () => "x" }))),
  );
  if (explained.length) {
    out.push(
      labelParagraph(ctx, [labelRun(ctx, words.explanations, { bold: true, size: 24 })], {
        spacing: { before: 320, after: 80 },
      }),
    );
    for (const q of explained) {
      out.push(
        labelParagraph(ctx, [labelRun(ctx, explanationHead(ctx.doc, q), { bold: true })], {
          keepNext: true,
          spacing: { before: 120, after: 20 },
        }),
      );
      for (const block of blocksOf(q.explanation ?? "")) {
        out.push(
          new RichParagraph(
            content(ctx, { indent: block.level ? { start: block.level * 340 } : undefined, spacing: { after: 40 } }),
            [...(block.marker ? [new TextRun(`${block.marker} `)] : []), ...parts(ctx, block.inlines)],
          ),
        );
      }
    }
  }
  return out;
}

/** The question paper or the answer key as a DOCX file (A4, footer with code, page X of Y and short hash). */
export async function paperDocx(doc: PaperDocument, kind: PaperKind): Promise<Uint8Array> {
  const language = paperLanguage(doc.language);
  const ctx: Context = { doc, rtl: language.dir === "rtl", locale: `${language.code}-IN` };
  const words = wordsOf(doc);
  const [before, between, after] = pageOfPages(doc);
  const footer = new Footer({
    children: [
      new Paragraph({
        tabStops: [
          { type: TabStopType.CENTER, position: Math.round(TEXT_WIDTH / 2) },
          { type: TabStopType.RIGHT, position: TEXT_WIDTH },
        ],
        children: [
          new TextRun({ text: `${doc.code}${kind === "key" ? ` · ${words.kind.key}` : ""}`, size: 18 }),
          new TextRun({
            children: [new Tab(), before, PageNumber.CURRENT, between, PageNumber.TOTAL_PAGES, after],
            size: 18,
            rightToLeft: ctx.rtl || undefined,
          }),
          new TextRun({ children: [new Tab(), shortHash(doc)], size: 14, color: "555555" }),
        ],
      }),
    ],
  });
  const body = [...headerBlock(ctx, kind), ...(kind === "paper" ? paperBody(ctx) : keyBody(ctx))];
  const document = new Document({
    title: `${doc.code} · ${words.kind[kind]}`,
    creator: "Exam portal",
    styles: {
      default: {
        document: {
          run: { font: { ascii: "Arial", hAnsi: "Arial" }, size: 22 },
          paragraph: { spacing: { after: 0 } },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, bottom: PAGE.margin + 283, left: PAGE.margin, right: PAGE.margin, footer: 397 },
          },
        },
        footers: { default: footer },
        children: body,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
