import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPdfRenderer, escapeHtml, fontFaceCss, PDF_FONT_STACK } from "../src/kernel/pdf";

const pdf = createPdfRenderer();
afterAll(() => pdf.close());
const dir = mkdtempSync(path.join(tmpdir(), "pdf-test-"));

/** The text of a PDF as pdftotext (poppler-utils) reads it, and the fonts pdffonts lists. */
function read(bytes: Uint8Array, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return {
    // Words as pdftotext (poppler-utils) reads them, one space between (line breaks do not matter).
    text: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " "),
    fonts: execFileSync("pdffonts", [file], { encoding: "utf8" }),
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]),
  };
}

const documentOf = async (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${await fontFaceCss()}
  body { font-family: ${PDF_FONT_STACK}; font-size: 12pt; }</style></head><body>${body}</body></html>`;

describe("the PDF service", () => {
  it("prints Latin, Devanagari, Tamil, Bengali and Urdu text in the embedded Noto fonts", async () => {
    const lines = ["Invoice 2026-000017", "विद्यार्थी विज्ञान मंथन", "தமிழ் பள்ளி", "বাংলা বিদ্যালয়", "اردو اسکول"];
    const bytes = await pdf.render(await documentOf(lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { text, fonts, pages } = read(bytes, "scripts");
    expect(pages).toBe(1);
    expect(text).toContain("Invoice 2026-000017");
    // Shaped Indic text extracts as its words; a box-glyph fallback would extract nothing.
    expect(text).toContain("विज्ञान");
    expect(text).toContain("தமிழ்");
    expect(fonts).toMatch(/NotoSans-Regular/);
    expect(fonts).toMatch(/NotoSansBengali/i);
    expect(fonts).toMatch(/NotoSansTamil/);
    expect(fonts).toMatch(/NotoNaskhArabic/);
  });

  it("prints what a user typed as text, never as markup", async () => {
    const name = `<img src=x onerror=alert(1)> "Sharma & Sons" <b>School</b>`;
    const { text } = read(await pdf.render(await documentOf(`<h1>${escapeHtml(name)}</h1>`)), "escaped");
    expect(text).toContain(`<img src=x onerror=alert(1)> "Sharma & Sons" <b>School</b>`);
  });

  it("never fetches anything from the network while rendering", async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests += 1;
      res.end("x");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const html = await documentOf(
        `<p>Logo</p><img src="http://127.0.0.1:${port}/logo.png"><link rel="stylesheet" href="http://127.0.0.1:${port}/a.css">`,
      );
      const { text } = read(await pdf.render(html), "offline");
      expect(text).toContain("Logo");
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it("renders several documents at once, each its own, and long ones over several pages", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `<p>Student ${i + 1}</p>`).join("");
    const results = await Promise.all(
      ["A", "B", "C", "D", "E"].map(async (mark) =>
        read(await pdf.render(await documentOf(`<h1>Set ${mark}</h1>${rows}`)), mark),
      ),
    );
    results.forEach(({ text, pages }, i) => {
      expect(text).toContain(`Set ${"ABCDE"[i]}`);
      expect(text).toContain("Student 120");
      expect(pages).toBeGreaterThan(1);
    });
  });

  it("keeps nothing of one document in the next (pages are reused)", async () => {
    const first = read(await pdf.render(await documentOf("<p>First school invoice</p>")), "first");
    const second = read(await pdf.render(await documentOf("<p>Second school invoice</p>")), "second");
    expect(first.text).toContain("First school invoice");
    expect(second.text).toContain("Second school invoice");
    expect(second.text).not.toContain("First");
  });

  it("says which setting to fix when Chromium is missing", async () => {
    const missing = createPdfRenderer({ chromiumPath: "/nonexistent/chromium" });
    await expect(missing.render("<p>x</p>")).rejects.toThrow(/CHROMIUM_PATH/);
  });
});
