import { z } from "zod";
import { type FileStorage, localDiskStorage, s3Storage } from "./index";
import type { S3StorageOptions } from "./s3";

/**
 * The storage settings (decision 065), shared by the API and `npm run backup` / `restore`, which
 * must find the same files:
 * - nothing set: local disk in UPLOAD_DIR (one instance, `npm start`);
 * - `STORAGE_URL=s3://bucket[/prefix]?endpoint=http://minio:9000&region=us-east-1&path_style=true`,
 *   with `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` (or the SDK's own AWS_… chain).
 */
export const storageEnvFields = {
  /** Folder for uploaded files (profile photos…) when STORAGE_URL is unset; never served directly. */
  UPLOAD_DIR: z.string().min(1, "must be a folder path").default(".data/uploads"),
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      const problem = s3UrlProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
};

export interface StorageEnv {
  UPLOAD_DIR: string;
  STORAGE_URL?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}

const EXAMPLE = "s3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1&path_style=true";

function s3UrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be a URL like ${EXAMPLE}`;
  }
  if (url.protocol !== "s3:")
    return `must start with s3:// (for example ${EXAMPLE}); leave it unset to keep files in UPLOAD_DIR`;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(url.hostname))
    return "must name the bucket after s3:// (3-63 lower-case letters, digits, dots and dashes)";
  const endpoint = url.searchParams.get("endpoint");
  if (endpoint !== null && !/^https?:\/\/[^/]+\/?$/.test(endpoint))
    return `endpoint= must be the server's http:// or https:// address without a path, e.g. http://127.0.0.1:9000`;
  const style = url.searchParams.get("path_style");
  if (style !== null && style !== "true" && style !== "false") return "path_style= must be true or false";
  const known = new Set(["endpoint", "region", "path_style"]);
  const unknown = [...url.searchParams.keys()].filter((name) => !known.has(name));
  if (unknown.length > 0)
    return `has unknown settings ${unknown.join(", ")}: only endpoint, region and path_style are read`;
  return undefined;
}

/** The S3 settings of a valid STORAGE_URL. */
export function s3OptionsOf(env: StorageEnv): S3StorageOptions | undefined {
  if (!env.STORAGE_URL) return undefined;
  const url = new URL(env.STORAGE_URL);
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  const style = url.searchParams.get("path_style");
  return {
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, "")),
    endpoint,
    region: url.searchParams.get("region") ?? "us-east-1",
    // S3-compatible servers on an address of their own expect the bucket in the path.
    forcePathStyle: style === null ? endpoint !== undefined : style === "true",
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** The store the settings name. */
export function storageFromEnv(env: StorageEnv): FileStorage {
  const s3 = s3OptionsOf(env);
  return s3 ? s3Storage(s3) : localDiskStorage(env.UPLOAD_DIR);
}
