import { storageEnvFields as fileStorageFields } from "@repo/storage/config";
import { z } from "zod";

/**
 * Where the portal keeps its data: shared by the API's configuration (env.ts) and by
 * `npm run backup` / `npm run restore`, which must find the same database and files.
 */
export const storageEnvFields = {
  /** PostgreSQL server; when unset the API uses embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1, "must be a folder path").default(".data/pglite"),
  /** Uploaded files: UPLOAD_DIR on local disk, or an S3 bucket named by STORAGE_URL (decision 065). */
  ...fileStorageFields,
};

/** `npm run backup` and `npm run restore`: the storage above, and where archives go. */
export const backupEnvSchema = z.object({
  ...storageEnvFields,
  /** Folder `npm run backup` writes its archives to. */
  BACKUP_DIR: z.string().min(1, "must be a folder path").default(".data/backups"),
});
