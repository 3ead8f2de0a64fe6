import type { Readable } from "node:stream";

export { localDiskStorage } from "./local-disk";
export { type S3StorageOptions, s3Storage } from "./s3";

/**
 * Where uploaded files live (decision 065): local disk by default (one API instance, `npm start`),
 * an S3-compatible bucket when several instances share the files. Both keep the same promises,
 * checked by one suite (`packages/storage/test/storage.test.ts`). Large files (answer sheets,
 * problems files) go through the streams only, so that no process holds one whole (decision 047).
 */
export interface FileStorage {
  /** "local disk in …" or "S3 bucket … at …", for logs and the backup's messages. */
  readonly where: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes the file; a missing file is no error. */
  remove(key: string): Promise<void>;
  /**
   * Writes the chunks as they come (backpressure: the next is read when one is written) and
   * returns the bytes written. A failed or refused stream leaves no file under the key.
   */
  putStream(key: string, chunks: AsyncIterable<Uint8Array>): Promise<number>;
  /** The file as a stream of chunks, undefined when there is none. */
  getStream(key: string): Promise<Readable | undefined>;
  /** Every file (keys in no promised order), with its size: for backups and checks. */
  list(): AsyncIterable<{ key: string; bytes: number }>;
  /** Throws, saying why, when the store cannot be used (the API checks at start). */
  probe(): Promise<void>;
}

/** Keys are made by the API, never by callers: lower-case folders, then file names. */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9._-]+)+$/;

/** Refuses a key that could leave the store's folder or prefix (both stores call it). */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes("..")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
  return key;
}
