import { createReadStream } from "node:fs";
import { mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where uploaded files live. Local disk by default (a folder that no web server serves); an
 * S3-compatible store can implement the same calls (the streams are a multipart upload and a
 * GetObject body). Large files (answer sheets, problems files) go through the streams only, so
 * that no process holds one whole (decision 047).
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  remove(key: string): Promise<void>;
  /** Writes the chunks as they come (backpressure: the next is read when one is written); the bytes written. */
  putStream(key: string, chunks: AsyncIterable<Uint8Array>): Promise<number>;
  /** The file as a stream of chunks, undefined when there is none. */
  getStream(key: string): Promise<Readable | undefined>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9._-]+)+$/;

export function localDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    // Keys are made by the API, never by callers; refuse anything that could leave the folder.
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async putStream(key, chunks) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      let bytes = 0;
      async function* counted() {
        for await (const chunk of chunks) {
          bytes += chunk.byteLength;
          yield chunk;
        }
      }
      // Opened before the first chunk: a stream that opens the file itself does so later, and a
      // file refused at its first chunk could then be created after the clean-up below removed it.
      const handle = await open(file, "w");
      try {
        await pipeline(counted, handle.createWriteStream());
      } catch (error) {
        // Half a file is no file: a failed or refused upload leaves nothing behind.
        await rm(file, { force: true });
        throw error;
      }
      return bytes;
    },
    async getStream(key) {
      const stream = createReadStream(resolve(key), { highWaterMark: 256 * 1024 });
      try {
        await new Promise<void>((done, fail) => {
          stream.once("open", () => done());
          stream.once("error", fail);
        });
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
      return stream;
    },
  };
}
