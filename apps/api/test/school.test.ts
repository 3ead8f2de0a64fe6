import { activityLog } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`school activate/deactivate on ${driver}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    it("lets the school account deactivate and reactivate its own school", async () => {
      const token = await api.login("school");
      const off = await api.call("POST", "/api/schools/disable-account", { token });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({
        status: true,
        message: "School deactivated successfully!",
        data: { is_active: 0 },
      });
      expect((await api.call("GET", "/api/user", { token })).body.data.is_active).toBe(0);

      // An inactive school can still sign in to turn itself back on.
      const again = await api.call("POST", "/api/login", { json: { username: "school", password: "Demo@12345" } });
      expect(again.status).toBe(200);

      const on = await api.call("POST", "/api/schools/disable-account", { token });
      expect(on.body).toMatchObject({ message: "School activated successfully!", data: { is_active: 1 } });
      expect((await api.call("GET", "/api/user", { token })).body.data.is_active).toBe(1);

      const log = await api.db.select().from(activityLog).where(like(activityLog.action, "school.%"));
      expect(log.map((l) => l.action)).toEqual(["school.deactivate", "school.activate"]);
    });

    it("is refused to every other role", async () => {
      for (const username of ["institute", "masterinstitute", "admin", "student"]) {
        const result = await api.call("POST", "/api/schools/disable-account", { token: await api.login(username) });
        expect(result.status, username).toBe(403);
        expect(result.body).toEqual({ status: false, message: "You do not have permission to do this.", data: null });
      }
      expect((await api.call("POST", "/api/schools/disable-account")).status).toBe(401);
    });
  });
}
