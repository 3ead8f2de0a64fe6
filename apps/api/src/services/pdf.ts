/**
 * The one PDF service (DECISIONS §8): HTML rendered to PDF by Chromium (playwright-core driving the
 * machine's chromium), with the portal's self-hosted Noto fonts so that Devanagari, Tamil, Bengali
 * and Urdu shape correctly. Invoices, admit cards, certificates and paper sets all come through here.
 *
 * One browser per API process, started on the first render and kept; each render gets its own
 * page in a fresh context with no network: fonts come from disk through a route, every other
 * request is refused, so a name typed by a school can never make the renderer fetch anything.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";

export interface PdfConfig {
  /** The Chromium binary (CHROMIUM_PATH); Debian's by default. */
  chromiumPath: string;
  /** Renders at once; more wait their turn (each page costs ~30 MB and a core's time). */
  concurrency: number;
  /** A render that takes longer fails (a runaway document must not hold a page forever). */
  timeoutMs: number;
}

export const DEFAULT_PDF_CONFIG: PdfConfig = { chromiumPath: "/usr/bin/chromium", concurrency: 2, timeoutMs: 20_000 };

export interface PdfOptions {
  /** Paper size; A4 unless said. */
  format?: "A4" | "A5" | "Letter";
  landscape?: boolean;
  /** Page margins (CSS lengths); 12 mm all round unless said. */
  margin?: { top?: string; right?: string; bottom?: string; left?: string };
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

/** A font file's bytes, read from disk once per process. */
const fontBytes = new Map<string, Promise<Buffer>>();

/** A font file's bytes for a request to FONT_ORIGIN, or null when it is not one of ours. */
async function fontFile(url: string): Promise<Buffer | null> {
  const match = /^\/([a-z-]+)\/([\w-]+\.woff2?)$/.exec(new URL(url).pathname);
  if (!match?.[1] || !match[2] || !FONT_FACES.some((face) => face.pkg === match[1])) return null;
  const file = path.join(fontDir(match[1]), "files", match[2]);
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
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
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
          const pdf = await page.pdf({
            format: options.format ?? "A4",
            landscape: options.landscape ?? false,
            margin,
            printBackground: true,
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
