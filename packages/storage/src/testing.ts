/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
// s3rver speaks the S3 protocol over HTTP, storing objects in a folder: a real S3 server for tests
// and the rehearsal, where MinIO is not installed (decision 065).
import S3rver from "s3rver";

export interface LocalS3 {
  /** STORAGE_URL for the bucket. */
  url: string;
  env: { STORAGE_URL: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  stop(): Promise<void>;
}

/** Starts an S3 server on 127.0.0.1 (port 0: any free one) with one empty bucket. */
export async function startLocalS3(
  options: { bucket?: string; port?: number; directory?: string } = {},
): Promise<LocalS3> {
  const bucket = options.bucket ?? "portal";
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), "portal-s3-")));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as { address: string; port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;
  const url = `s3://${bucket}?endpoint=${endpoint}&region=us-east-1&path_style=true`;
  return {
    url,
    // s3rver's fixed credentials.
    env: { STORAGE_URL: url, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    async stop() {
      // The SDK keeps connections alive; close() alone would wait for them to time out.
      server.httpServer?.closeAllConnections();
      await server.close();
      if (!options.directory) await rm(directory, { recursive: true, force: true });
    },
  };
}
