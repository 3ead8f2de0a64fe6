import { queryRows } from "@repo/db";
import { examYears } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeExamYear, activeExamYearId, NO_OPEN_EXAM_YEAR, openExamYear } from "../src/domains/programme/exam-year";
import { startTestApi, type TestApi } from "./support";

// The active exam year (docs/domain.md: one is active at a time; students, payments and results
// belong to a year): one reading in domains/programme/exam-year.ts that every list and count follows.

for (const driver of testDrivers()) {
  describe(`the active exam year on ${driver}`, () => {
    let api: TestApi;
    let current: { id: number; label: string };
    beforeAll(async () => {
      api = await startTestApi(driver);
      const [year] = await api.db
        .select({ id: examYears.id, label: examYears.label })
        .from(examYears)
        .where(eq(examYears.isActive, true));
      if (!year) throw new Error("the demo has no active year");
      current = year;
    });
    afterAll(async () => {
      await api?.close();
    });

    async function activate(id: number | null) {
      await api.db.update(examYears).set({ isActive: false });
      if (id !== null) await api.db.update(examYears).set({ isActive: true }).where(eq(examYears.id, id));
    }

    const as = async (username: string, method: string, path: string, app = "school") =>
      api.call(method, path, { token: await api.login(username, app), json: method === "POST" ? {} : undefined });

    it("is the one year marked active, read the same in code and in SQL", async () => {
      expect(await openExamYear(api.db)).toEqual({
        id: current.id,
        label: "2026-27",
        starts_on: "2026-04-01",
        ends_on: "2027-03-31",
      });
      expect(await activeExamYear(api.db)).toEqual(current);
      const [row] = await queryRows<{ id: number }>(api.db, sql`select ${activeExamYearId} as id`);
      expect(Number(row?.id)).toBe(current.id);
    });

    it("moves every list and count to a newly opened year", async () => {
      const before = (await as("school", "GET", "/api/schools/student-list?per_page=5")).body.data.total;
      expect(before).toBeGreaterThan(0);
      const [next] = await api.db
        .insert(examYears)
        .values({ label: "2099-00", startsOn: "2099-04-01", endsOn: "2100-03-31" })
        .returning({ id: examYears.id });
      await activate(Number(next?.id));
      try {
        expect((await as("school", "GET", "/api/schools/student-list?per_page=5")).body.data.total).toBe(0);
        const dashboard = (await as("school", "GET", "/api/schools/dashboard")).body.data;
        expect(dashboard.exam_year).toEqual({ label: "2099-00", starts_on: "2099-04-01", ends_on: "2100-03-31" });
        expect(dashboard.students.total).toBe(0);
        expect((await as("school", "POST", "/api/get-payment-amount")).body.data.students).toBe(0);
        const institutes = (await as("lms", "GET", "/api/master-institute/list", "coordinator")).body.data.items;
        expect(institutes.every((i: { students: number }) => i.students === 0)).toBe(true);
        const schools = (await as("masterinstitute", "GET", "/api/master-institute/schools/list")).body.data.items;
        expect(schools.every((s: { students: number }) => s.students === 0)).toBe(true);
      } finally {
        await activate(current.id);
        await api.db.delete(examYears).where(eq(examYears.id, Number(next?.id)));
      }
      expect((await as("school", "GET", "/api/schools/student-list?per_page=5")).body.data.total).toBe(before);
    });

    it("answers between years: the lists refuse with one message, the dashboard is empty", async () => {
      await activate(null);
      try {
        await expect(activeExamYear(api.db)).rejects.toMatchObject({ status: 409, message: NO_OPEN_EXAM_YEAR });
        const list = await as("school", "GET", "/api/schools/student-list?per_page=5");
        expect(list.status).toBe(409);
        expect(list.body.message).toBe(NO_OPEN_EXAM_YEAR);
        // The coordinators' region lists start from the same year (region-scope regionContext).
        const region = await as("admin", "POST", "/api/region/students", "coordinator");
        expect(region.status).toBe(409);
        expect(region.body.message).toBe(NO_OPEN_EXAM_YEAR);
        expect((await as("school", "GET", "/api/schools/dashboard")).body.data.exam_year).toBeNull();
      } finally {
        await activate(current.id);
      }
    });
  });
}
