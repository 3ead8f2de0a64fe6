import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openAsBlob,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, type Db, type Driver, defaultMigrationsFolder, openDatabase, schema } from "./client";
import { seedDemoData } from "./seed/demo";

/**
 * Test databases on both drivers. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
 * Each test file gets a fresh, migrated database cloned from a template (a PGlite dump or a
 * PostgreSQL template database), because migrating from scratch per file is slow on 2 cores.
 */
export function testDrivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase extends Database {
  /** PostgreSQL URL of this test database (postgres driver only). */
  readonly url: string | undefined;
}

const migrationsFolder = defaultMigrationsFolder();
const cacheDir = fileURLToPath(new URL("../../../node_modules/.cache/portal-test/", import.meta.url));

/** Changes whenever a migration or the demo seed changes, so stale templates are never reused. */
function migrationsHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  // Every seed file: each feature adds its own demo data there.
  walk(fileURLToPath(new URL("seed/", import.meta.url)));
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 12);
}

/**
 * What makes a PGlite test database cheap to open (each test file opens one or two): most of the
 * cost is PostgreSQL zeroing its shared buffers at start and the data folder being copied into
 * memory. So the template has 32 MB of shared buffers instead of 128 MB (a test database holds a
 * few MB; the embedded file system is memory anyway), 1 MB WAL segments instead of one 16 MB
 * file, and no template0/template1 (no test creates a database on PGlite): 26 MB instead of 48 MB.
 * Measured: about 1 s of CPU per open instead of 3 s. Bump the suffix when this changes.
 */
const PGLITE_TEMPLATE_VERSION = "slim1";
const PGLITE_TEMPLATE_SETUP = [
  "alter system set shared_buffers = '32MB'",
  "alter system set min_wal_size = '2MB'",
  "alter system set max_wal_size = '8MB'",
  "alter database template1 is_template false",
  "drop database template1",
  "alter database template0 is_template false",
  "drop database template0",
  "checkpoint",
];

/**
 * Moves a finished template into place unless another worker got there first. Never replaces: a
 * file-backed Blob of the old file (another worker's, opened a moment ago) fails to read with
 * "The blob could not be read" once its file is swapped, which is how two workers building the
 * template at once on a fresh machine failed CI. `link` is atomic and refuses an existing name.
 */
export function publishOnce(tmp: string, file: string) {
  try {
    linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** A builder that holds a lock this long has died: its lock is taken over. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Runs `build` unless `file` exists, in one process at a time: on a fresh clone every worker
 * starts by asking for the same template, and each used to build it (decision 069). The others
 * wait for the file; a lock left by a builder that died is taken over after STALE_LOCK_MS.
 */
export async function buildOnce(file: string, build: () => Promise<void>): Promise<void> {
  const lock = `${file}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  while (!existsSync(file)) {
    let fd: number | undefined;
    try {
      fd = openSync(lock, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
      } catch {
        // The builder finished and removed its lock between the two calls.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (!existsSync(file)) await build();
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
}

async function pgliteTemplate(seeded: boolean): Promise<Blob> {
  const file = path.join(cacheDir, `pglite-${migrationsHash()}-${PGLITE_TEMPLATE_VERSION}${seeded ? "-demo" : ""}.tar`);
  await buildOnce(file, async () => {
    const client = await PGlite.create({ initDbStartParams: ["--wal-segsize=1"] });
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    if (seeded) await seedDemoData(db as unknown as Db);
    for (const statement of PGLITE_TEMPLATE_SETUP) await client.query(statement);
    const dump = await client.dumpDataDir("none");
    await client.close();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    publishOnce(tmp, file);
  });
  // A file-backed Blob: read once when PGlite loads it, not copied into a buffer and a Blob first.
  return openAsBlob(file);
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function postgresTemplate(adminUrl: string, seeded: boolean): Promise<string> {
  const name = `portal_tpl_${migrationsHash()}${seeded ? "_demo" : ""}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One builder at a time (decision 069); the lock ends with this connection.
    await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    const building = `${name}_${randomBytes(3).toString("hex")}`;
    await admin.query(`create database "${building}"`);
    const database = await openDatabase({ url: withDatabase(adminUrl, building), migrationsFolder, maxConnections: 1 });
    if (seeded) await seedDemoData(database.db);
    await database.close();
    try {
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } catch {
      // Another worker finished first; use theirs.
      await admin.query(`drop database if exists "${building}"`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file. With `demo: true` it also holds the demo data
 * (geography, schools, students, one user per role with the password Demo@12345).
 */
export async function createTestDatabase(driver: Driver, options: { demo?: boolean } = {}): Promise<TestDatabase> {
  const seeded = options.demo === true;
  if (driver === "pglite") {
    const database = await openDatabase({ loadDataDir: await pgliteTemplate(seeded), migrate: false });
    return { ...database, url: undefined };
  }
  const created = await createTestDatabaseUrl(options);
  const database = await openDatabase({ url: created.url, migrate: false, maxConnections: 4 });
  return {
    ...database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A fresh, migrated PostgreSQL database for one test, without a connection to it (a test that
 * needs the database to itself, such as a restore, opens and closes its own). `drop()` removes it.
 */
export async function createTestDatabaseUrl(
  options: { demo?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = await postgresTemplate(adminUrl, options.demo === true);
  const name = `portal_t_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/** A migrated embedded database in a folder on disk (the way the API opens it), from the test template. */
export async function createTestDataDir(dataDir: string, options: { demo?: boolean } = {}): Promise<void> {
  const client = await PGlite.create({ dataDir, loadDataDir: await pgliteTemplate(options.demo === true) });
  await client.close();
}
