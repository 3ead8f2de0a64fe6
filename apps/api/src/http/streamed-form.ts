import { Readable } from "node:stream";
import busboy from "busboy";
import { ApiError } from "./errors";
import { refuseUnstorable, unstorableText } from "./storable-text";

/**
 * A multipart form read as it arrives (decision 047): its one file goes chunk by chunk to
 * `onFile` (which stores it), its text fields are kept. Hono's parseBody holds the whole body
 * (and the file again as a File), several times a 250 MB answer-sheet file. Routes that use it
 * declare `streamsForm` in apiRoute, so that no middleware parses the form first.
 */
export interface StreamedForm<T> {
  fields: Record<string, string>;
  /** What onFile answered, with the file's name; undefined when the form had no file field. */
  file: { name: string; result: T } | undefined;
}

/** Text fields are short (a level, a format code); anything longer is not the form this route reads. */
const FIELD_MAX_BYTES = 1024;

export async function readStreamedForm<T>(
  request: Request,
  options: { file: string; onFile: (chunks: AsyncIterable<Uint8Array>, name: string) => Promise<T> },
): Promise<StreamedForm<T>> {
  const type = request.headers.get("content-type") ?? "";
  const notAForm = () =>
    new ApiError(
      400,
      `Send the file as multipart/form-data with the field ${options.file} and the form's other fields`,
    );
  if (!request.body || !type.toLowerCase().startsWith("multipart/form-data")) throw notAForm();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { files: 1, fields: 20, fieldSize: FIELD_MAX_BYTES, parts: 25 },
    });
  } catch {
    throw notAForm(); // no boundary
  }
  const fields: Record<string, string> = {};
  let file: Promise<{ name: string; result: T }> | undefined;
  let fileStream: Readable | undefined;
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== options.file || file) {
        stream.resume(); // another file field: not read
        return;
      }
      // Not destroyed when the reader stops early (a refused file): busboy waits for the stream to
      // be read to its end, which the handler below does.
      const chunks = stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
      fileStream = stream;
      file = options.onFile(chunks, info.filename ?? "").then(
        (result) => ({ name: info.filename ?? "", result }),
        (error: unknown) => {
          // The rest of the file is read and dropped, so that the form's end (and its answer) comes.
          stream.resume();
          throw error;
        },
      );
      // Settled below, after the whole form: not an unhandled rejection meanwhile.
      file.catch(() => {});
    });
    parser.on("close", () => resolve());
    parser.on("error", reject);
    // The body limit (limitBody) fails the source when a streamed body passes the route's limit.
    source.on("error", reject);
  });
  source.pipe(parser);
  try {
    await finished;
  } catch (error) {
    source.destroy();
    // The body broke off (over the limit, or the client went away): the file's reader fails too,
    // and the part of the file it stored is removed by onFile's own failure; wait for it.
    fileStream?.destroy(error instanceof Error ? error : new Error("The form broke off"));
    await file?.catch(() => {});
    if (error instanceof ApiError) throw error;
    throw notAForm();
  }
  const stored = await file;
  const unstorable = unstorableText(fields);
  if (unstorable) throw refuseUnstorable(unstorable);
  return { fields, file: stored };
}
