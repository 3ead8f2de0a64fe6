import { queryRows, queryRowsPrepared } from "@repo/db";
import { createTestDatabase, type TestDatabase, testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idsAny, idsIn } from "../src/kernel/sql";

const dialect = new PgDialect();
const text = (ids: number[]) => dialect.sqlToQuery(idsAny(sql`d`, ids)).sql;

describe("idsAny", () => {
  it("binds several ids as one array, so the statement's text is the same for any count above one", () => {
    expect(text([3, 4])).toBe("d = any($1::int[])");
    expect(text([3, 4, 5, 6])).toBe(text([3, 4]));
  });

  it("writes one id as an equality, which lets PostgreSQL 15 read an (id, …) index in order", () => {
    expect(text([49])).toBe("d = $1::int");
  });
});

for (const driver of testDrivers()) {
  describe(`idsAny and idsIn on ${driver}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(driver);
    });
    afterAll(async () => {
      await database?.close();
    });

    const values = sql`(values (1, 10), (2, 20), (3, 30), (4, 20)) as t(id, district_id)`;
    const cases: [number[], number[]][] = [
      [[], []],
      [[20], [2, 4]],
      [
        [20, 30],
        [2, 3, 4],
      ],
      [[99], []],
    ];
    for (const [ids, expected] of cases) {
      it(`matches the same rows for ${JSON.stringify(ids)}, prepared or not`, async () => {
        const statement = (where: typeof idsAny) =>
          sql`select id from ${values} where ${where(sql`t.district_id`, ids)} order by id`;
        const inList = await queryRows<{ id: number }>(database.db, statement(idsIn));
        const prepared = await queryRowsPrepared<{ id: number }>(database.db, statement(idsAny));
        expect(inList.map((r) => Number(r.id))).toEqual(expected);
        expect(prepared.map((r) => Number(r.id))).toEqual(expected);
      });
    }
  });
}
