import { setImmediate as nextTurn } from "node:timers/promises";
import type { Context } from "hono";
import type { AppEnv } from "../context";

/**
 * multipart/form-data read without holding the event loop
 * (docs/decisions/046-imports-never-block-the-event-loop.md). The platform's parser
 * (Request.formData(), which Hono's parseBody uses) works through the whole body in one go, and
 * a File it made copies its bytes once more, again in one go, when asked for them: for a 20 MB
 * spreadsheet, hundreds of milliseconds in which no other request was answered. Here the body
 * arrives as the socket delivers it, the parts are found with Buffer.indexOf (native: a few
 * milliseconds for 20 MB), and a file's bytes are kept as they are, for `fileBytes`.
 *
 * The form goes into Hono's body cache, so `c.req.parseBody()` in the route reads it again
 * without reading the body twice.
 */
export async function readForm(c: Context<AppEnv>): Promise<FormData> {
  const cached = c.req.bodyCache.formData;
  if (cached) return cached;
  const parsed = parseMultipart(c.req.raw);
  // Hono keeps the promise there (its type says the form).
  c.req.bodyCache.formData = parsed as unknown as FormData;
  try {
    return await parsed;
  } catch (error) {
    // A failure is not kept: the route answers for a body that is no form (its own 400).
    delete c.req.bodyCache.formData;
    throw error;
  }
}

/** The bytes of an uploaded file as they came, without copying them again. */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return BYTES.get(file) ?? new Uint8Array(await file.arrayBuffer());
}

const BYTES = new WeakMap<File, Uint8Array>();

class NotAForm extends Error {}

async function parseMultipart(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const name = boundary?.[1] ?? boundary?.[2];
  if (!/^multipart\/form-data/i.test(type) || !name || !request.body) throw new NotAForm("not a multipart form");
  const chunks: Buffer[] = [];
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  const body = Buffer.concat(chunks);
  chunks.length = 0;
  // Each copy of a large body (this one, a File's below) takes its own turn of the loop.
  await nextTurn();

  const form = new FormData();
  const delimiter = Buffer.from(`\r\n--${name}`);
  // The first delimiter has no line break before it (a preamble, if any, is skipped).
  let at = body.indexOf(delimiter.subarray(2));
  if (at < 0) throw new NotAForm("no first boundary");
  at += delimiter.length - 2;
  for (;;) {
    // After a delimiter: "--" ends the form, a line break starts a part.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return form;
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) throw new NotAForm("bad boundary line");
    const headersEnd = body.indexOf("\r\n\r\n", at + 2);
    if (headersEnd < 0) throw new NotAForm("part without headers");
    const headers = body.toString("utf8", at + 2, headersEnd);
    const end = body.indexOf(delimiter, headersEnd + 4);
    if (end < 0) throw new NotAForm("part without end");
    const content = body.subarray(headersEnd + 4, end);
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? "";
    const field = parameter(disposition, "name");
    if (field === undefined) throw new NotAForm("part without a name");
    const fileName = parameter(disposition, "filename");
    if (fileName === undefined) form.append(field, content.toString("utf8"));
    else {
      const contentType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? "application/octet-stream";
      await nextTurn();
      const file = new File([content], fileName, { type: contentType });
      BYTES.set(file, content);
      form.append(field, file);
    }
    at = end + delimiter.length;
  }
}

/** A Content-Disposition parameter: name="file" (browsers write a quote in it as %22). */
function parameter(disposition: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(disposition);
  if (!match) return undefined;
  return (match[1] ?? "").replace(/\\(.)/g, "$1").replace(/%22/g, '"');
}
