import { testDrivers } from "@repo/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`coordinator list on ${driver}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });
    const list = async (username: string, json: unknown = {}) =>
      api.call("POST", "/api/coordinators", { token: await api.login(username, "coordinator"), json });
    const usernames = (result: { body: { data: { items: { username: string }[] } } }) =>
      result.body.data.items.map((i) => i.username).sort();

    it("shows an admin every coordinator with their assignments", async () => {
      const result = await list("admin");
      expect(result.status).toBe(200);
      expect(usernames(result)).toEqual(["district", "gccstate", "prant", "state", "zonal"]);
      const state = result.body.data.items.find((i: { username: string }) => i.username === "state");
      expect(state).toMatchObject({
        role_id: 9,
        is_active: true,
        assignments: [{ level: "state", name: "Maharashtra" }],
      });
    });

    it("filters by role, search and region", async () => {
      expect(usernames(await list("admin", { role_id: 9 }))).toEqual(["gccstate", "state"]);
      expect(usernames(await list("admin", { search: "gcc" }))).toEqual(["gccstate"]);
      expect(usernames(await list("admin", { zone_id: 13 }))).toEqual(["gccstate"]);
      const bad = await list("admin", { role_id: 3 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: "role_id", message: "role_id must be 8, 9, 10 or 11" }]);
    });

    it("shows a coordinator only the levels below its own, inside its region", async () => {
      expect(usernames(await list("zonal"))).toEqual(["district", "prant", "state"]);
      expect(usernames(await list("state"))).toEqual(["district", "prant"]);
      expect(usernames(await list("prant"))).toEqual(["district"]);
      expect(usernames(await list("gccstate"))).toEqual([]);
    });

    it("is refused to roles that do not manage coordinators", async () => {
      for (const username of ["district", "orgteam", "lms", "school"]) {
        expect((await list(username)).status, username).toBe(403);
      }
    });
  });
}
