import { Readable } from "node:stream";
import type { ReadableStream as WebStream } from "node:stream/web";
import busboy from "busboy";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { ApiError } from "./errors";
import { refuseUnstorable, unstorableText } from "./unstorable";

/**
 * The API's one reader of forms (multipart/form-data and urlencoded), on busboy: the body is
 * parsed as the socket delivers it, a chunk at a time, so no form holds the event loop
 * (decision 046) and no file is held whole unless the route wants it whole (decision 047).
 * Two ways to read one:
 * - `streamForm`: the file part goes chunk by chunk to a consumer (answer sheets into storage);
 * - `readForm`: a small form (bounded by the route's body limit) is collected, its files as the
 *   bytes that came, never copied again (`FormFile.bytes()`).
 * Nothing else in apps/api/src parses a form (test/forms-convention.test.ts).
 */

/** An uploaded file as a service takes it: a collected `FormFile`, or a `File` (tests). */
export interface Upload {
  readonly name: string;
  readonly size: number;
  bytes(): Promise<Uint8Array>;
}

/** A file of a collected form: its bytes are the ones that came, given without a copy. */
export class FormFile implements Upload {
  constructor(
    readonly name: string,
    readonly type: string,
    private readonly content: Uint8Array,
  ) {}
  get size(): number {
    return this.content.byteLength;
  }
  async bytes(): Promise<Uint8Array> {
    return this.content;
  }
}

export type FormValue = string | FormFile;

/** The 400 for a body that is no form: it names the field the file goes in. */
export const notAForm = (file?: string) =>
  new ApiError(
    400,
    `Send the form as multipart/form-data${file ? `, with the file in the field ${file} and the form's other fields` : ""}`,
  );

const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** busboy for this request, or undefined when the body is no form (no body, another type, no boundary). */
function parserFor(request: Request, limits: busboy.Limits): busboy.Busboy | undefined {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !FORM_TYPE.test(type)) return undefined;
  try {
    // File names as browsers send them (UTF-8, with any path): services clean them.
    return busboy({ headers: { "content-type": type }, limits, defParamCharset: "utf8", preservePath: true });
  } catch {
    return undefined; // no boundary
  }
}

const bodyOf = (request: Request) => Readable.fromWeb(request.body as WebStream<Uint8Array>);

/** The first text (a field's name or value, or a file's name) PostgreSQL cannot store, as a 400. */
function checkStorable(entries: Iterable<readonly [string, FormValue | { name: string }]>) {
  for (const [name, value] of entries) {
    const found = unstorableText({ [name]: typeof value === "string" ? value : value.name });
    if (found) throw refuseUnstorable({ ...found, field: name });
  }
}

// ── Collected forms ──────────────────────────────────────────────────────────────────────────

type Entry = [string, FormValue];
const COLLECTED = new WeakMap<object, Promise<Entry[]>>();

/**
 * The request's form, read once (the unstorable-text middleware reads it first, for every route
 * declared with apiRoute): 400 naming `file` for a body that is no form, 400 naming the field for
 * text PostgreSQL cannot store. Hono's form validators (zod-openapi's, for routes declaring a zod
 * form schema) read the same form from its body cache.
 */
export function receivedForm(c: Context<AppEnv>, file?: string): Promise<Entry[]> {
  const known = COLLECTED.get(c.req);
  if (known) return known;
  const read = collect(c.req.raw, file).then((entries) => {
    checkStorable(entries);
    return entries;
  });
  read.catch(() => {}); // awaited by whoever reads the form; not an unhandled rejection meanwhile
  COLLECTED.set(c.req, read);
  // Hono's validator only calls forEach, as on a FormData (a refusal reaches it as our ApiError).
  const asFormData = read.then((entries) => ({
    forEach: (each: (value: FormValue, key: string) => void) => {
      for (const [key, value] of entries) each(value, key);
    },
  }));
  asFormData.catch(() => {});
  // Hono keeps the promise there (its type says the form).
  c.req.bodyCache.formData = asFormData as unknown as FormData;
  return read;
}

/** The form's fields, the last value of a repeated one (as Hono's parseBody()). */
export async function readForm(c: Context<AppEnv>, file?: string): Promise<Record<string, FormValue>> {
  return Object.fromEntries(await receivedForm(c, file));
}

/** The form's fields, each with all its values in order. */
export async function readFormLists(c: Context<AppEnv>, file?: string): Promise<Record<string, FormValue[]>> {
  // No prototype: a field may be called __proto__.
  const lists: Record<string, FormValue[]> = Object.create(null);
  for (const [key, value] of await receivedForm(c, file)) {
    const list = lists[key];
    if (list) list.push(value);
    else lists[key] = [value];
  }
  return lists;
}

async function collect(request: Request, file?: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  const files: Promise<void>[] = [];
  // The route's body limit (limitBody) bounds the form; a field may be as long as the body.
  await parse(request, { fieldSize: Number.POSITIVE_INFINITY }, file, {
    field: (name, value) => {
      entries.push([name, value]);
    },
    file: (name, stream, info) => {
      const at = entries.push([name, ""]) - 1;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      const read = new Promise<void>((done, fail) => {
        stream.on("error", fail);
        stream.on("end", () => {
          // One copy, of this file's chunks only, as its last chunk arrives; never again after.
          entries[at] = [name, new FormFile(info.filename ?? "", info.mimeType, Buffer.concat(chunks))];
          chunks.length = 0;
          done();
        });
      });
      read.catch(() => {}); // a body that broke off is answered by parse
      files.push(read);
    },
  });
  await Promise.all(files).catch(() => {
    throw notAForm(file);
  });
  return entries;
}

interface PartHandlers {
  field(name: string, value: string): void;
  file(name: string, stream: Readable, info: busboy.FileInfo): void;
  /** The body broke off (over the limit, or the client went away): let a file's consumer clean up. */
  broken?(error: unknown): Promise<void>;
}

/**
 * Feeds the body to busboy as the socket delivers it, until the form's end: 400 naming `file` for
 * a body that is no form, the body limit's 413 (limitBody fails the source past the route's limit).
 */
async function parse(request: Request, limits: busboy.Limits, file: string | undefined, parts: PartHandlers) {
  const parser = parserFor(request, limits);
  if (!parser) throw notAForm(file);
  const source = bodyOf(request);
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("field", parts.field);
    parser.on("file", parts.file);
    parser.on("close", () => resolve());
    parser.on("error", reject);
    source.on("error", reject);
  });
  source.pipe(parser);
  try {
    await finished;
  } catch (error) {
    source.destroy();
    await parts.broken?.(error);
    if (error instanceof ApiError) throw error;
    throw notAForm(file);
  }
}

// ── Streamed forms ───────────────────────────────────────────────────────────────────────────

/**
 * A form read as it arrives (decision 047): its one file goes chunk by chunk to `onFile` (which
 * stores it), its text fields are kept. Routes that use it declare `streamsForm` in apiRoute, so
 * that no middleware collects the form first.
 */
export interface StreamedForm<T> {
  fields: Record<string, string>;
  /** What onFile answered, with the file's name; undefined when the form had no file field. */
  file: { name: string; result: T } | undefined;
}

/** Text fields are short (a level, a format code); anything longer is not the form this route reads. */
const STREAMED_FIELD_MAX_BYTES = 1024;

export async function streamForm<T>(
  request: Request,
  options: { file: string; onFile: (chunks: AsyncIterable<Uint8Array>, name: string) => Promise<T> },
): Promise<StreamedForm<T>> {
  const fields: Record<string, string> = {};
  let fileName = "";
  let file: Promise<{ name: string; result: T }> | undefined;
  let fileStream: Readable | undefined;
  const limits = { files: 1, fields: 20, fieldSize: STREAMED_FIELD_MAX_BYTES, parts: 25 };
  await parse(request, limits, options.file, {
    field: (name, value) => {
      fields[name] = value;
    },
    file: (name, stream, info) => {
      if (name !== options.file || file) {
        stream.resume(); // another file field: not read
        return;
      }
      fileName = info.filename ?? "";
      // Not destroyed when the reader stops early (a refused file): busboy waits for the stream to
      // be read to its end, which the handler below does.
      const chunks = stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
      fileStream = stream;
      file = options.onFile(chunks, fileName).then(
        (result) => ({ name: fileName, result }),
        (error: unknown) => {
          // The rest of the file is read and dropped, so that the form's end (and its answer) comes.
          stream.resume();
          throw error;
        },
      );
      // Settled below, after the whole form: not an unhandled rejection meanwhile.
      file.catch(() => {});
    },
    broken: async (error) => {
      // The file's reader fails too, and the part of the file it stored is removed by onFile's
      // own failure; wait for it.
      fileStream?.destroy(error instanceof Error ? error : new Error("The form broke off"));
      await file?.catch(() => {});
    },
  });
  const stored = await file;
  checkStorable([...Object.entries(fields), ...(file ? [[options.file, { name: fileName }] as const] : [])]);
  return { fields, file: stored };
}
