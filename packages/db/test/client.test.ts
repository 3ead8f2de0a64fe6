import { verifyPassword } from "@repo/auth/password";
import { queryRows, queryRowsPrepared } from "@repo/db";
import { users } from "@repo/db/schema";
import { DEFAULT_DEMO_PASSWORD, demoLogins, seedDemoData } from "@repo/db/seed";
import { createTestDatabase, testDrivers } from "@repo/db/testing";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../src/testing";

for (const driver of testDrivers()) {
  describe(`database on ${driver}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(driver);
    });
    afterAll(async () => {
      await database?.close();
    });

    it("is migrated and answers a ping", async () => {
      expect(database.driver).toBe(driver);
      expect(await database.ping()).toBeGreaterThanOrEqual(0);
      const tables = await queryRows<{ table_name: string }>(
        database.db,
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      );
      expect(tables.map((r) => r.table_name)).toContain("users");
    });

    it("lets other requests in during a run of statements, in a transaction too (decision 047)", async () => {
      // PGlite runs statements on this thread: awaited one after another, they gave no turn.
      let turns = 0;
      let running = true;
      const turn = () => {
        turns += 1;
        if (running) setImmediate(turn);
      };
      setImmediate(turn);
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 500; n++) await tx.execute(sql`select 1`);
      });
      running = false;
      expect(turns).toBeGreaterThan(2);
    });

    it.runIf(driver === "postgres")("runs without JIT, which cost short queries more than they took", async () => {
      const [row] = await queryRows<{ jit: string }>(database.db, sql`select current_setting('jit') as jit`);
      expect(row?.jit).toBe("off");
    });

    it("answers a prepared query with the rows queryRows gives, planned once per connection", async () => {
      const query = (day: string) =>
        sql`select ${day}::timestamptz as at, count(*) as n, ${`{1,2}`}::int[] as ids from users where id = any(${`{1,2,3}`}::int[])`;
      for (const day of ["2026-12-01T00:00:00Z", "2026-12-02T00:00:00Z"]) {
        expect(await queryRowsPrepared(database.db, query(day))).toEqual(await queryRows(database.db, query(day)));
      }
      if (driver === "postgres") {
        // On one connection (a transaction's), two runs of the same text are one prepared statement.
        const prepared = await database.db.transaction(async (tx) => {
          await queryRowsPrepared(tx, query("2026-12-03T00:00:00Z"));
          await queryRowsPrepared(tx, query("2026-12-04T00:00:00Z"));
          return queryRows<{ name: string }>(
            tx,
            sql`select name from pg_prepared_statements where statement like '%::timestamptz as at, count(*) as n%'`,
          );
        });
        expect(prepared).toHaveLength(1);
        expect(prepared[0]?.name).toMatch(/^q_[0-9a-f]{30}$/);
      }
    });

    it("seeds one active demo user per role once, with the demo password", async () => {
      expect(await seedDemoData(database.db)).toBe(true);
      expect(await seedDemoData(database.db)).toBe(false);
      const all = await database.db.select().from(users).orderBy(asc(users.id));
      // One more student whose sign-in pay support switched off (the inactive-students list): not a login.
      expect(all.filter((r) => !r.isActive).map((r) => r.username)).toEqual(["inactivestudent"]);
      const rows = all.filter((r) => r.isActive);
      expect(rows.map((r) => r.username).sort()).toEqual(
        demoLogins()
          .map((l) => l.username)
          .sort(),
      );
      expect(new Set(rows.map((r) => r.roleId)).size).toBe(18);
      const first = rows[0];
      expect(first && (await verifyPassword(first.passwordHash, DEFAULT_DEMO_PASSWORD))).toBe(true);
    });

    it("holds the demo geography, schools and students", async () => {
      const counts = await queryRows<Record<string, number>>(
        database.db,
        sql`select
          (select count(*)::int from states s join countries c on c.id = s.country_id where c.code = 'IN') as indian_states,
          (select count(*)::int from states where zone_id = 13) as gcc_states,
          (select code from zones where id = 13) as gcc_code,
          (select count(*)::int from schools) as schools,
          (select count(*)::int from students) as students,
          (select count(*)::int from coordinator_assignments) as assignments,
          (select count(*)::int from students st join schools sc on sc.id = st.school_id
             where st.zone_id <> sc.zone_id or st.state_id <> sc.state_id) as misplaced`,
      );
      expect(counts[0]).toEqual({
        indian_states: 36,
        gcc_states: 6,
        gcc_code: "GCC",
        schools: 50,
        students: 2000,
        assignments: 5,
        misplaced: 0,
      });
    });

    it("refuses a second username that differs only in case", async () => {
      await expect(
        database.db
          .insert(users)
          .values({ username: "ADMIN", email: "x@example.org", name: "X", roleId: 3, passwordHash: "x" }),
      ).rejects.toThrow();
    });

    it("refuses a role id outside 1-18", async () => {
      await expect(
        database.db
          .insert(users)
          .values({ username: "nobody", email: "x@example.org", name: "X", roleId: 19, passwordHash: "x" }),
      ).rejects.toThrow();
    });
  });
}

describe("embedded database in a data folder", () => {
  it("creates the folder, migrates it, and keeps the data across restarts", async () => {
    const { mkdtempSync, rmSync, existsSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { openDatabase } = await import("@repo/db");
    const parent = mkdtempSync(path.join(tmpdir(), "portal-pglite-"));
    const dataDir = path.join(parent, "nested", "pglite");
    try {
      const first = await openDatabase({ dataDir });
      expect(existsSync(dataDir)).toBe(true);
      expect(await seedDemoData(first.db)).toBe(true);
      await first.close();

      const second = await openDatabase({ dataDir });
      expect(await seedDemoData(second.db)).toBe(false); // the users are still there
      const rows = await second.db.select().from(users);
      expect(rows).toHaveLength(20);
      await second.close();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
