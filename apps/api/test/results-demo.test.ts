import { queryRows } from "@repo/db";
import { createTestDatabase, type TestDatabase, testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoResults } from "../src/domains/results/demo";

for (const driver of testDrivers()) {
  describe(`the demo's results on ${driver}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(driver, { demo: true });
    });
    afterAll(async () => {
      await database?.close();
    });

    it("scores and ranks sheets of every level for the paid students, once", async () => {
      expect(await seedDemoResults(database.db)).toBe(true);
      const levels = await queryRows<{ exam_kind: string; sheets: number; ranked: number; qualified: number }>(
        database.db,
        sql`select a.exam_kind, count(*)::int as sheets, count(r.sheet_id)::int as ranked,
              count(*) filter (where a.section_counted[2])::int as qualified
            from answer_sheets a left join result_ranks r on r.sheet_id = a.id group by a.exam_kind order by 1`,
      );
      const by = new Map(levels.map((l) => [l.exam_kind, l]));
      expect(by.get("level1")?.sheets).toBeGreaterThan(500);
      expect(by.get("level1")?.ranked).toBe(by.get("level1")?.sheets);
      expect(by.get("mock")?.ranked).toBe(0);
      expect(by.get("level2")?.sheets).toBeLessThan(by.get("level1")?.sheets ?? 0);
      // Some Level 1 sheets miss the qualifying 20 in Section A, most make it.
      expect(by.get("level1")?.qualified).toBeLessThan(by.get("level1")?.sheets ?? 0);
      expect(by.get("level1")?.qualified).toBeGreaterThan((by.get("level1")?.sheets ?? 0) / 2);
      // The demo school has a tie at its school toppers' cut-off: four in the first three positions.
      const [toppers] = await queryRows<{ n: number; classes: number }>(
        database.db,
        sql`select count(*)::int as n from result_ranks r join users u on u.school_id = r.school_id
            where u.username = 'school' and r.exam_kind = 'level1' and r.school_position <= 3
            group by r.class_level order by 1 desc limit 1`,
      );
      expect(Number(toppers?.n)).toBeGreaterThanOrEqual(4);
      expect(await seedDemoResults(database.db)).toBe(false);
    });
  });
}
