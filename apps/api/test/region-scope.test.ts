import { ROLE_GROUPS } from "@repo/auth/roles";
import { assignments, schools, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { regionContext } from "../src/domains/geography/region-scope";
import { startTestApi, type TestApi } from "./support";

// Region scope (docs/domain.md, Region scoping; decision 019) and its reverse, the coordinators
// whose assignments cover a school: one home in domains/geography/region-scope.ts for the school's
// dashboard, its contact messages and who may open its students.

for (const driver of testDrivers()) {
  describe(`region scope on ${driver}`, () => {
    let api: TestApi;
    let school: typeof schools.$inferSelect;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const [row] = await api.db
        .select({ school: schools })
        .from(schools)
        .innerJoin(users, eq(users.schoolId, schools.id))
        .where(eq(users.username, "school"));
      if (!row) throw new Error("no demo school");
      school = row.school;
    });
    afterAll(async () => {
      await api?.close();
    });

    const userId = async (username: string) => {
      const [user] = await api.db
        .select({ id: users.id, roleId: users.roleId })
        .from(users)
        .where(eq(users.username, username));
      return { userId: Number(user?.id), roleId: Number(user?.roleId) };
    };

    /** By the tables: the active coordinators with an assignment on the school's zone, state, prant or district. */
    async function expectedCoordinators() {
      const rows = await api.db
        .select({ id: users.id, isActive: users.isActive, a: assignments })
        .from(assignments)
        .innerJoin(users, eq(users.id, assignments.userId))
        .where(inArray(users.roleId, [...ROLE_GROUPS.coordinators]));
      const covering = rows.filter(
        (r) =>
          r.isActive &&
          (r.a.zoneId === school.zoneId ||
            r.a.stateId === school.stateId ||
            (r.a.prantId !== null && r.a.prantId === school.prantId) ||
            (r.a.districtId !== null && r.a.districtId === school.districtId)),
      );
      return [...new Set(covering.map((r) => Number(r.id)))].sort((a, b) => a - b);
    }

    it("gives a coordinator its assignments and the admins the whole country", async () => {
      const district = await regionContext(api.db, await userId("district"));
      expect(district.assigned).toEqual({ zones: [], states: [], prants: [], districts: [school.districtId] });
      expect((await regionContext(api.db, await userId("admin"))).assigned).toBeNull();
    });

    it("shows a school exactly the active coordinators whose regions hold it", async () => {
      const token = await api.login("school");
      const shown = async () =>
        ((await api.call("GET", "/api/school/coordinators/assigned", { token })).body.data as { id: number }[])
          .map((c) => c.id)
          .sort((a, b) => a - b);
      const expected = await expectedCoordinators();
      expect(expected.length).toBeGreaterThan(1);
      expect(await shown()).toEqual(expected);
      await api.db.update(users).set({ isActive: false }).where(eq(users.username, "district"));
      try {
        const without = await expectedCoordinators();
        expect(without.length).toBe(expected.length - 1);
        expect(await shown()).toEqual(without);
      } finally {
        await api.db.update(users).set({ isActive: true }).where(eq(users.username, "district"));
      }
    });

    it("sends a school's message to the nearest covering coordinator, the next level when that one is off", async () => {
      const token = await api.login("school");
      const send = async () =>
        (
          await api.call("POST", "/api/contact", {
            token,
            json: { subject: "Admit cards", message: "When are the admit cards sent?" },
          })
        ).body.data.sent_to;
      expect(await send()).toEqual([{ role_name: "District Coordinator", region: "Pune" }]);
      await api.db.update(users).set({ isActive: false }).where(eq(users.username, "district"));
      try {
        expect((await send())[0]).toMatchObject({ role_name: "Prant Coordinator" });
      } finally {
        await api.db.update(users).set({ isActive: true }).where(eq(users.username, "district"));
      }
    });

    it("lets a covering coordinator open the school's students, and no other", async () => {
      const open = async (username: string) =>
        (
          await api.call("POST", `/api/schools/${school.id}/sponsors/students`, {
            token: await api.login(username, "coordinator"),
            json: { page: 1, per_page: 5 },
          })
        ).status;
      expect(await open("district")).toBe(200);
      expect(await open("state")).toBe(200);
      expect(await open("gccstate")).toBe(404);
    });
  });
}
