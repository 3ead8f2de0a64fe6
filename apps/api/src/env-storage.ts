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
  /**
   * "pgbouncer" when DATABASE_URL goes through PgBouncer in transaction mode: statements then go
   * unnamed and the presence locks use DATABASE_DIRECT_URL (docs/decisions/066).
   */
  DATABASE_POOLER: z
    .enum(["none", "pgbouncer"], { error: "must be none or pgbouncer (PgBouncer in transaction mode)" })
    .default("none"),
  /** PostgreSQL itself (or a session-mode pool), past the pooler: presence locks, backups and restores. */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1, "must be a folder path").default(".data/pglite"),
  /** Uploaded files: UPLOAD_DIR on local disk, or an S3 bucket named by STORAGE_URL (decision 065). */
  ...fileStorageFields,
};

/** A pooler needs the server behind it and a way past it (decision 066). */
export function checkDatabasePooler(
  env: {
    DATABASE_URL?: string | undefined;
    DATABASE_POOLER: "none" | "pgbouncer";
    DATABASE_DIRECT_URL?: string | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (env.DATABASE_POOLER !== "pgbouncer") return;
  if (!env.DATABASE_URL) {
    context.addIssue({
      code: "custom",
      path: ["DATABASE_URL"],
      message: "must be set (PgBouncer's address) when DATABASE_POOLER is pgbouncer",
    });
  }
  if (!env.DATABASE_DIRECT_URL) {
    context.addIssue({
      code: "custom",
      path: ["DATABASE_DIRECT_URL"],
      message:
        "must be set when DATABASE_POOLER is pgbouncer: PostgreSQL itself or a session-mode pool, for the locks that show which API instances are alive (a transaction-mode pool cannot hold them)",
    });
  }
}

/** The database URL that reaches PostgreSQL as one session: the direct one behind a pooler. */
export function sessionDatabaseUrl(env: {
  DATABASE_URL?: string | undefined;
  DATABASE_DIRECT_URL?: string | undefined;
}): string | undefined {
  return env.DATABASE_DIRECT_URL ?? env.DATABASE_URL;
}

/** `npm run backup` and `npm run restore`: the storage above, and where archives go. */
export const backupEnvSchema = z
  .object({
    ...storageEnvFields,
    /** Folder `npm run backup` writes its archives to. */
    BACKUP_DIR: z.string().min(1, "must be a folder path").default(".data/backups"),
  })
  .superRefine(checkDatabasePooler);
