import { createReadStream } from "node:fs";
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { checkedKey, type FileStorage } from "./index";

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Files in a folder that no web server serves (UPLOAD_DIR). */
export function localDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  return {
    where: `local disk in ${path.resolve(root)}`,
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
    async probe() {
      await mkdir(root, { recursive: true });
    },
    async *list() {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true, encoding: "utf8" });
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const info = await stat(path.join(root, entry)).catch(() => undefined);
        if (info?.isFile()) yield { key: entry.split(path.sep).join("/"), bytes: info.size };
      }
    },
  };
}
