/**
 * The one PDF service (docs/domain.md, Services every feature shares): HTML rendered to PDF by Chromium (playwright-core driving the
 * machine's chromium), with the portal's self-hosted Noto fonts so that Devanagari, Tamil, Bengali
 * and Urdu shape correctly. Invoices, admit cards, certificates and paper sets all come through here.
 *
 * One browser per API process, started on the first render and kept; each render gets its own
 * page in a fresh context with no network: fonts come from disk through a route, every other
 * request is refused, so a name typed by a school can never make the renderer fetch anything.
 */
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { DEBIAN_CHROMIUM, HEADLESS_CHROMIUM_ARGS } from "./chromium";

export interface PdfConfig {
  /** The Chromium binary (CHROMIUM_PATH); Debian's by default. */
  chromiumPath: string;
  /** Renders at once; more wait their turn (each page costs ~30 MB and a core's time). */
  concurrency: number;
  /** A render that takes longer fails (a runaway document must not hold a page forever). */
  timeoutMs: number;
}

export const DEFAULT_PDF_CONFIG: PdfConfig = { chromiumPath: DEBIAN_CHROMIUM, concurrency: 2, timeoutMs: 20_000 };

export interface PdfOptions {
  /** Paper size; A4 unless said. */
  format?: "A4" | "A5" | "Letter";
  landscape?: boolean;
  /** Page margins (CSS lengths); 12 mm all round unless said. */
  margin?: { top?: string; right?: string; bottom?: string; left?: string };
  /**
   * Chromium's running header and footer, printed in each page's top and bottom margin (which must
   * leave room for them): HTML with styles inline, where elements of class `pageNumber`, `totalPages`
   * and `title` are filled in. The page's web fonts are not there: use `footerFontCss()` (Latin only;
   * a footer in another script is drawn by the page, footerBoxesCss()).
   * Neither given: no header or footer; one given: the other stays empty.
   */
  headerTemplate?: string;
  footerTemplate?: string;
}

export interface PdfRenderer {
  /** A PDF of `html` (a whole document, styles inline; fonts as `fontFaceCss` declares them). */
  render(html: string, options?: PdfOptions): Promise<Uint8Array>;
  /** Closes the browser if one was started. */
  close(): Promise<void>;
}

/** The origin the fonts are served from inside the renderer; nothing else is reachable. */
const FONT_ORIGIN = "http://fonts.pdf.invalid";

/**
 * The Noto families and weights documents use (regular and semi-bold), as @fontsource ships them and
 * as the apps use them (packages/ui/src/fonts): Noto Sans covers Latin and Devanagari.
 */
const FONT_FACES: readonly { pkg: string; css: string[] }[] = [
  { pkg: "noto-sans", css: ["400.css", "600.css"] },
  { pkg: "noto-sans-bengali", css: ["400.css", "600.css"] },
  { pkg: "noto-sans-gurmukhi", css: ["400.css", "600.css"] },
  { pkg: "noto-sans-gujarati", css: ["400.css", "600.css"] },
  { pkg: "noto-sans-oriya", css: ["400.css", "600.css"] },
  { pkg: "noto-sans-tamil", css: ["400.css", "600.css"] },
  { pkg: "noto-sans-telugu", css: ["400.css", "600.css"] },
  { pkg: "noto-sans-kannada", css: ["400.css", "600.css"] },
  { pkg: "noto-sans-malayalam", css: ["400.css", "600.css"] },
  { pkg: "noto-naskh-arabic", css: ["arabic-400.css", "arabic-600.css"] },
];

/** The CSS font stack of documents: Latin first, then each script's family. */
export const PDF_FONT_STACK = [
  "Noto Sans",
  "Noto Sans Bengali",
  "Noto Sans Gurmukhi",
  "Noto Sans Gujarati",
  "Noto Sans Oriya",
  "Noto Sans Tamil",
  "Noto Sans Telugu",
  "Noto Sans Kannada",
  "Noto Sans Malayalam",
  "Noto Naskh Arabic",
  "sans-serif",
]
  .map((family) => (family === "sans-serif" ? family : `"${family}"`))
  .join(", ");

const require = createRequire(import.meta.url);
const fontDir = (pkg: string) => path.dirname(require.resolve(`@fontsource/${pkg}/package.json`));

let fontCss: Promise<string> | undefined;
/**
 * The @font-face rules for documents, pointing at FONT_ORIGIN (each rule keeps its unicode-range,
 * so a page loads only the files of the scripts it shows). Read once per process.
 */
export function fontFaceCss(): Promise<string> {
  fontCss ??= Promise.all(
    FONT_FACES.flatMap(({ pkg, css }) =>
      css.map(async (file) =>
        (await readFile(path.join(fontDir(pkg), file), "utf8")).replaceAll(
          "url(./files/",
          `url(${FONT_ORIGIN}/${pkg}/`,
        ),
      ),
    ),
  ).then((parts) => parts.join("\n"));
  return fontCss;
}

/** The folder of KaTeX's woff2 fonts, served under FONT_ORIGIN/katex/ for formulas. */
const katexFontDir = () => path.join(path.dirname(require.resolve("katex/package.json")), "dist", "fonts");

let katexStyles: string | undefined;
/**
 * KaTeX's stylesheet for formulas rendered as HTML (`output: "html"`), its fonts pointed at FONT_ORIGIN
 * and cut to woff2 (Chromium never asks for the rest). Read once per process.
 */
export function katexCss(): string {
  katexStyles ??= readFileSync(require.resolve("katex/dist/katex.min.css"), "utf8").replace(
    /src:url\(fonts\/([\w-]+\.woff2)\) format\("woff2"\)[^;}]*/g,
    (_match, file: string) => `src:url(${FONT_ORIGIN}/katex/${file}) format("woff2")`,
  );
  return katexStyles;
}

let footerFont: string | undefined;
/**
 * An @font-face rule for header and footer templates: Chromium draws them apart from the page, with
 * neither its web fonts nor the network, and a server may have no system fonts at all. So Noto Sans
 * (Latin, 13 kB) comes inline as a data URL, under the family name "PDF Footer Sans".
 */
export function footerFontCss(): string {
  footerFont ??= `@font-face{font-family:"PDF Footer Sans";font-weight:400;src:url(data:font/woff2;base64,${readFileSync(
    path.join(fontDir("noto-sans"), "files", "noto-sans-latin-400-normal.woff2"),
  ).toString("base64")}) format("woff2")}`;
  return footerFont;
}

/** A CSS string literal for `content`: quotes and backslashes escaped, and "<" (it sits in a <style> element). */
export const cssString = (text: string): string =>
  `"${text
    .replace(/[\\"]/g, "\\$&")
    .replace(/</g, "\\3C ")
    .replace(/[\r\n]+/g, " ")}"`;

/**
 * A running footer drawn by the page itself, in its bottom margin (CSS margin boxes), rather than by
 * a footer template: Chromium draws templates apart from the page, where a web font for a script
 * other than Latin is not loaded and a system font is embedded instead (issue 36 item 6). Each box is
 * a CSS `content` value (cssString(), counter(page), counter(pages)); `style` applies to all three.
 */
export function footerBoxesCss(boxes: { left?: string; center?: string; right?: string }, style = ""): string {
  const box = (name: string, content: string | undefined) =>
    content ? `@bottom-${name} { content: ${content}; font-family: ${PDF_FONT_STACK}; ${style} }` : "";
  return `@page { ${box("left", boxes.left)} ${box("center", boxes.center)} ${box("right", boxes.right)} }`;
}

/** A font file's bytes, read from disk once per process. */
const fontBytes = new Map<string, Promise<Buffer>>();

/** A font file's bytes for a request to FONT_ORIGIN, or null when it is not one of ours. */
async function fontFile(url: string): Promise<Buffer | null> {
  const match = /^\/([a-z-]+)\/([\w-]+\.woff2?)$/.exec(new URL(url).pathname);
  if (!match?.[1] || !match[2]) return null;
  const katex = match[1] === "katex";
  if (!katex && !FONT_FACES.some((face) => face.pkg === match[1])) return null;
  const file = katex ? path.join(katexFontDir(), match[2]) : path.join(fontDir(match[1]), "files", match[2]);
  if (!existsSync(file)) return null;
  let bytes = fontBytes.get(file);
  if (!bytes) {
    bytes = readFile(file);
    fontBytes.set(file, bytes);
  }
  return bytes;
}

/** A small counting gate: at most `limit` holders at once, the rest queue in order. */
function gate(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await work();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export function createPdfRenderer(config: Partial<PdfConfig> = {}): PdfRenderer {
  const { chromiumPath, concurrency, timeoutMs } = { ...DEFAULT_PDF_CONFIG, ...config };
  const limit = gate(concurrency);
  let context: Promise<BrowserContext> | undefined;
  // Warm pages, at most `concurrency`: a new page costs ~150 ms (a renderer process), a render on a
  // warm one ~60 ms. With JavaScript off a page keeps nothing from one document to the next.
  const idle: Page[] = [];

  const launch = async (): Promise<BrowserContext> => {
    if (!existsSync(chromiumPath)) {
      throw new Error(`No Chromium at ${chromiumPath}: install Debian's chromium or set CHROMIUM_PATH`);
    }
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: HEADLESS_CHROMIUM_ARGS,
    });
    // A crashed browser is started again on the next render instead of failing every render after it.
    browser.on("disconnected", () => {
      context = undefined;
      idle.length = 0;
    });
    const started = await browser.newContext({ javaScriptEnabled: false });
    await started.route("**/*", async (route) => {
      const url = route.request().url();
      const font = url.startsWith(`${FONT_ORIGIN}/`) ? await fontFile(url) : null;
      if (font) await route.fulfill({ body: font, contentType: "font/woff2" });
      else await route.abort("blockedbyclient");
    });
    return started;
  };

  const pageFor = async (): Promise<Page> => {
    const warm = idle.pop();
    if (warm && !warm.isClosed()) return warm;
    context ??= launch().catch((error: unknown) => {
      context = undefined;
      throw error;
    });
    const page = await (await context).newPage();
    page.setDefaultTimeout(timeoutMs);
    return page;
  };

  return {
    render: (html, options = {}) =>
      limit(async () => {
        const page = await pageFor();
        try {
          await page.setContent(html, { waitUntil: "load", timeout: timeoutMs });
          // Web fonts load lazily; wait for them so no page prints in a fallback face.
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          const margin = { top: "12mm", right: "12mm", bottom: "12mm", left: "12mm", ...options.margin };
          const headerFooter = options.headerTemplate !== undefined || options.footerTemplate !== undefined;
          const pdf = await page.pdf({
            format: options.format ?? "A4",
            landscape: options.landscape ?? false,
            margin,
            printBackground: true,
            // Chromium prints its own date and title where a template is missing: an empty one instead.
            ...(headerFooter
              ? {
                  displayHeaderFooter: true,
                  headerTemplate: options.headerTemplate ?? "<span></span>",
                  footerTemplate: options.footerTemplate ?? "<span></span>",
                }
              : {}),
          });
          idle.push(page);
          return pdf;
        } catch (error) {
          // A page that failed is not trusted with the next document.
          await page.close().catch(() => undefined);
          throw error;
        }
      }),
    close: async () => {
      const open = context;
      context = undefined;
      idle.length = 0;
      if (open)
        await (await open)
          .browser()
          ?.close()
          .catch(() => undefined);
    },
  };
}

/** Escapes text for HTML element content and attribute values (every value a document prints). */
export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
