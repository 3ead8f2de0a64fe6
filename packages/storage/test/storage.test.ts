import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { storageEnvFields, storageFromEnv } from "../src/config";
import { type FileStorage, localDiskStorage } from "../src/index";
import { type LocalS3, startLocalS3 } from "../src/testing";

// One suite, two stores (decision 065): what the API relies on holds on local disk and on a real
// S3 protocol server (s3rver over HTTP, through @aws-sdk/client-s3).

async function* chunksOf(total: number, size: number, failAt?: number): AsyncIterable<Uint8Array> {
  let sent = 0;
  let index = 0;
  while (sent < total) {
    if (failAt !== undefined && sent >= failAt) throw new Error("the upload was refused");
    const length = Math.min(size, total - sent);
    const chunk = new Uint8Array(length);
    for (let i = 0; i < length; i += 1) chunk[i] = (index * 31 + i) % 251;
    yield chunk;
    sent += length;
    index += 1;
  }
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

const stores: [string, () => Promise<{ storage: FileStorage; stop(): Promise<void> }>][] = [
  [
    "local disk",
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), "portal-disk-"));
      return { storage: localDiskStorage(root), stop: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const s3: LocalS3 = await startLocalS3();
      const env = z.object(storageEnvFields).parse({ UPLOAD_DIR: "/nonexistent", ...s3.env });
      return { storage: storageFromEnv(env), stop: () => s3.stop() };
    },
  ],
];

describe.each(stores)("file storage on %s", (_name, open) => {
  let storage: FileStorage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await open());
  });
  afterAll(() => stop());

  it("keeps what is put, answers undefined for a missing key, and removes idempotently", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 certificate");
    await storage.put("certificates/bulk-1.pdf", bytes);
    expect(new Uint8Array((await storage.get("certificates/bulk-1.pdf")) ?? [])).toEqual(bytes);
    expect(await storage.get("certificates/none.pdf")).toBeUndefined();
    expect(await storage.getStream("certificates/none.pdf")).toBeUndefined();
    await storage.remove("certificates/bulk-1.pdf");
    await storage.remove("certificates/bulk-1.pdf");
    expect(await storage.get("certificates/bulk-1.pdf")).toBeUndefined();
  });

  it("streams a file larger than one multipart part both ways, byte for byte", async () => {
    const total = 9 * 1024 * 1024 + 123; // over the 8 MiB part: two parts on S3
    const written = await storage.putStream("answer-files/big.txt", chunksOf(total, 64 * 1024));
    expect(written).toBe(total);
    const stream = await storage.getStream("answer-files/big.txt");
    if (!stream) throw new Error("the file is missing");
    const read = await collect(stream);
    expect(read.length).toBe(total);
    expect(read.equals(await collect(chunksOf(total, 64 * 1024)))).toBe(true);
    expect((await storage.get("answer-files/big.txt"))?.byteLength).toBe(total);
  });

  it("leaves no file when the stream fails, small or past the first part", async () => {
    await storage.put("answer-files/refused.txt", new TextEncoder().encode("older"));
    await expect(storage.putStream("answer-files/refused.txt", chunksOf(100_000, 10_000, 50_000))).rejects.toThrow(
      "the upload was refused",
    );
    expect(await storage.get("answer-files/refused.txt")).toBeUndefined();
    await expect(
      storage.putStream("answer-files/refused-large.txt", chunksOf(20 * 1024 * 1024, 256 * 1024, 9 * 1024 * 1024)),
    ).rejects.toThrow("the upload was refused");
    expect(await storage.get("answer-files/refused-large.txt")).toBeUndefined();
  });

  it("lists every file with its size", async () => {
    await storage.put("photos/a.png", new Uint8Array(10));
    await storage.put("photos/nested/b.png", new Uint8Array(20));
    const listed = new Map<string, number>();
    for await (const file of storage.list()) listed.set(file.key, file.bytes);
    expect(listed.get("photos/a.png")).toBe(10);
    expect(listed.get("photos/nested/b.png")).toBe(20);
    expect(listed.has("answer-files/refused.txt")).toBe(false);
  });

  it("answers its probe when it can be used", async () => {
    await expect(storage.probe()).resolves.toBeUndefined();
  });

  it("refuses keys that could leave its folder or prefix", async () => {
    for (const key of ["../etc/passwd", "photos/../../x", "/abs/x", "Photos/a.png", "photos"]) {
      await expect(storage.put(key, new Uint8Array(1)), key).rejects.toThrow("Unsafe storage key");
    }
  });
});

describe("storage settings", () => {
  const schema = z.object(storageEnvFields);
  const CREDENTIALS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };
  it("keeps files on local disk when STORAGE_URL is unset", () => {
    expect(storageFromEnv(schema.parse({ UPLOAD_DIR: "/srv/uploads" })).where).toBe("local disk in /srv/uploads");
  });
  it("names the bucket, prefix and server of an s3:// URL", () => {
    const env = schema.parse({ STORAGE_URL: "s3://portal-files/season-2026?endpoint=http://minio:9000" });
    expect(storageFromEnv(env).where).toBe("S3 bucket portal-files/season-2026/ at http://minio:9000");
  });
  it("says which bucket cannot be reached when its server is down", async () => {
    const env = schema.parse({ STORAGE_URL: "s3://portal?endpoint=http://127.0.0.1:9", ...CREDENTIALS });
    await expect(storageFromEnv(env).probe()).rejects.toThrow(
      "The S3 bucket portal at http://127.0.0.1:9 cannot be used",
    );
  });
  it("says so when the bucket does not exist", async () => {
    const s3 = await startLocalS3();
    try {
      const env = schema.parse({ ...s3.env, STORAGE_URL: s3.url.replace("s3://portal", "s3://missing-bucket") });
      await expect(storageFromEnv(env).probe()).rejects.toThrow(
        /S3 bucket missing-bucket at .* cannot be used \(HTTP 404\)/,
      );
    } finally {
      await s3.stop();
    }
  });
  it.each([
    ["/srv/files", "must be a URL like s3://bucket"],
    ["https://minio:9000/portal", "must start with s3://"],
    ["s3://UP?endpoint=http://m:9000", "must name the bucket"],
    ["s3://portal?endpoint=minio:9000", "endpoint= must be the server's http:// or https:// address"],
    ["s3://portal?path_style=yes", "path_style= must be true or false"],
    ["s3://portal?bucket=x", "has unknown settings bucket"],
  ])("refuses STORAGE_URL=%s with a message naming the fix", (value, message) => {
    const result = schema.safeParse({ STORAGE_URL: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
