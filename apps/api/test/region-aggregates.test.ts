import { regionPaths } from "@repo/contracts/geography-constants";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

interface Row {
  id: number;
  name: string;
  children_count: number;
  schools_count: number;
}

/**
 * Figures are scoped like records (docs/domain.md, Region scoping): a coordinator sees its
 * region's ancestors in the geography lists (the pickers need the path), but their totals count
 * only what lies in its own region.
 */
for (const driver of testDrivers()) {
  describe(`region figures scoped like records on ${driver}`, () => {
    let api: TestApi;
    /** The demo district coordinator's district and the places above it. */
    let home: { zone_id: number; state_id: number; prant_id: number; district_id: number };
    beforeAll(async () => {
      api = await startTestApi(driver);
      const [row] = await queryRows<typeof home>(
        api.db,
        sql`select p.state_id, s.zone_id, d.prant_id, d.id as district_id
            from coordinator_assignments a join users u on u.id = a.user_id
            join districts d on d.id = a.district_id join prants p on p.id = d.prant_id join states s on s.id = p.state_id
            where u.username = 'district'`,
      );
      if (!row) throw new Error("the demo district coordinator has no district");
      home = {
        zone_id: Number(row.zone_id),
        state_id: Number(row.state_id),
        prant_id: Number(row.prant_id),
        district_id: Number(row.district_id),
      };
    });
    afterAll(async () => {
      await api?.close();
    });

    const rowOf = async (username: string, level: "zone" | "state" | "prant" | "district", id: number) => {
      const token = await api.login(username, "coordinator");
      const page = await api.call("POST", regionPaths(level).page, { token, json: { per_page: 100 } });
      expect(page.status).toBe(200);
      const one = await api.call("GET", regionPaths(level).member.replace("{id}", String(id)), { token });
      expect(one.status).toBe(200);
      const listed = (page.body.data.items as Row[]).find((item) => item.id === id);
      // The list's row and the record agree.
      expect(listed).toMatchObject({
        children_count: one.body.data.children_count,
        schools_count: one.body.data.schools_count,
      });
      return one.body.data as Row;
    };

    const count = async (where: ReturnType<typeof sql>) =>
      Number(
        (await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from schools sc where ${where}`))[0]?.n,
      );

    it("shows a district coordinator its zone, state and prant with its district's figures only", async () => {
      const ownSchools = await count(sql`sc.district_id = ${home.district_id}`);
      const zoneSchools = await count(sql`sc.zone_id = ${home.zone_id}`);
      // The demo data has schools elsewhere in the zone: the test would not tell otherwise.
      expect(zoneSchools).toBeGreaterThan(ownSchools);

      const zone = await rowOf("district", "zone", home.zone_id);
      expect(zone.schools_count).toBe(ownSchools);
      expect(zone.children_count).toBe(1);
      const state = await rowOf("district", "state", home.state_id);
      expect(state.schools_count).toBe(ownSchools);
      expect(state.children_count).toBe(1);
      const prant = await rowOf("district", "prant", home.prant_id);
      expect(prant.schools_count).toBe(ownSchools);
      expect(prant.children_count).toBe(1);
      const district = await rowOf("district", "district", home.district_id);
      expect(district.schools_count).toBe(ownSchools);

      // An admin sees the zone's own totals.
      const whole = await rowOf("admin", "zone", home.zone_id);
      expect(whole.schools_count).toBe(zoneSchools);
      expect(whole.children_count).toBeGreaterThan(1);
    });
  });
}
