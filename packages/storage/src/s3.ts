import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { checkedKey, type FileStorage } from "./index";

export interface S3StorageOptions {
  bucket: string;
  /** Keys live under this prefix inside the bucket ("" for the bucket's top). */
  prefix: string;
  /** The server's URL, for S3-compatible servers (MinIO, s3rver); AWS when undefined. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (MinIO, s3rver) instead of the host name. */
  forcePathStyle: boolean;
  /** Undefined: the SDK's own chain (AWS_ACCESS_KEY_ID…, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Bytes buffered for one part of a multipart upload; S3's smallest part is 5 MiB. */
const PART_SIZE = 8 * 1024 * 1024;

function notFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

/** Files as objects in an S3-compatible bucket, shared by every API instance (decision 065). */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: the newer default streams uploads as aws-chunked
    // with a trailing checksum, which several S3-compatible servers do not read (decision 065).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, "")}/` : "";
  const Key = (key: string) => prefix + checkedKey(key);
  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
  };
  const body = async (key: string) => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
      return answer.Body;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  };

  return {
    where: `S3 bucket ${Bucket}${prefix ? `/${prefix}` : ""}${options.endpoint ? ` at ${options.endpoint}` : ""}`,
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes, ContentLength: bytes.byteLength }));
    },
    async get(key) {
      const found = await body(key);
      return found ? await found.transformToByteArray() : undefined;
    },
    remove,
    async putStream(key, chunks) {
      const target = Key(key);
      let bytes = 0;
      async function* counted() {
        for await (const chunk of chunks) {
          bytes += chunk.byteLength;
          yield chunk;
        }
      }
      // One part in memory at a time (queueSize 1): a small file is one PutObject, a large one a
      // multipart upload that S3 assembles; a failed upload is aborted, its parts removed.
      const upload = new Upload({
        client,
        params: { Bucket, Key: target, Body: Readable.from(counted()) },
        partSize: PART_SIZE,
        queueSize: 1,
        // Aborted below instead, so that the caller sees why the upload failed, not the abort's answer.
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        // Half a file is no file, and an earlier file under the key is gone too, as on local disk.
        // A server that cannot abort (s3rver) keeps the parts; a bucket lifecycle rule removes
        // incomplete uploads after a day (docs/decisions/065).
        if (upload.uploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key: target, UploadId: upload.uploadId }))
            .catch(() => undefined);
        }
        await remove(key).catch(() => undefined);
        throw error;
      }
      return bytes;
    },
    async getStream(key) {
      const found = await body(key);
      return found ? (found as Readable) : undefined;
    },
    async probe() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : "";
        throw new Error(
          `The ${this.where} cannot be used${status}: ${error instanceof Error ? error.message || error.name : String(error)}`,
        );
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key.slice(prefix.length), bytes: item.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
