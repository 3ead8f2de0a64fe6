import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { type Database, defaultMigrationsFolder, openDatabase, queryRows } from "@repo/db";
import {
  BackupError,
  type BackupManifest,
  type BackupSource,
  createBackup,
  readArchive,
  restoreBackup,
  writeArchive,
} from "@repo/db/backup";
import { notifications } from "@repo/db/schema";
import { createTestDatabaseUrl, createTestDataDir, testDrivers } from "@repo/db/testing";
import type { FileStorage } from "@repo/storage";
import { storageFromEnv } from "@repo/storage/config";
import { type LocalS3, startLocalS3 } from "@repo/storage/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const journal = JSON.parse(readFileSync(path.join(defaultMigrationsFolder(), "meta", "_journal.json"), "utf8")) as {
  entries: { tag: string; when: number }[];
};
const sha = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** Everything a restore must bring back: notification titles, users' e-mails, and the files. */
async function snapshot(database: Database, uploadDir: string) {
  const titles = await queryRows<{ title: string }>(database.db, sql`select title from notifications order by title`);
  const emails = await queryRows<{ e: string }>(
    database.db,
    sql`select string_agg(coalesce(email, ''), ',' order by id) as e from users`,
  );
  const files: Record<string, string> = {};
  for (const name of ["photos/ab/one.jpg", "imports/cd/list.xlsx", "photos/ef/added-later.png"]) {
    const file = path.join(uploadDir, name);
    if (existsSync(file)) files[name] = sha(readFileSync(file));
  }
  return { titles: titles.map((r) => r.title), emails: emails[0]?.e, files };
}

const notice = (title: string) => ({
  title,
  body: "<p>Backups</p>",
  roles: [2],
  publishFrom: new Date("2026-01-01T00:00:00Z"),
});

function put(uploadDir: string, name: string, content: string | Buffer) {
  const file = path.join(uploadDir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

for (const driver of testDrivers()) {
  describe(`backup and restore on ${driver}`, () => {
    let root: string;
    let source: BackupSource;
    let uploadDir: string;
    let outDir: string;
    let dropDatabase = async () => {};
    const open = () =>
      openDatabase(source.driver === "postgres" ? { url: source.url } : { dataDir: source.dataDir, migrate: true });

    beforeAll(async () => {
      root = mkdtempSync(path.join(tmpdir(), `portal-backup-${driver}-`));
      uploadDir = path.join(root, "uploads");
      outDir = path.join(root, "backups");
      if (driver === "postgres") {
        const created = await createTestDatabaseUrl({ demo: true });
        source = { driver, url: created.url };
        dropDatabase = created.drop;
      } else {
        source = { driver, dataDir: path.join(root, "pglite") };
        await createTestDataDir(source.dataDir, { demo: true });
      }
    }, 120_000);
    afterAll(async () => {
      await dropDatabase();
      rmSync(root, { recursive: true, force: true });
    });

    it("brings the database and the files back as they were at the backup", async () => {
      // Seeded portal plus data of its own, and uploads.
      let database = await open();
      await database.db.insert(notifications).values(notice("Made before the backup"));
      put(uploadDir, "photos/ab/one.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
      put(uploadDir, "imports/cd/list.xlsx", "first version of the import");
      const before = await snapshot(database, uploadDir);
      expect(before.titles).toContain("Made before the backup");
      expect(Object.keys(before.files)).toHaveLength(2);

      if (driver === "pglite") {
        // The embedded database is one process's: no backup while the portal holds it.
        await expect(createBackup({ source, uploadDir, outDir })).rejects.toThrow(/already open in this process/);
        await database.close();
      }
      const { file, manifest } = await createBackup({ source, uploadDir, outDir });
      expect(path.basename(file)).toMatch(new RegExp(`^portal-${driver}-\\d{8}T\\d{6}Z\\.tar$`));
      expect(manifest).toMatchObject({
        format: "exam-portal-backup",
        driver,
        migrations: {
          applied: journal.entries.length,
          last_tag: journal.entries.at(-1)?.tag,
          last_created_at: journal.entries.at(-1)?.when,
        },
        files: { count: 2, bytes: 7 + "first version of the import".length },
      });
      expect(manifest.database.bytes).toBeGreaterThan(0);
      expect(manifest.database.live_bytes).toBeGreaterThan(manifest.database.bytes);
      // The manifest's checksums are those of what the archive holds.
      const entries = await readArchive(file);
      expect(entries.at(-1)?.name).toBe("manifest.json");
      const dump = entries.find((e) => e.name === manifest.database.entry);
      expect(dump && sha(dump.bytes)).toBe(manifest.database.sha256);
      expect(entries.find((e) => e.name === "files.sha256")?.bytes.toString()).toContain(
        `${sha("first version of the import")}  files/imports/cd/list.xlsx`,
      );

      // Changes after the backup: data removed, added and edited; files removed, edited, added.
      if (driver === "pglite") database = await open();
      await database.db.execute(sql`delete from notifications where title = 'Made before the backup'`);
      await database.db.insert(notifications).values(notice("Made after the backup"));
      await database.db.execute(sql`update users set email = 'changed@example.org'`);
      rmSync(path.join(uploadDir, "photos/ab/one.jpg"));
      put(uploadDir, "imports/cd/list.xlsx", "second version");
      put(uploadDir, "photos/ef/added-later.png", "new");
      expect(await snapshot(database, uploadDir)).not.toEqual(before);

      // Not under a running portal: on PostgreSQL its sessions show, on PGlite its lock file
      // (here one naming another live process, this test's parent).
      if (driver === "postgres") {
        await expect(restoreBackup({ archive: file, target: source, uploadDir })).rejects.toThrow(
          /other session\(s\) use this database .*stop the portal's API first, or add --force/,
        );
      }
      await database.close();
      if (source.driver === "pglite") {
        const lock = `${source.dataDir}.lock`;
        const holder = (pid: number) => JSON.stringify({ pid, host: hostname(), since: "2026-01-01T00:00:00Z" });
        writeFileSync(lock, holder(process.ppid));
        await expect(restoreBackup({ archive: file, target: source, uploadDir })).rejects.toThrow(
          `is in use by process ${process.ppid} on ${hostname()} (since 2026-01-01T00:00:00Z): the portal is running. Stop it`,
        );
        // A lock left by a process that died does not stand in the way.
        writeFileSync(lock, holder(2 ** 22 + 1));
      }

      const restored = await restoreBackup({ archive: file, target: source, uploadDir });
      expect(restored.manifest.created_at).toBe(manifest.created_at);
      database = await open();
      try {
        expect(await snapshot(database, uploadDir)).toEqual(before);
      } finally {
        await database.close();
      }
      // What was replaced is kept beside, never deleted.
      const keptUploads = restored.keptAside.find((dir) => dir.startsWith(`${uploadDir}.before-restore-`));
      expect(keptUploads && readFileSync(path.join(keptUploads, "photos/ef/added-later.png"), "utf8")).toBe("new");
      expect(restored.keptAside).toHaveLength(driver === "pglite" ? 2 : 1);
    }, 180_000);

    it("refuses an archive it cannot restore, and changes nothing", async () => {
      const { file, manifest } = await createBackup({ source, uploadDir, outDir });
      const entries = await readArchive(file);
      const variant = async (name: string, change: (entry: { name: string; bytes: Buffer }) => Buffer) => {
        const out = path.join(root, name);
        await writeArchive(
          out,
          entries.map((e) => ({ name: e.name, bytes: change(e) })),
        );
        return out;
      };
      const withManifest = (edit: (m: BackupManifest) => void) => (e: { name: string; bytes: Buffer }) => {
        if (e.name !== "manifest.json") return e.bytes;
        const m = JSON.parse(e.bytes.toString()) as BackupManifest;
        edit(m);
        return Buffer.from(JSON.stringify(m));
      };
      const refuse = (archive: string, target: BackupSource = source) =>
        restoreBackup({ archive, target, uploadDir }).then(
          () => "restored",
          (error: unknown) => (error instanceof BackupError ? error.message : `unexpected: ${String(error)}`),
        );

      const otherDriver: BackupSource =
        driver === "pglite"
          ? { driver: "postgres", url: "postgres://nobody@127.0.0.1:9/none" }
          : { driver: "pglite", dataDir: path.join(root, "never-created") };
      expect(await refuse(file, otherDriver)).toMatch(
        driver === "pglite"
          ? /is a backup of an embedded \(PGlite\) database, but this portal is configured for PostgreSQL \(DATABASE_URL is set\)/
          : /is a backup of a PostgreSQL database, but this portal is configured for the embedded database/,
      );
      expect(existsSync(path.join(root, "never-created"))).toBe(false);

      const damagedFile = await variant("damaged-file.tar", (e) =>
        e.name === "files/imports/cd/list.xlsx" ? Buffer.from("tampered version") : e.bytes,
      );
      expect(await refuse(damagedFile)).toMatch(
        /is damaged: files\/imports\/cd\/list.xlsx does not match its checksum/,
      );

      const damagedDump = await variant("damaged-dump.tar", (e) =>
        e.name === manifest.database.entry ? Buffer.concat([e.bytes, Buffer.from("x")]) : e.bytes,
      );
      expect(await refuse(damagedDump)).toMatch(/is damaged: the database dump/);

      const newer = await variant(
        "newer.tar",
        withManifest((m) => {
          m.migrations = { applied: m.migrations.applied + 1, last_tag: "9999_from_the_future", last_created_at: 1 };
        }),
      );
      expect(await refuse(newer)).toMatch(
        /made by a newer or different version of the portal: its database has migration 9999_from_the_future/,
      );

      const cut = path.join(root, "cut.tar");
      writeFileSync(cut, readFileSync(file).subarray(0, 4096));
      expect(await refuse(cut)).toMatch(/not a readable portal backup|has no manifest\.json/);

      // Every refusal came before any change: the portal's data and files are as they were.
      const database = await open();
      try {
        expect((await snapshot(database, uploadDir)).titles).toContain("Made before the backup");
      } finally {
        await database.close();
      }
      expect(readFileSync(path.join(uploadDir, "imports/cd/list.xlsx"), "utf8")).toBe("first version of the import");
    }, 180_000);
  });
}

describe("backup and restore of files in an S3 bucket (decision 065)", () => {
  let root: string;
  let s3: LocalS3;
  let store: FileStorage;
  let source: BackupSource;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "portal-backup-s3-"));
    source = { driver: "pglite", dataDir: path.join(root, "pglite") };
    await createTestDataDir(source.dataDir, { demo: false });
    s3 = await startLocalS3();
    store = storageFromEnv({ UPLOAD_DIR: "/nonexistent", ...s3.env });
  }, 120_000);
  afterAll(async () => {
    await s3.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const contents = async () => {
    const found: Record<string, string> = {};
    for await (const { key } of store.list()) found[key] = Buffer.from((await store.get(key)) ?? []).toString();
    return found;
  };

  it("archives every object and makes the bucket hold exactly the archive's files again", async () => {
    await store.put("photos/ab/one.jpg", Buffer.from("jpeg bytes"));
    await store.put("answer-files/12/upload.txt", Buffer.from("T0001 ABCD\n".repeat(1000)));
    const before = await contents();
    const outDir = path.join(root, "backups");
    const { file, manifest } = await createBackup({ source, store, outDir });
    expect(manifest.files).toMatchObject({ count: 2, bytes: 10 + 11_000 });
    expect((await readArchive(file)).find((e) => e.name === "files.sha256")?.bytes.toString()).toContain(
      `${sha("jpeg bytes")}  files/photos/ab/one.jpg`,
    );

    await store.remove("photos/ab/one.jpg");
    await store.put("answer-files/12/upload.txt", Buffer.from("edited"));
    await store.put("photos/cd/added-later.png", Buffer.from("new"));
    expect(await contents()).not.toEqual(before);

    await restoreBackup({ archive: file, target: source, store });
    expect(await contents()).toEqual(before);
  }, 120_000);
});
