import { activityLog, schools, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`one school's students and deleting schools on ${driver}`, () => {
    let api: TestApi;
    let schoolId: number;
    let instituteSchoolId: number;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const schoolOf = async (username: string) =>
        Number((await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, username)))[0]?.id);
      schoolId = await schoolOf("school");
      instituteSchoolId = await schoolOf("institute");
    });
    afterAll(async () => {
      await api?.close();
    });

    const sponsored = async (username: string, id: number, body: Record<string, unknown> = {}, app = "school") =>
      api.call("POST", `/api/schools/${id}/sponsors/students`, {
        token: await api.login(username, app),
        json: { page: 1, per_page: 100, ...body },
      });

    it("shows a school's students to its own account, the coordinators of its region and the admins", async () => {
      const own = await api.db.select({ id: students.id }).from(students).where(eq(students.schoolId, schoolId));
      for (const [username, app] of [
        ["school", "school"],
        ["admin", "coordinator"],
        ["orgteam", "coordinator"],
        ["zonal", "coordinator"],
        ["state", "coordinator"],
        ["prant", "coordinator"],
        ["district", "coordinator"],
      ] as const) {
        const answer = await sponsored(username, schoolId, {}, app);
        expect(answer.status, username).toBe(200);
        expect(answer.body.data.total, username).toBe(own.length);
        expect(answer.body.data.items.every((s: { school_id: number }) => s.school_id === schoolId)).toBe(true);
      }
      const paid = await sponsored("admin", schoolId, { payment_status: "paid" }, "coordinator");
      expect(paid.body.data.items.length).toBeGreaterThan(0);
      expect(paid.body.data.items.every((s: { payment_status: string }) => s.payment_status === "paid")).toBe(true);
    });

    it("answers 404 outside the caller's scope, and 403 to roles without the list", async () => {
      // Another school's account, a coordinator of another region, an unknown school.
      expect((await sponsored("school", instituteSchoolId)).status).toBe(404);
      expect((await sponsored("gccstate", schoolId, {}, "coordinator")).status).toBe(404);
      expect((await sponsored("admin", 999_999, {}, "coordinator")).status).toBe(404);
      expect((await sponsored("paysupport", schoolId, {}, "coordinator")).status).toBe(403);
      const bad = await sponsored("school", schoolId, { class_level: 13 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["class_level"]);
    });

    it("lets Admin and Sub Admin delete a school without students, and keeps one with students", async () => {
      const [empty] = await api.db
        .insert(schools)
        .values({
          name: "Registered By Mistake School",
          categoryId: 2,
          isActive: true,
          zoneId: 1,
          stateId: (await api.db.select({ id: schools.stateId }).from(schools).where(eq(schools.id, schoolId)))[0]
            ?.id as number,
          email: "mistake@example.org",
          referralCode: "VVMMISTAKE",
        })
        .returning({ id: schools.id, zoneId: schools.zoneId, stateId: schools.stateId });
      const emptyId = Number(empty?.id);
      await api.db.insert(users).values({
        username: "mistakeschool",
        email: "mistake@example.org",
        name: "Registered By Mistake School",
        roleId: 2,
        passwordHash: "x",
        schoolId: emptyId,
      });
      const remove = async (username: string, ids: number[]) =>
        api.call("POST", "/api/schools/delete", { token: await api.login(username, "coordinator"), json: { ids } });

      expect((await remove("orgteam", [emptyId])).status).toBe(403);
      expect((await remove("zonal", [emptyId])).status).toBe(403);
      const answer = await remove("subadmin", [emptyId, schoolId, 999_999]);
      expect(answer.status).toBe(200);
      expect(answer.body.data.deleted).toEqual([emptyId]);
      expect(answer.body.data.kept).toEqual([
        { id: schoolId, reason: expect.stringMatching(/has \d+ students: deactivate it instead$/) },
        { id: 999_999, reason: "No such school" },
      ]);
      expect(answer.body.message).toBe("1 deleted, 2 kept");
      expect(await api.db.select().from(schools).where(eq(schools.id, emptyId))).toEqual([]);
      expect(await api.db.select().from(users).where(eq(users.username, "mistakeschool"))).toEqual([]);
      expect((await api.db.select().from(schools).where(eq(schools.id, schoolId))).length).toBe(1);
      const log = await api.db.select().from(activityLog).where(eq(activityLog.action, "school.delete"));
      expect(log.map((l) => Number(l.entityId))).toEqual([emptyId]);
      expect((await remove("admin", [])).status).toBe(400);
    });
  });
}
