// `npm run backup` and `npm run restore`: one archive of the database (PGlite or PostgreSQL, as
// the API is configured: DATABASE_URL, DATA_DIR) and the uploaded files (the upload folder
// UPLOAD_DIR, or the S3 bucket of STORAGE_URL: decision 065), with a manifest
// (docs/decisions/030-operations.md).
//
//   npm run backup                                # writes BACKUP_DIR/portal-<driver>-<time>.tar
//   npm run backup -- --out /srv/backups
//   npm run restore -- <archive> --check          # reads and checks the archive, changes nothing
//   npm run restore -- <archive> --yes            # replaces the database and the uploaded files
//   npm run restore -- <archive> --yes --force    # PostgreSQL: even while other sessions are connected
//
// The embedded database can be backed up and restored only while the portal is stopped; a
// PostgreSQL backup runs while it serves. Exit status: 0 done, 1 refused or failed, 2 usage.
import path from "node:path";
import { loadEnvOrExit } from "@repo/contracts/env";
import { BackupError, type BackupFiles, type BackupSource, createBackup, restoreBackup } from "@repo/db/backup";
import { storageFromEnv } from "@repo/storage/config";
import { backupEnvSchema, sessionDatabaseUrl } from "../apps/api/src/env-storage";

const [command, ...args] = process.argv.slice(2);
const env = loadEnvOrExit(command ?? "backup", backupEnvSchema);
// pg_dump and pg_restore set session state: past a transaction-mode pooler (decision 066).
const databaseUrl = sessionDatabaseUrl(env);
const source: BackupSource = databaseUrl
  ? { driver: "postgres", url: databaseUrl }
  : { driver: "pglite", dataDir: path.resolve(env.DATA_DIR) };
const uploaded: BackupFiles = env.STORAGE_URL
  ? { store: storageFromEnv(env) }
  : { uploadDir: path.resolve(env.UPLOAD_DIR) };
const filesWhere = uploaded.store ? `the ${uploaded.store.where}` : `the upload folder ${uploaded.uploadDir}`;

const files = (n: number) => `${n} file${n === 1 ? "" : "s"}`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const where =
  source.driver === "postgres"
    ? `PostgreSQL (${env.DATABASE_DIRECT_URL ? "DATABASE_DIRECT_URL" : "DATABASE_URL"})`
    : `the embedded database in ${source.dataDir}`;

function usage(message: string): never {
  console.error(`${message}

  npm run backup [-- --out <folder>]
  npm run restore -- <archive> --check
  npm run restore -- <archive> --yes [--force]`);
  process.exit(2);
}

async function main() {
  if (command === "backup") {
    const outAt = args.indexOf("--out");
    const outDir = path.resolve(outAt >= 0 ? (args[outAt + 1] ?? usage("--out needs a folder")) : env.BACKUP_DIR);
    console.log(`Backing up ${where} and the files in ${filesWhere}…`);
    const { file, manifest } = await createBackup({ source, ...uploaded, outDir });
    console.log(`Wrote ${file}
  database: ${mb(manifest.database.bytes)} dump of ${mb(manifest.database.live_bytes)}, migration ${manifest.migrations.last_tag ?? "none"} (${manifest.migrations.applied} applied)
  files:    ${files(manifest.files.count)}, ${mb(manifest.files.bytes)}
  took:     ${seconds(manifest.took_ms)}`);
    return;
  }
  if (command === "restore") {
    const archive = args.find((arg) => !arg.startsWith("--"));
    if (!archive) usage("Which archive? Give its path.");
    const check = args.includes("--check");
    if (!check && !args.includes("--yes")) {
      usage(
        `A restore replaces ${where} and ${filesWhere} with the archive's.\n` +
          "Add --yes to go ahead, or --check to only read and check the archive.",
      );
    }
    const result = await restoreBackup({
      archive: path.resolve(archive),
      target: source,
      ...uploaded,
      checkOnly: check,
      force: args.includes("--force"),
    });
    const m = result.manifest;
    const what = `${m.driver} backup of ${m.created_at}, migration ${m.migrations.last_tag ?? "none"} (${m.migrations.applied} applied), ${files(m.files.count)}`;
    if (check) {
      console.log(`OK: ${archive} is a complete ${what}; every checksum matches. Nothing was changed.`);
      return;
    }
    console.log(`Restored the ${what} in ${seconds(result.tookMs)}.`);
    for (const dir of result.keptAside) console.log(`  the previous data is kept in ${dir} (delete it when satisfied)`);
    console.log("Start the portal: pending migrations of this version run on start.");
    return;
  }
  usage(`Unknown command ${JSON.stringify(command)}.`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
