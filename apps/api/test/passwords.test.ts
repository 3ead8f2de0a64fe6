import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`password management on ${driver}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });
    const idOf = async (username: string) =>
      Number((await queryRows<{ id: number }>(api.db, sql`select id from users where username = ${username}`))[0]?.id);
    const users = async (username: string, json: Record<string, unknown> = {}) =>
      api.call("POST", "/api/password/users", { token: await api.login(username, "coordinator"), json });
    const reset = async (username: string, userId: number) =>
      api.call("POST", "/api/password/update-password", {
        token: await api.login(username, "coordinator"),
        json: { user_id: userId },
      });
    const names = (answer: { body: { data: { items: { username: string }[] } } }) =>
      answer.body.data.items.map((i) => i.username);

    it("lists for an admin everyone but the admins, and for a coordinator the coordinators it manages", async () => {
      const admin = await users("admin", { per_page: 100 });
      expect(admin.status).toBe(200);
      expect(names(admin)).toEqual(expect.arrayContaining(["school", "state", "district", "orgteam", "lms"]));
      expect(names(admin)).not.toContain("subadmin");
      expect(names(admin)).not.toContain("admin");
      expect(names(await users("admin", { search: "zonal" }))).toEqual(["zonal"]);
      expect(names(await users("state", { per_page: 100 })).sort()).toEqual(["district", "prant"]);
      expect(names(await users("gccstate", { per_page: 100 }))).toEqual([]);
      for (const refused of ["district", "orgteam", "paysupport"]) {
        expect((await users(refused)).status, refused).toBe(403);
      }
    });

    it("mails a new password, ends the sessions, and asks for the person's own at the next sign-in", async () => {
      const prantId = await idOf("prant");
      const before = await api.login("prant", "coordinator");
      const done = await reset("state", prantId);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.message).toMatch(/^A new password is mailed to prant at /);
      // The old session is over.
      expect((await api.call("GET", "/api/user", { token: before })).status).toBe(401);
      const [mail] = await queryRows<{ variables: Record<string, string> | string }>(
        api.db,
        sql`select variables from mail_messages where template_key = 'password-set' order by id desc limit 1`,
      );
      const variables = typeof mail?.variables === "string" ? JSON.parse(mail.variables) : mail?.variables;
      expect(variables).toMatchObject({ username: "prant" });
      // The demo password no longer works; the mailed one does, and the user must choose its own.
      expect(
        (
          await api.call("POST", "/api/login", {
            json: { username: "prant", password: "Demo@12345", app: "coordinator" },
          })
        ).status,
      ).toBe(401);
      const login = await api.call("POST", "/api/login", {
        json: { username: "prant", password: variables.password, app: "coordinator" },
      });
      expect(login.status).toBe(200);
      const token = login.body.data.token;
      expect((await api.call("GET", "/api/user", { token })).body.data.must_change_password).toBe(true);
      // Until then the account opens its own profile only.
      const blocked = await api.call("POST", "/api/coordinators", { token, json: {} });
      expect(blocked.status).toBe(403);
      expect(blocked.body.message).toMatch(/^Your password was reset: choose your own password first/);
      const changed = await api.call("POST", "/api/change-password", {
        token,
        json: { old_password: variables.password, new_password: "Demo@12345x", confirm_password: "Demo@12345x" },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await api.call("GET", "/api/user", { token })).body.data.must_change_password).toBe(false);
      expect((await api.call("POST", "/api/coordinators", { token, json: {} })).status).toBe(200);
      // Back to the demo password for the other tests of this file.
      await api.call("POST", "/api/change-password", {
        token,
        json: { old_password: "Demo@12345x", new_password: "Demo@12345", confirm_password: "Demo@12345" },
      });
    });

    it("answers 404 for anyone the caller does not manage", async () => {
      expect((await reset("state", await idOf("zonal"))).status).toBe(404);
      expect((await reset("gccstate", await idOf("district"))).status).toBe(404);
      expect((await reset("admin", await idOf("subadmin"))).status).toBe(404);
      expect((await reset("admin", 999_999)).status).toBe(404);
    });
  });
}
