import { randomBytes } from "node:crypto";
import { formatBytes } from "@repo/contracts/content-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import type { FileStorage } from "@repo/storage";
import { fileTypeFromBuffer } from "file-type";
import type { Context } from "hono";
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from "pdf-lib";
import { invalidField } from "./http/errors";
import type { Upload } from "./http/multipart";

/**
 * The one way the API takes and serves files (docs/domain.md, "Files"): an upload is checked by its
 * content (never its name), limited in size, and for a PDF refused when it carries active content,
 * cannot be read or has too many pages; it is stored under a random key and served with its type,
 * a Content-Disposition and nosniff.
 */

export const FILE_KINDS = {
  pdf: { mime: "application/pdf", ext: "pdf", label: "a PDF" },
  jpeg: { mime: "image/jpeg", ext: "jpg", label: "a JPEG image" },
  png: { mime: "image/png", ext: "png", label: "a PNG image" },
  webp: { mime: "image/webp", ext: "webp", label: "a WebP image" },
  gif: { mime: "image/gif", ext: "gif", label: "a GIF image" },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** How a few common types that are never accepted are named in messages. */
const OTHER_TYPES: Record<string, string> = {
  "application/zip": "a ZIP archive",
  "application/x-msdownload": "a Windows program",
  "application/x-elf": "a program",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "a Word document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "an Excel workbook",
  "application/msword": "a Word document",
  "image/svg+xml": "an SVG image",
  "image/bmp": "a BMP image",
  "text/html": "a web page (HTML)",
};

/** SVG is never taken: it is a document that can run scripts, not just a picture. */
const SVG_HINT = " SVG pictures can carry scripts and are not accepted: export it as a PNG and upload that.";

/**
 * Text formats that file-type does not name (it knows binary signatures only), told by their first
 * markup: so that an SVG or a web page renamed .jpg is refused by what it is.
 */
export function markupKind(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 2048))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (!head.startsWith("<")) return undefined;
  if (/<svg[\s>]/.test(head)) return OTHER_TYPES["image/svg+xml"];
  if (/^<(!doctype html|html|head|body|script|iframe|meta|div|p)[\s>]/.test(head)) return OTHER_TYPES["text/html"];
  return head.startsWith("<?xml") ? "an XML document" : undefined;
}

export interface UploadRule {
  /** The form field, for the per-field error. */
  field: string;
  /** How messages name the file: "The brochure". */
  what: string;
  kinds: readonly FileKind[];
  maxBytes: number;
  required?: boolean;
  /** A PDF's page limit, with what to tell the user when it is over. */
  maxPages?: number;
}

export interface AcceptedFile {
  bytes: Uint8Array;
  mime: string;
  ext: string;
  size: number;
  /** The name the user's file had, cleaned for showing and for Content-Disposition. */
  originalName: string;
  /** Pages of a PDF, null for other kinds. */
  pages: number | null;
}

/** "a JPEG image or a PDF" */
const listOf = (labels: string[]) =>
  labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;

/** A file name's part from any text: ASCII letters and digits, dashes between. */
export const fileSlug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .toLowerCase();

/** A file name fit to show and to send back: no path, no control or quote characters, bounded length. */
export function cleanFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).at(-1) ?? "")
    .replace(/[\p{Cc}"\\]/gu, "")
    .trim()
    .slice(0, 150);
  const stem = base.replace(/\.[^.]*$/, "") || "file";
  return `${stem}.${ext}`;
}

/**
 * Checks an uploaded file against `rule`. Undefined (nothing sent, or an empty file field) is fine
 * unless the rule requires a file. Wrong kind → 422, too large → 413, each naming the field, what
 * was received and what to do.
 */
export async function acceptUpload(file: Upload | undefined, rule: UploadRule): Promise<AcceptedFile | undefined> {
  const wanted = listOf(rule.kinds.map((kind) => FILE_KINDS[kind].label));
  if (!file || file.size === 0) {
    if (rule.required) throw invalidField(rule.field, `${rule.what} is required: choose ${wanted} to upload`);
    return undefined;
  }
  if (file.size > rule.maxBytes) {
    throw invalidField(
      rule.field,
      `${rule.what} can be at most ${formatBytes(rule.maxBytes)}; this file is ${formatBytes(file.size)}. Upload a smaller file.`,
      413,
    );
  }
  const bytes = await file.bytes();
  const detected = await fileTypeFromBuffer(bytes);
  const kind = rule.kinds.find((k) => FILE_KINDS[k].mime === detected?.mime);
  if (!kind) {
    // file-type calls an SVG or XHTML page "XML" and plain HTML nothing: the markup says which.
    const received =
      Object.values(FILE_KINDS).find((k) => k.mime === detected?.mime)?.label ??
      markupKind(bytes) ??
      (detected
        ? (OTHER_TYPES[detected.mime] ?? `a ${detected.ext.toUpperCase()} file`)
        : "not a file type we recognise");
    const svgHint = received === OTHER_TYPES["image/svg+xml"] ? SVG_HINT : "";
    throw invalidField(rule.field, `${rule.what} must be ${wanted}; this file is ${received}.${svgHint}`);
  }
  const { mime, ext } = FILE_KINDS[kind];
  const pages = kind === "pdf" ? await checkPdf(bytes, rule) : null;
  return { bytes, mime, ext, size: bytes.byteLength, originalName: cleanFileName(file.name, ext), pages };
}

/** Names whose presence in a PDF means it can run or carry something besides its pages. */
const ACTIVE_KEYS = ["JavaScript", "JS", "Launch", "EmbeddedFile", "EmbeddedFiles", "RichMedia", "XFA"];
const ACTIVE_ACTIONS = ["JavaScript", "Launch", "ImportData", "RichMediaExecute", "SubmitForm"];

/** The first active-content name found in `object` or below it (not following references). */
function activeIn(object: PDFObject | undefined, depth = 0): string | undefined {
  if (!object || depth > 12) return undefined;
  if (object instanceof PDFStream) return activeIn(object.dict, depth + 1);
  if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i++) {
      const found = activeIn(object.get(i), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!(object instanceof PDFDict)) return undefined;
  for (const [key, value] of object.entries()) {
    const name = key.decodeText();
    if (ACTIVE_KEYS.includes(name)) return name;
    if ((name === "S" || name === "Type") && value instanceof PDFName) {
      const action = value.decodeText();
      if (ACTIVE_ACTIONS.includes(action) || action === "EmbeddedFile") return action;
    }
    if (!(value instanceof PDFRef)) {
      const found = activeIn(value, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Reads a PDF with pdf-lib (pure JavaScript, fine on Node 20): refuses encrypted, unreadable or
 * empty documents, any object with scripts, launch actions or embedded files, and more pages than
 * the rule allows. Answers the page count.
 */
async function checkPdf(bytes: Uint8Array, rule: UploadRule): Promise<number> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    // pdf-lib's errors are ES5 classes (instanceof fails): its EncryptedPDFError says "is encrypted".
    if (error instanceof Error && /is encrypted/.test(error.message)) {
      throw invalidField(
        rule.field,
        `${rule.what} is a password-protected (encrypted) PDF. Save it without a password and upload it again.`,
      );
    }
    throw invalidField(
      rule.field,
      `${rule.what} could not be read as a PDF; it may be damaged. Export it again and upload the new file.`,
    );
  }
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    const found = activeIn(object);
    if (found) {
      throw invalidField(
        rule.field,
        `${rule.what} contains active content (/${found}: scripts, launch actions or attached files), which is not allowed. Print it to a new PDF and upload that.`,
      );
    }
  }
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
    pages = 0;
  }
  if (pages === 0) {
    throw invalidField(
      rule.field,
      `${rule.what} has no pages that can be read; it may be damaged. Export it again and upload the new file.`,
    );
  }
  if (rule.maxPages !== undefined && pages > rule.maxPages) {
    throw invalidField(
      rule.field,
      `${rule.what} can have at most ${countOf(rule.maxPages, COUNTED.page)}; this PDF has ${pages}. Split it into parts of up to ${countOf(rule.maxPages, COUNTED.page)}.`,
    );
  }
  return pages;
}

/** Stores an accepted file under `prefix/<random hex>.<ext>` and answers the key. */
export async function storeUpload(storage: FileStorage, prefix: string, accepted: AcceptedFile): Promise<string> {
  const key = `${prefix}/${randomBytes(16).toString("hex")}.${accepted.ext}`;
  await storage.put(key, accepted.bytes);
  return key;
}

export interface ServedFile {
  bytes: Uint8Array;
  mime: string;
  fileName: string;
  /** Shown in the browser (a PDF in a tab) rather than saved. */
  inline?: boolean;
}

/** `attachment; filename="plain"; filename*=UTF-8''encoded` (RFC 6266), safe for any name. */
export function contentDisposition(fileName: string, inline = false): string {
  const plain = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers a stored file with its type, a Content-Disposition and nosniff; never cached by shared caches. */
export function fileResponse(c: Context, file: ServedFile): Response {
  return c.body(new Uint8Array(file.bytes), 200, {
    "Content-Type": file.mime,
    "Content-Length": String(file.bytes.byteLength),
    "Content-Disposition": contentDisposition(file.fileName, file.inline),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    // A PDF opened inline runs in the browser's viewer; no script of ours should run beside it.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
}
