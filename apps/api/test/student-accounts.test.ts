import { schools, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`students' sign-in, kept by pay support, on ${driver}`, () => {
    let api: TestApi;
    let support: string;
    let studentId: number;
    let inactiveId: number;

    beforeAll(async () => {
      api = await startTestApi(driver);
      support = await api.login("paysupport", "coordinator");
      const [student] = await api.db.select({ id: users.studentId }).from(users).where(eq(users.username, "student"));
      const [inactive] = await api.db
        .select({ id: users.studentId })
        .from(users)
        .where(eq(users.username, "inactivestudent"));
      studentId = Number(student?.id);
      inactiveId = Number(inactive?.id);
    });
    afterAll(async () => {
      await api?.close();
    });

    const list = (query = "") => api.call("GET", `/api/paysupport/students/inactive${query}`, { token: support });
    const post = (path: string, json?: unknown) => api.call("POST", path, { token: support, json });
    const signIn = (username: string) =>
      api.call("POST", "/api/login", { json: { username, password: DEMO_PASSWORD, app: "school" } });

    it("lists the students who cannot sign in, with when, why and by whom", async () => {
      const result = await list();
      expect(result.status).toBe(200);
      const row = result.body.data.items.find((r: { student_id: number }) => r.student_id === inactiveId);
      expect(row).toMatchObject({
        username: "inactivestudent",
        cause: "account",
        reason: "Registered twice: the school paid for the other registration",
        // The demo season's day it was switched off (packages/db/src/seed/season.ts), 16:00 India time.
        deactivated_at: expect.stringMatching(/T10:30:00.000Z$/),
      });
      expect((await list("?search=inactivestud")).body.data.items).toHaveLength(1);
      expect((await list("?cause=school")).body.data.items).toEqual([]);
      expect((await signIn("inactivestudent")).status).toBe(401);
    });

    it("switches a sign-in off at once: the session ends, signing in fails, the list names who did it", async () => {
      const studentToken = await api.login("student");
      expect((await api.call("GET", "/api/user", { token: studentToken })).status).toBe(200);
      const missing = await post(`/api/paysupport/students/${studentId}/deactivate`, {});
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0].field).toBe("reason");
      const done = await post(`/api/paysupport/students/${studentId}/deactivate`, { reason: "Payment refunded" });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ student_id: studentId, is_active: false });
      expect((await api.call("GET", "/api/user", { token: studentToken })).status).toBe(401);
      expect((await signIn("student")).status).toBe(401);
      expect(
        (await list()).body.data.items.find((r: { student_id: number }) => r.student_id === studentId),
      ).toMatchObject({
        reason: "Payment refunded",
        deactivated_by: "Demo Pay Support",
      });
      expect((await post(`/api/paysupport/students/${studentId}/deactivate`, { reason: "Again" })).status).toBe(409);
    });

    it("switches it on again once, and the student signs in", async () => {
      const back = await post(`/api/paysupport/students/${studentId}/reactivate`);
      expect(back.status).toBe(200);
      expect(back.body.data.is_active).toBe(true);
      expect((await signIn("student")).status).toBe(200);
      expect((await post(`/api/paysupport/students/${studentId}/reactivate`)).status).toBe(409);
      expect((await post("/api/paysupport/students/999999/reactivate")).status).toBe(404);
    });

    it("lists the students of a deactivated school, and leaves reactivating them to the school", async () => {
      const [student] = await api.db
        .select({ school: students.schoolId })
        .from(students)
        .where(eq(students.id, studentId));
      await api.db
        .update(schools)
        .set({ isActive: false })
        .where(eq(schools.id, Number(student?.school)));
      try {
        const row = (await list("?cause=school")).body.data.items.find(
          (r: { student_id: number }) => r.student_id === studentId,
        );
        expect(row).toMatchObject({ cause: "school", reason: null });
        const refused = await post(`/api/paysupport/students/${studentId}/reactivate`);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/school is deactivated/);
      } finally {
        await api.db
          .update(schools)
          .set({ isActive: true })
          .where(eq(schools.id, Number(student?.school)));
      }
    });

    it("exports the list as it is filtered", async () => {
      const result = await api.call("POST", "/api/export/inactive-students?format=csv", {
        token: support,
        json: { cause: "account" },
      });
      expect(result.status).toBe(200);
      const lines = new TextDecoder().decode(new Uint8Array(result.body)).trim().split("\n");
      expect(lines[0]).toContain("Why inactive");
      expect(lines.some((line) => line.includes("inactivestudent"))).toBe(true);
      expect(lines.every((line, i) => i === 0 || line.includes("Sign-in switched off"))).toBe(true);
    });

    it("is pay support's alone", async () => {
      for (const [username, app] of [
        ["school", "school"],
        ["zonal", "coordinator"],
        ["admin", "coordinator"],
        ["institute", "school"],
      ] as const) {
        const token = await api.login(username, app);
        expect((await api.call("GET", "/api/paysupport/students/inactive", { token })).status, username).toBe(403);
        expect(
          (await api.call("POST", `/api/paysupport/students/${inactiveId}/reactivate`, { token })).status,
          username,
        ).toBe(403);
      }
    });
  });
}
