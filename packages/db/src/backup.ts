import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import type { FileStorage } from "@repo/storage";
import pg from "pg";
import tar from "tar-stream";
import { DataDirInUseError, type Driver, defaultMigrationsFolder, lockDataDir } from "./client";

/**
 * Backups of the whole portal: the database (either driver) and the uploaded files, in one tar
 * archive with a manifest (docs/decisions/030-operations.md).
 *
 *   database.pgdump           PostgreSQL: `pg_dump --format=custom` (a consistent snapshot; the
 *                             portal may keep running)
 *   database.pglite.tar.gz    PGlite: the data folder as PGlite's own `dumpDataDir` (the portal
 *                             must be stopped: PGlite is one process's database)
 *   files/<key>               every uploaded file (the upload folder, or the S3 bucket: decision 065)
 *   files.sha256              `sha256sum -c` listing of files/ (checked on restore)
 *   manifest.json             last: driver, migration level, time, sizes and checksums of the above
 *
 * Restore reads the whole archive into a staging folder and checks every checksum before it
 * touches anything; it refuses an archive of the other driver, of a migration this code does not
 * know, or while the portal is using the database.
 */

export const BACKUP_FORMAT = "exam-portal-backup";
export const BACKUP_VERSION = 1;
const MANIFEST_ENTRY = "manifest.json";
const FILES_INDEX_ENTRY = "files.sha256";
const FILES_PREFIX = "files/";
const DATABASE_ENTRY: Record<Driver, string> = {
  pglite: "database.pglite.tar.gz",
  postgres: "database.pgdump",
};

export type BackupSource = { driver: "pglite"; dataDir: string } | { driver: "postgres"; url: string };

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  took_ms: number;
  driver: Driver;
  /** The migrations applied to the database, by drizzle's record (`drizzle.__drizzle_migrations`). */
  migrations: { applied: number; last_tag: string | null; last_created_at: number | null };
  database: {
    entry: string;
    method: string;
    /** Size of the dump in the archive. */
    bytes: number;
    sha256: string;
    /** `pg_database_size` when it was dumped. */
    live_bytes: number;
  };
  files: { count: number; bytes: number; index_entry: string; index_sha256: string };
}

/** One entry of a tar file being read: its bytes as a stream. */
type TarEntry = tar.Extract extends AsyncIterable<infer Entry> ? Entry : never;

/** A backup or restore that cannot go ahead; its message says why and what to do. */
export class BackupError extends Error {}

/**
 * Where the uploaded files are: the upload folder (UPLOAD_DIR; missing means no files), or a store
 * shared by the API's instances (an S3 bucket, STORAGE_URL; decision 065).
 */
export type BackupFiles = { uploadDir: string; store?: undefined } | { store: FileStorage; uploadDir?: undefined };

export type BackupOptions = BackupFiles & {
  source: BackupSource;
  /** Folder the archive is written to (created if missing). */
  outDir: string;
  migrationsFolder?: string;
  /** Clock for the archive's name and manifest (tests). */
  now?: Date;
};

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

async function readJournal(migrationsFolder: string): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as Journal;
}

type MigrationRow = { created_at: string | number };

/** Drizzle's record of applied migrations; empty when the database was never migrated. */
async function appliedMigrations(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number[]> {
  const exists = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as ok");
  if (!(exists.rows[0] as { ok: boolean }).ok) return [];
  const result = await query("select created_at from drizzle.__drizzle_migrations order by created_at");
  return (result.rows as MigrationRow[]).map((row) => Number(row.created_at));
}

function migrationLevel(applied: number[], journal: Journal): BackupManifest["migrations"] {
  const last = applied.at(-1) ?? null;
  return {
    applied: applied.length,
    last_tag: journal.entries.find((entry) => entry.when === last)?.tag ?? null,
    last_created_at: last,
  };
}

/** The connection for pg_dump, pg_restore and psql: the password in the environment, not on the command line. */
function pgConnection(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    args: [`--dbname=${parsed.toString()}`],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL client tool; rejects with its own error text (which names the problem). */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${command} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client-15, matching the server's major version)`
            : `${command} did not start: ${error.message}`,
        ),
      ),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string, prefix: string) {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), relative);
      else if (entry.isFile()) found.push(relative);
    }
  }
  await walk(root, "");
  return found.sort();
}

/** Holds the embedded database folder, or refuses because the portal is using it. */
function lockOrRefuse(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new BackupError(error.message);
    throw error;
  }
}

/** The files to back up, sorted by key, and a way to read each (undefined: removed meanwhile). */
async function filesOf(
  files: BackupFiles,
): Promise<{ keys: { key: string; bytes: number }[]; open(key: string): Promise<Readable | undefined> }> {
  if (files.store) {
    const { store } = files;
    const keys: { key: string; bytes: number }[] = [];
    for await (const file of store.list()) keys.push(file);
    keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { keys, open: (key) => store.getStream(key) };
  }
  const root = files.uploadDir;
  const keys: { key: string; bytes: number }[] = [];
  for (const key of await listFiles(root)) {
    const info = await stat(path.join(root, key)).catch(() => undefined);
    if (info) keys.push({ key, bytes: info.size });
  }
  return {
    keys,
    async open(key) {
      const stream = createReadStream(path.join(root, key));
      try {
        await new Promise<void>((done, fail) => {
          stream.once("open", () => done());
          stream.once("error", fail);
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
      return stream;
    },
  };
}

function addEntry(pack: tar.Pack, name: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: bytes.length, mode: 0o600, mtime: new Date() }, bytes, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

/**
 * Writes one archive of the database and the upload folder into `outDir` and returns its path
 * and manifest. The archive appears under its final name only when complete.
 */
export async function createBackup(options: BackupOptions): Promise<{ file: string; manifest: BackupManifest }> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const { source } = options;
  const journal = await readJournal(options.migrationsFolder ?? defaultMigrationsFolder());
  await mkdir(options.outDir, { recursive: true });
  const file = path.join(options.outDir, `portal-${source.driver}-${stamp(now)}.tar`);
  const partial = `${file}.partial-${randomBytes(4).toString("hex")}`;
  const dumpFile = `${partial}.dump`;

  try {
    // The database first: a file uploaded meanwhile is kept (unreferenced) rather than missed.
    let database: { bytes: number; sha256: string; live: number; method: string; migrations: number[] };
    let dumped: Buffer | null = null;
    if (source.driver === "postgres") {
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      let live: number;
      let migrations: number[];
      try {
        live = Number(
          (await client.query<{ n: string }>("select pg_database_size(current_database()) as n")).rows[0]?.n ?? 0,
        );
        migrations = await appliedMigrations((text) => client.query(text));
      } finally {
        await client.end();
      }
      const connection = pgConnection(source.url);
      await runTool("pg_dump", ["--format=custom", `--file=${dumpFile}`, ...connection.args], connection.env);
      const hash = createHash("sha256");
      await pipeline(createReadStream(dumpFile), hash);
      database = {
        bytes: (await stat(dumpFile)).size,
        sha256: hash.digest("hex"),
        live,
        method: "pg_dump --format=custom",
        migrations,
      };
    } else {
      const unlock = lockOrRefuse(source.dataDir);
      try {
        const client = await PGlite.create({ dataDir: path.resolve(source.dataDir) });
        try {
          const live = Number(
            (await client.query<{ n: string }>("select pg_database_size(current_database()) as n")).rows[0]?.n ?? 0,
          );
          const migrations = await appliedMigrations((text) => client.query(text));
          dumped = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
          database = {
            bytes: dumped.length,
            sha256: sha256(dumped),
            live,
            method: "PGlite dumpDataDir (gzip) with the portal stopped",
            migrations,
          };
        } finally {
          await client.close();
        }
      } finally {
        unlock();
      }
    }

    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(partial, { mode: 0o600 }));
    const dbEntry = DATABASE_ENTRY[source.driver];
    if (dumped) await addEntry(pack, dbEntry, dumped);
    else {
      const entry = pack.entry({ name: dbEntry, size: database.bytes, mode: 0o600 });
      await pipeline(createReadStream(dumpFile), entry);
    }

    const index: string[] = [];
    let filesBytes = 0;
    const files = await filesOf(options);
    // Each file streams into the archive (an answer file may be hundreds of MB: decision 047).
    for (const { key, bytes } of files.keys) {
      const stream = await files.open(key);
      if (!stream) continue; // removed while we ran
      const hash = createHash("sha256");
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(stream, hashing, pack.entry({ name: `${FILES_PREFIX}${key}`, size: bytes, mode: 0o600 }));
      index.push(`${hash.digest("hex")}  ${FILES_PREFIX}${key}`);
      filesBytes += bytes;
    }
    const indexText = index.length ? `${index.join("\n")}\n` : "";
    await addEntry(pack, FILES_INDEX_ENTRY, Buffer.from(indexText));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: now.toISOString(),
      took_ms: 0,
      driver: source.driver,
      migrations: migrationLevel(database.migrations, journal),
      database: {
        entry: dbEntry,
        method: database.method,
        bytes: database.bytes,
        sha256: database.sha256,
        live_bytes: database.live,
      },
      files: {
        count: index.length,
        bytes: filesBytes,
        index_entry: FILES_INDEX_ENTRY,
        index_sha256: sha256(indexText),
      },
    };
    manifest.took_ms = Date.now() - started;
    await addEntry(pack, MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    pack.finalize();
    await written;
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(dumpFile, { force: true });
    await rm(partial, { force: true });
  }
}

// ── Restore ───────────────────────────────────────────────────────────────────────────────────

export type RestoreOptions = BackupFiles & {
  archive: string;
  /** Where to restore: must be the driver the archive was made from. */
  target: BackupSource;
  migrationsFolder?: string;
  /** Only read and check the archive; change nothing. */
  checkOnly?: boolean;
  /** PostgreSQL: restore even while other sessions use the database. */
  force?: boolean;
};

export interface RestoreResult {
  manifest: BackupManifest;
  /** What the restore replaced, kept beside it (empty for PostgreSQL, whose restore is one transaction). */
  keptAside: string[];
  tookMs: number;
}

const SAFE_FILE = /^files\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Reads the archive into `staging`, checking every entry; returns the manifest. */
async function stageArchive(archive: string, staging: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist`);
  const hashes = new Map<string, { sha256: string; bytes: number }>();
  let manifestText: string | undefined;
  let indexText: string | undefined;
  try {
    await eachEntry(archive, async (header, entry) => {
      const name = header.name;
      if (header.type !== "file") throw new BackupError(`The archive holds ${name}, which is not a file`);
      const hash = createHash("sha256");
      let bytes = 0;
      if (name === MANIFEST_ENTRY || name === FILES_INDEX_ENTRY) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        const text = Buffer.concat(chunks).toString("utf8");
        if (name === MANIFEST_ENTRY) manifestText = text;
        else indexText = text;
        bytes = Buffer.byteLength(text);
        hash.update(text);
      } else {
        const isDatabase = Object.values(DATABASE_ENTRY).includes(name);
        if (!isDatabase && (!SAFE_FILE.test(name) || name.includes(".."))) {
          throw new BackupError(
            `The archive holds an unexpected entry ${JSON.stringify(name)}: it is not a portal backup`,
          );
        }
        const target = path.join(staging, name);
        await mkdir(path.dirname(target), { recursive: true });
        const counting = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            bytes += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(entry, counting, createWriteStream(target, { mode: 0o600 }));
      }
      hashes.set(name, { sha256: hash.digest("hex"), bytes });
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${archive} is not a readable portal backup (${(error as Error).message})`);
  }

  if (manifestText === undefined) {
    throw new BackupError(`${archive} has no manifest.json: it is not a complete portal backup (was it cut short?)`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new BackupError(`The manifest of ${archive} is not valid JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${archive} is not a version-${BACKUP_VERSION} portal backup (format ${JSON.stringify(manifest.format)}, version ${JSON.stringify(manifest.version)})`,
    );
  }
  const damaged = (what: string) =>
    new BackupError(`${archive} is damaged: ${what} does not match its checksum in the manifest. Use another backup.`);
  const db = hashes.get(manifest.database.entry);
  if (!db || db.sha256 !== manifest.database.sha256 || db.bytes !== manifest.database.bytes) {
    throw damaged(`the database dump (${manifest.database.entry})`);
  }
  if (indexText === undefined || sha256(indexText) !== manifest.files.index_sha256) throw damaged("the file list");
  const listed = indexText
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [hash, name] = [line.slice(0, 64), line.slice(66)];
      return { hash, name };
    });
  const stored = [...hashes.keys()].filter((name) => name.startsWith(FILES_PREFIX));
  if (listed.length !== manifest.files.count || stored.length !== listed.length) {
    throw damaged(`the number of files (${stored.length} stored, ${manifest.files.count} listed)`);
  }
  for (const { hash, name } of listed) {
    if (hashes.get(name)?.sha256 !== hash) throw damaged(name);
  }
  return manifest;
}

/** Refuses an archive this code cannot restore; the message says which and why. */
function checkCompatible(manifest: BackupManifest, target: BackupSource, journal: Journal, archive: string) {
  if (manifest.driver !== target.driver) {
    const configured =
      target.driver === "postgres"
        ? "PostgreSQL (DATABASE_URL is set)"
        : "the embedded database (DATABASE_URL is unset)";
    throw new BackupError(
      `${path.basename(archive)} is a backup of ${manifest.driver === "postgres" ? "a PostgreSQL" : "an embedded (PGlite)"} database, ` +
        `but this portal is configured for ${configured}. Restore it with the same database driver it was made from.`,
    );
  }
  const last = manifest.migrations.last_created_at;
  const known = journal.entries.findIndex((entry) => entry.when === last);
  if (last !== null && (known === -1 || known + 1 !== manifest.migrations.applied)) {
    throw new BackupError(
      `${path.basename(archive)} was made by a newer or different version of the portal: its database has migration ` +
        `${manifest.migrations.last_tag ?? last} (${manifest.migrations.applied} applied), which this code does not have ` +
        `(its last is ${journal.entries.at(-1)?.tag}). Restore it with the version of the portal that made it.`,
    );
  }
}

/** Sessions other than ours on the database (a running API holds a pool of them). */
async function otherSessions(url: string): Promise<{ count: number; names: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number; names: string | null }>(
      `select count(*)::int as n, string_agg(distinct coalesce(nullif(application_name, ''), client_addr::text, 'local'), ', ') as names
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return { count: rows[0]?.n ?? 0, names: rows[0]?.names ?? "" };
  } finally {
    await client.end();
  }
}

/** pg_restore's script of the dump, after a prelude that empties the database, in one psql transaction. */
function restorePostgres(url: string, dumpFile: string): Promise<void> {
  const connection = pgConnection(url);
  return new Promise((resolve, reject) => {
    const psql = spawn(
      "psql",
      // --single-transaction applies to --file (here stdin): BEGIN first, COMMIT last, ROLLBACK on an error.
      ["--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1", "--file=-", ...connection.args],
      { env: connection.env, stdio: ["pipe", "ignore", "pipe"] },
    );
    const restore = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file=-", dumpFile], {
      env: connection.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let errors = "";
    psql.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString("utf8");
    });
    restore.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString("utf8");
    });
    const missing = (command: string) => (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${command} is not installed: install the PostgreSQL client tools (postgresql-client-15)`
            : `${command} did not start: ${error.message}`,
        ),
      );
    psql.on("error", missing("psql"));
    restore.on("error", missing("pg_restore"));
    // Everything the dump creates goes first; nothing of the current database survives the restore.
    psql.stdin.write(
      "drop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n",
    );
    restore.stdout.pipe(psql.stdin);
    let restoreCode: number | null = null;
    restore.on("close", (code) => {
      restoreCode = code;
    });
    psql.on("close", (code) => {
      if (code === 0 && restoreCode === 0) resolve();
      else
        reject(
          new BackupError(`The restore failed and was rolled back; the database is unchanged. ${errors.trim()}`.trim()),
        );
    });
  });
}

/** Moves `dir` aside (if it exists) and returns where to, for the operator to delete later. */
async function moveAside(dir: string, when: string): Promise<string | undefined> {
  if (!existsSync(dir)) return undefined;
  const aside = `${dir}.before-restore-${when}`;
  await rename(dir, aside);
  return aside;
}

/**
 * Restores an archive made by `createBackup`: checks it whole, then replaces the database and the
 * upload folder. The embedded database and the old upload folder are moved aside, not deleted.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const when = stamp(new Date());
  const uploadDir = options.store ? undefined : path.resolve(options.uploadDir);
  const staging = `${uploadDir ?? path.join(tmpdir(), "portal-backup")}.restoring-${randomBytes(4).toString("hex")}`;
  const journal = await readJournal(options.migrationsFolder ?? defaultMigrationsFolder());
  const keptAside: string[] = [];
  let unlock = () => {};
  try {
    const manifest = await stageArchive(options.archive, staging);
    checkCompatible(manifest, options.target, journal, options.archive);
    if (options.checkOnly) return { manifest, keptAside, tookMs: Date.now() - started };

    const dumpFile = path.join(staging, manifest.database.entry);
    const { target } = options;
    if (target.driver === "postgres") {
      const others = await otherSessions(target.url);
      if (others.count > 0 && !options.force) {
        throw new BackupError(
          `${others.count} other session(s) use this database (${others.names}): stop the portal's API first, ` +
            "or add --force to restore under them.",
        );
      }
      await restorePostgres(target.url, dumpFile);
    } else {
      const dataDir = path.resolve(target.dataDir);
      unlock = lockOrRefuse(dataDir);
      const aside = await moveAside(dataDir, when);
      try {
        const client = await PGlite.create({
          dataDir,
          loadDataDir: new Blob([await readFile(dumpFile)]),
        });
        await client.close();
      } catch (error) {
        await rm(dataDir, { recursive: true, force: true });
        if (aside) await rename(aside, dataDir);
        throw new BackupError(
          `The embedded database did not load from the archive (${(error as Error).message}); the old one is back in place.`,
        );
      }
      if (aside) keptAside.push(aside);
    }

    // The files last: a failed database restore leaves the files as they were.
    const restored = path.join(staging, "files");
    await mkdir(restored, { recursive: true });
    if (options.store) {
      await restoreIntoStore(options.store, restored);
      return { manifest, keptAside, tookMs: Date.now() - started };
    }
    const folder = path.resolve(options.uploadDir);
    const asideFiles = await moveAside(folder, when);
    await mkdir(path.dirname(folder), { recursive: true });
    await rename(restored, folder);
    if (asideFiles) keptAside.push(asideFiles);
    return { manifest, keptAside, tookMs: Date.now() - started };
  } finally {
    unlock();
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Makes the store hold exactly the staged files: each is written (streamed), then every other key
 * is removed. A bucket keeps no copy aside; bucket versioning keeps the old objects where that is
 * wanted (decision 065).
 */
async function restoreIntoStore(store: FileStorage, folder: string): Promise<void> {
  const keep = new Set(await listFiles(folder));
  for (const key of keep) await store.putStream(key, createReadStream(path.join(folder, key)));
  const stale: string[] = [];
  for await (const { key } of store.list()) if (!keep.has(key)) stale.push(key);
  for (const key of stale) await store.remove(key);
}

/** Writes an archive of the given entries, in order (tests that alter a backup use it). */
export async function writeArchive(file: string, entries: { name: string; bytes: Buffer }[]): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(file));
  for (const entry of entries) await addEntry(pack, entry.name, entry.bytes);
  pack.finalize();
  await written;
}

/**
 * Calls `handle` for each entry of a tar file, one after another. Rejects on the first error of
 * the file, the tar reader (a cut or foreign file) or a handler.
 */
function eachEntry(file: string, handle: (header: tar.Header, entry: TarEntry) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const extract = tar.extract();
    const fail = (error: unknown) => {
      extract.destroy();
      reject(error);
    };
    extract.on("entry", (header, entry, next) => {
      // The reader's own error (a cut file) reaches `fail` through the extractor; the entry is
      // destroyed with it too, and must not throw it a second time as an unhandled event.
      entry.on("error", () => {});
      handle(header, entry).then(() => next(), fail);
    });
    extract.on("finish", resolve);
    extract.on("error", fail);
    const input = createReadStream(file);
    input.on("error", fail);
    input.pipe(extract);
  });
}

/** Every entry of an archive, read into memory (tests). */
export async function readArchive(file: string): Promise<{ name: string; bytes: Buffer }[]> {
  const entries: { name: string; bytes: Buffer }[] = [];
  await eachEntry(file, async (header, entry) => {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: header.name, bytes: Buffer.concat(chunks) });
  });
  return entries;
}
