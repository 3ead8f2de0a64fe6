import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fill, PAPER_WORDS } from "@repo/contracts/paper-words";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { type PaperDocument, type PaperKind, paperHtml, renderPaperPdf } from "../src/domains/papers/paper-document";
import { paperDocx } from "../src/domains/papers/paper-docx";
import { createPdfRenderer } from "../src/kernel/pdf";
import { type SampleLanguage, samplePaper } from "./fixtures/papers/sample-paper";

const pdf = createPdfRenderer();
afterAll(() => pdf.close());
const dir = mkdtempSync(path.join(tmpdir(), "paper-test-"));

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** A PDF's text as pdftotext (poppler-utils) reads it, its page count, fonts and page 1's words with their boxes. */
async function rendered(doc: PaperDocument, kind: PaperKind, name: string) {
  const bytes = await renderPaperPdf(pdf, doc, kind);
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: "utf8" });
  const words: Word[] = [
    ...run("pdftotext", ["-bbox", "-f", "1", "-l", "1", file, "-"]).matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5] ?? "" }));
  return {
    bytes,
    file,
    text: run("pdftotext", [file, "-"]).replace(/\s+/g, " "),
    pages: Number(/Pages:\s+(\d+)/.exec(run("pdfinfo", [file]))?.[1]),
    fonts: run("pdffonts", [file]),
    words,
  };
}

/**
 * Text without spaces and direction marks: pdftotext may split a shaped Indic or Urdu word at a glyph
 * boundary ("कु मार", "ش ارک") and wraps right-to-left runs in embedding marks.
 */
const squash = (value: string) => value.replace(/[\s\u200e\u200f\u202a-\u202e]/g, "");

const docxXml = (bytes: Uint8Array) => {
  const files = unzipSync(bytes);
  const read = (name: string) => {
    const file = files[name];
    return file ? strFromU8(file) : "";
  };
  return {
    document: read("word/document.xml"),
    footer: Object.keys(files)
      .filter((name) => /^word\/footer\d*\.xml$/.test(name))
      .map(read)
      .join(""),
    media: Object.keys(files).filter((name) => name.startsWith("word/media/")),
  };
};

/** The words of a DOCX body's text runs, joined (Word splits text into runs at each format change). */
const docxText = (xml: string) =>
  [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => m[1])
    .join("")
    .replace(
      /&(amp|apos|quot|lt|gt);/g,
      (_, name: string) => ({ amp: "&", apos: "'", quot: '"', lt: "<", gt: ">" })[name] ?? "",
    );

describe("the question paper PDF", () => {
  it("prints the header, roll-number boxes, instructions, marking rules, questions and a footer on every page", async () => {
    const doc = samplePaper("en");
    const { text, pages, fonts, bytes, words } = await rendered(doc, "paper", "en-paper");
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    for (const part of [
      "Level 1 examination 2026-27",
      "LEVEL 1 · QUESTION PAPER",
      "Class VIII",
      "Language English",
      "Time allowed 1 hour 30 minutes",
      "Maximum marks 7",
      "Roll number",
      "Candidate's name",
      "Instructions",
      "1. Write your roll number in the boxes above before you begin.",
      "Section A",
      "1 mark each, no negative marks, one correct answer",
      "2 marks each, \u22120.5 for a wrong answer, one or more correct answers, all must be marked",
      "Section B counts only when Section A reaches 2 marks",
      "Which of the following is correct?",
      "(A) A whale is a mammal",
      "(D) A sparrow is a fish",
      "Which gas do plants take in for photosynthesis?",
      "(C) Carbon dioxide",
    ]) {
      expect(text, part).toContain(part);
    }
    expect(pages).toBeGreaterThanOrEqual(1);
    // Question numbers stand left of their question, on its first line.
    const which = words.find((w) => w.text === "Which");
    const one = words.find((w) => w.text === "1." && which && Math.abs(w.yMax - which.yMax) < 2);
    expect(one && which && one.xMax < which.xMin).toBe(true);
    // The footer: code, page of pages and the short hash, on each page.
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text.split("L1-VIII-A").length - 1).toBeGreaterThanOrEqual(pages + 1);
    expect(text).toContain(doc.contentHash.slice(0, 12));
    expect(text).not.toContain(doc.contentHash.slice(0, 13));
    // The image came from the document's map, not from the network.
    expect(text).not.toContain("image not available");
    // No answers and no explanations on the question paper.
    for (const secret of ["Answer key", "Explanations", "Whales breathe air", "give out oxygen", "Answer A"]) {
      expect(text).not.toContain(secret);
    }
    expect(fonts).toMatch(/NotoSans-Regular/);
    expect(fonts).toMatch(/KaTeX_Math-Italic/);
    expect(fonts).toMatch(/KaTeX_Main-Regular/);
  });

  it("renders the formula with KaTeX: x, a raised 2, a over b, and no TeX source", async () => {
    const { text, words } = await rendered(samplePaper("en"), "paper", "en-formula");
    expect(text).not.toMatch(/\\frac|frac\{|x\^2/);
    // Page 1's words between "of" and "when" in "Find the value of x² + a/b when …".
    const start = words.findIndex((w, i) => w.text === "of" && words[i - 1]?.text === "value");
    const formula = words.slice(start + 1, start + 6);
    expect(formula.map((w) => w.text)).toEqual(["x", "2", "+", "a", "b"]);
    const [x, two, , a, b] = formula as [Word, Word, Word, Word, Word];
    expect(two.yMax).toBeLessThan(x.yMax); // a superscript sits higher than its base
    expect(a.yMax).toBeLessThan(b.yMin + 1); // a numerator above its denominator
    expect(Math.abs(a.xMin - b.xMin)).toBeLessThan(3);
  });

  it("prints a Hindi paper's questions in Devanagari", async () => {
    const { text } = await rendered(samplePaper("hi"), "paper", "hi-paper");
    for (const part of [
      "निम्नलिखित में से कौन सा सही है?",
      "व्हेल एक स्तनधारी है",
      "प्रकाश संश्लेषण के लिए पौधे कौन सी गैस लेते हैं?",
      "हिन्दी",
      "पृष्ठ 1 /",
      "L1-VIII-A",
      "अनुक्रमांक",
    ]) {
      expect(squash(text), part).toContain(squash(part));
    }
    expect(squash(text)).not.toContain(squash("अपने बच्चों को दूध पिलाती है"));
  });

  it("prints an Urdu paper right to left in Noto Naskh Arabic, formulas left to right", async () => {
    const doc = samplePaper("ur");
    const html = paperHtml(doc, "paper");
    expect(html).toMatch(/<html lang="ur" dir="rtl">/);
    expect(html).toMatch(/<span class="ql-formula" data-value="x\^2 \+ \\frac\{a\}\{b\}">/);
    const { text, fonts, words } = await rendered(doc, "paper", "ur-paper");
    expect(fonts).toMatch(/NotoNaskhArabic/);
    expect(fonts).toMatch(/KaTeX_Math-Italic/);
    // pdftotext gives Urdu back in visual runs, sometimes split at a joining glyph: check whole words.
    for (const word of ["درست", "وہیل", "ممالیہ", "اردو", "مقناطیس"]) expect(squash(text), word).toContain(word);
    expect(text).toContain("L1-VIII-A");
    for (const word of ["صفحہ", "رول", "حصہ"]) expect(squash(text), word).toContain(word);
    // Right to left: question 1's number is at the right edge, its Urdu text to the left of it.
    // -bbox lists words as drawn, so an Urdu word's letters come right to left.
    // "درج" opens question 1 (the second instruction has it too, on the line of "2.").
    const pairs = words
      .filter((w) => w.text === "درج" || w.text === [..."درج"].reverse().join(""))
      .map((question) => ({
        question,
        number: words.find((w) => w.text === "1." && Math.abs(w.yMin - question.yMin) < 2),
      }));
    const { question, number } = pairs.find((pair) => pair.number) ?? {};
    expect(number && question && number.xMin > question.xMax).toBe(true);
  });
});

describe("the answer key PDF", () => {
  it("has the header without the roll-number boxes, each section's answers and the explanations", async () => {
    const { text } = await rendered(samplePaper("en"), "key", "en-key");
    for (const part of [
      "LEVEL 1 · ANSWER KEY",
      "Level 1 examination 2026-27",
      "Class VIII",
      "1 A 2 C 3 A",
      "4 A, C 5 C",
      "Q 1 · Answer A",
      "Whales breathe air and feed their young on milk.",
      "Q 5 · Answer C",
      "Plants take in carbon dioxide and give out oxygen.",
      "L1-VIII-A · Answer key",
      "Page 1 of 1",
    ]) {
      expect(text, part).toContain(part);
    }
    for (const absent of ["Roll number", "Candidate's name", "Instructions", "Q 3 · Answer", "Q 4 · Answer"]) {
      expect(text, absent).not.toContain(absent);
    }
  });

  it("keys Hindi and Urdu papers the same way, explanations in their language", async () => {
    const hindi = await rendered(samplePaper("hi"), "key", "hi-key");
    expect(hindi.text).toContain("1 A 2 C 3 A");
    expect(squash(hindi.text)).toContain(squash("व्हेल हवा में साँस लेती है"));
    expect(hindi.text).not.toContain("Roll number");
    const urdu = await rendered(samplePaper("ur"), "key", "ur-key");
    // The table runs right to left too; pdftotext may read its row either way.
    expect(squash(urdu.text)).toMatch(/1A2C3A|A3C2A1/);
    expect(squash(urdu.text)).toMatch(/4A,C5C|C5A,C4/);
    for (const word of ["وہیل", "دودھ"]) expect(squash(urdu.text)).toContain(word);
    expect(urdu.text).not.toContain("Roll number");
  });
});

describe("the paper HTML", () => {
  it("never lets hostile content through: scripts, event handlers, remote images, links", () => {
    const doc = samplePaper("en");
    const hostile = `<p>Pick one<script>alert(1)</script><img src=x onerror=alert(2)><img src=http://evil.example/x.png>
      <img src="javascript:alert(3)"><a href="https://evil.example/phish">link</a><iframe src="https://evil.example"></iframe>
      <span class="ql-formula" data-value="\\href{javascript:alert(4)}{x}"></span><svg onload=alert(5)></svg></p>`;
    const section = doc.sections[0];
    const question = section?.questions[0];
    if (!section || !question) throw new Error("fixture changed");
    const attacked: PaperDocument = {
      ...doc,
      heading: { year: `<script>alert("title")</script>` },
      code: `"><img src=x onerror=alert(6)>`,
      instructions: ["<b onmouseover=alert(7)>bold</b>"],
      sections: [
        {
          ...section,
          title: "<script>alert(8)</script>",
          qualifying: { other: "<script>alert(9)</script>", marks: 2 },
          questions: [
            {
              ...question,
              html: hostile,
              options: [{ key: "A<script>", html: hostile }],
              explanation: hostile,
            },
          ],
        },
      ],
    };
    for (const kind of ["paper", "key"] as const) {
      const html = paperHtml(attacked, kind);
      // What a browser would act on is in tags: no dangerous tag, no handler, no link, no address but data URLs.
      const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
      for (const tag of tags) {
        expect(tag).not.toMatch(/^<(script|iframe|svg|a|object|embed)\b/i);
        expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
        expect(tag).not.toMatch(/\shref\s*=/i);
        expect(tag).not.toMatch(/\ssrc="(?!data:image\/)/i);
      }
      expect(html).not.toContain("alert(1)");
      expect(html).not.toMatch(/evil\.example/);
      expect(html).toContain("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;");
      expect(html).not.toMatch(/<script>alert\((8|9)\)/);
      // Images that are neither in the document's map nor data URLs show as missing, visibly.
      if (kind === "paper") expect(html).toContain("[image not available]");
    }
  });
});

describe("the paper DOCX", () => {
  it("holds the paper's text, a Word equation for the formula, the image, and a footer with the page count", async () => {
    for (const language of ["en", "hi", "ur"] satisfies SampleLanguage[]) {
      const doc = samplePaper(language);
      const { document, footer, media } = docxXml(await paperDocx(doc, "paper"));
      const text = docxText(document);
      const question = doc.sections[0]?.questions[0]?.html.replace(/<[^>]*>/g, "") ?? "";
      expect(text, language).toContain(question);
      const words = PAPER_WORDS[language];
      expect(text).toContain(words.rollNumber);
      expect(text).toContain(words.candidateName);
      expect(text).toContain(
        [fill(words.marksEach.one, { count: 1 }), words.noNegative, words.answerRules.single].join(words.comma),
      );
      expect(document).toMatch(/<m:oMath[ >]/);
      // x^2 + \frac{a}{b}: a superscript and a fraction, as Word's own equation elements.
      expect(document).toMatch(/<m:sSup>[\s\S]*<m:f>/);
      expect(document).not.toContain("\\frac");
      expect(media).toHaveLength(1);
      expect(footer).toContain("L1-VIII-A");
      expect(footer).toMatch(/PAGE/);
      expect(footer).toMatch(/NUMPAGES/);
      expect(footer).toContain(doc.contentHash.slice(0, 12));
      const explanation = doc.sections[0]?.questions[0]?.explanation?.replace(/<[^>]*>/g, "") ?? "";
      expect(text).not.toContain(explanation);
      if (language === "ur") {
        expect(document).toContain("<w:bidi/>");
        expect(document).toContain("<w:rtl/>");
      } else {
        expect(document).not.toContain("<w:bidi/>");
      }
    }
  });

  it("keys the answers without roll-number boxes, with the explanations", async () => {
    const { document } = docxXml(await paperDocx(samplePaper("hi"), "key"));
    const text = docxText(document);
    expect(text).toContain("उत्तर कुंजी");
    expect(text).toContain("A, C");
    expect(text).toContain("प्रश्न 1 · उत्तर A");
    expect(text).toContain("व्हेल हवा में साँस लेती है");
    expect(text).not.toContain("अनुक्रमांक");
    // The explanation of question 2 is a formula: a Word equation too.
    expect(document).toMatch(/<m:oMath[ >]/);
  });

  it("falls back to the TeX source for a formula KaTeX cannot read, and marks a missing image", async () => {
    const doc = samplePaper("en");
    const section = doc.sections[0];
    const question = section?.questions[0];
    if (!section || !question) throw new Error("fixture changed");
    const odd: PaperDocument = {
      ...doc,
      sections: [
        {
          ...section,
          questions: [
            {
              ...question,
              html: `<p>Broken <span class="ql-formula" data-value="\\frac{1}{"></span> and <img src="/api/files/404"></p>`,
            },
          ],
        },
      ],
    };
    const { document, media } = docxXml(await paperDocx(odd, "paper"));
    expect(docxText(document)).toContain("\\frac{1}{");
    expect(document).toContain('w:ascii="Courier New"');
    expect(docxText(document)).toContain("[image not available]");
    expect(media).toHaveLength(0);
  });
});

/**
 * The English fixed words a paper used to print whatever its language (issue 36 item 6): none may
 * remain on a Hindi or Urdu paper, key or DOCX. Letters of options, the class (VIII), codes and
 * formulas are not words.
 */
const ENGLISH_FIXED = [
  "Question paper",
  "Answer key",
  "Level",
  "examination",
  "Class",
  "Language",
  "Time allowed",
  "Maximum marks",
  "Paper code",
  "Roll number",
  "Candidate",
  "Instructions",
  "Section",
  "marks?",
  "each",
  "negative",
  "correct",
  "counts only when",
  "reaches",
  "Page",
  "of",
  "hours?",
  "minutes?",
  "Explanations",
  "Answer",
  "Q",
  "image",
  "Write your roll number",
  "pen",
  "invigilator",
];
const englishIn = (text: string) =>
  ENGLISH_FIXED.filter((word) => new RegExp(`(^|[^A-Za-z])${word}([^A-Za-z]|$)`, "i").test(text));

/** Every font of a PDF, each embedded, each one of the portal's own (Noto, KaTeX): none from the system. */
function fontsOf(list: string) {
  const rows = list
    .split("\n")
    .slice(2)
    .filter((line) => line.trim());
  return rows.map((line) => {
    const name = line.split(/\s+/)[0] ?? "";
    const emb = /\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line)?.[1];
    return { name: name.replace(/^[A-Z]{6}\+/, ""), embedded: emb === "yes" };
  });
}
/** The faces Hindi and Urdu papers use; a system fallback (NotoSansDevanagari, NotoKufiArabic, DejaVuSans) is none of them. */
const OWN_FONTS = /^(NotoSans-(Regular|SemiBold)|NotoNaskhArabic-(Regular|SemiBold)|KaTeX_\w+-\w+)$/;

describe("a paper in its own language (issue 36 item 6)", () => {
  for (const language of ["hi", "ur"] as const) {
    const words = PAPER_WORDS[language];
    for (const kind of ["paper", "key"] as const) {
      it(`${language} ${kind}: the PDF prints no English fixed word, its language's words, and only embedded Noto and KaTeX fonts`, async () => {
        const doc = samplePaper(language);
        const { text, fonts, pages } = await rendered(doc, kind, `${language}-${kind}-words`);
        expect(englishIn(text)).toEqual([]);
        const fixed =
          kind === "paper"
            ? [words.rollNumber, words.candidateName, words.instructions, words.timeAllowed, words.maximumMarks]
            : [words.kind.key, words.keyAnswer, words.explanations];
        // Urdu comes back from pdftotext in visual runs: look for its words one by one.
        const parts = language === "ur" ? fixed.flatMap((phrase) => phrase.split(" ")) : fixed;
        for (const part of [...parts, fill(words.section, { label: "A" })]) {
          expect(squash(text), part).toContain(squash(part).replace("A", ""));
        }
        if (language === "hi") {
          expect(squash(text)).toContain(squash(fill(words.page, { page: 1, pages })));
          if (kind === "paper") {
            expect(squash(text)).toContain(squash(words.standardInstructions[0] ?? ""));
            expect(squash(text)).toContain(squash("खंड B तभी गिना जाएगा जब खंड A में 2 अंक हों"));
          }
        }
        const list = fontsOf(fonts);
        expect(list.length).toBeGreaterThan(0);
        expect(list.filter((font) => !font.embedded || !OWN_FONTS.test(font.name))).toEqual([]);
      });
    }

    it(`${language}: the DOCX prints the same words, the footer's page count in the language too`, async () => {
      for (const kind of ["paper", "key"] as const) {
        const { document, footer } = docxXml(await paperDocx(samplePaper(language), kind));
        const text = docxText(document);
        expect(englishIn(text), kind).toEqual([]);
        expect(text).toContain(words.kind[kind]);
        expect(text).toContain(fill(words.section, { label: "B" }));
        if (kind === "paper") {
          expect(text).toContain(words.instructions);
          expect(text).toContain(words.standardInstructions[4]);
        }
        const [before] = words.page.split("{page}");
        expect(docxText(footer)).toContain((before ?? "").trim());
        expect(englishIn(docxText(footer))).toEqual([]);
      }
    });
  }

  it("marks a setter's own English instruction and section title on a Hindi proof, never silently", () => {
    const doc = samplePaper("hi");
    const html = paperHtml(
      {
        ...doc,
        instructions: ["Bring your admit card."],
        sections: doc.sections.map((s, i) => (i === 0 ? { ...s, title: "Physics" } : s)),
      },
      "paper",
    );
    expect(html).toContain(
      `Bring your admit card.</span> <span class="untranslated">${PAPER_WORDS.hi.untranslated}</span>`,
    );
    expect(html).toContain(`Physics</span> <span class="untranslated">${PAPER_WORDS.hi.untranslated}</span>`);
    expect(html).not.toContain(PAPER_WORDS.hi.standardInstructions[0]);
    // The same set in English prints its own texts as they are.
    const english = paperHtml({ ...samplePaper("en"), instructions: ["Bring your admit card."] }, "paper");
    expect(english).not.toContain('class="untranslated"');
  });
});
