import { ROLE } from "@repo/auth/roles";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
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
      expect(usernames(result)).toEqual(["district", "gccstate", "orgteam", "prant", "state", "zonal"]);
      const state = result.body.data.items.find((i: { username: string }) => i.username === "state");
      expect(state).toMatchObject({
        role_id: 9,
        is_active: true,
        assignments: [{ level: "state", name: "Maharashtra" }],
      });
    });

    it("pages by name with the total on every page, past the last page too", async () => {
      const all = await list("admin", { per_page: 100 });
      expect(all.body.data.total).toBe(6);
      const names = all.body.data.items.map((i: { name: string }) => i.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const second = await list("admin", { page: 2, per_page: 4 });
      expect(second.body.data).toMatchObject({ page: 2, total: 6, last_page: 2 });
      expect(second.body.data.items).toEqual(all.body.data.items.slice(4, 6));
      const past = await list("admin", { page: 3, per_page: 4 });
      expect(past.body.data).toMatchObject({ items: [], total: 6, last_page: 2 });
    });

    it("filters by role, search and region", async () => {
      expect(usernames(await list("admin", { role_id: 9 }))).toEqual(["gccstate", "state"]);
      expect(usernames(await list("admin", { search: "gcc" }))).toEqual(["gccstate"]);
      expect(usernames(await list("admin", { zone_id: 13 }))).toEqual(["gccstate"]);
      const bad = await list("admin", { role_id: 3 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: "role_id", message: "role_id must be 7, 8, 9, 10 or 11" }]);
    });

    it("filters by a region at every level: coordinators assigned at or under it", async () => {
      const idOf = async (level: string, name: string) => {
        const found = await api.call("POST", `/api/fetch${level}WithPagination`, {
          token: await api.login("admin", "coordinator"),
          json: { search: name },
        });
        return found.body.data.items.find((item: { name: string }) => item.name === name)?.id as number;
      };
      // The demo's chain: zonal (West Zone) > state (Maharashtra) > prant (Paschim Maharashtra)
      // > district (Pune); gccstate is a state of the GCC zone.
      const west = await idOf("Zone", "West Zone");
      const maharashtra = await idOf("State", "Maharashtra");
      const paschim = await idOf("Prant", "Paschim Maharashtra");
      const pune = await idOf("District", "Pune");
      const kolhapur = await idOf("District", "Kolhapur");
      expect(usernames(await list("admin", { zone_id: west }))).toEqual(["district", "prant", "state", "zonal"]);
      expect(usernames(await list("admin", { state_ids: [maharashtra] }))).toEqual(["district", "prant", "state"]);
      expect(usernames(await list("admin", { prant_ids: [paschim] }))).toEqual(["district", "prant"]);
      expect(usernames(await list("admin", { district_ids: [pune] }))).toEqual(["district"]);
      expect(usernames(await list("admin", { district_ids: [kolhapur] }))).toEqual([]);
      // Filters together narrow one assignment: in West Zone and in Maharashtra.
      expect(usernames(await list("admin", { zone_id: west, prant_ids: [paschim], role_id: 11 }))).toEqual([
        "district",
      ]);
      expect(usernames(await list("admin", { zone_id: 13, state_ids: [maharashtra] }))).toEqual([]);
      // A state coordinator filtering inside its state, and outside it.
      expect(usernames(await list("state", { prant_ids: [paschim] }))).toEqual(["district", "prant"]);
      expect(usernames(await list("state", { zone_id: 13 }))).toEqual([]);
    });

    it("shows a coordinator only the levels below its own, inside its region", async () => {
      expect(usernames(await list("zonal"))).toEqual(["district", "prant", "state"]);
      expect(usernames(await list("state"))).toEqual(["district", "prant"]);
      expect(usernames(await list("prant"))).toEqual(["district"]);
      expect(usernames(await list("gccstate"))).toEqual([]);
    });

    it("exports the list as the viewer sees it, with its filters", async () => {
      const exportCsv = async (username: string, json: Record<string, unknown>) => {
        const file = await api.call("POST", "/api/export/coordinators?format=csv", {
          token: await api.login(username, "coordinator"),
          json,
        });
        expect(file.status, username).toBe(200);
        return new TextDecoder()
          .decode(file.body)
          .replace(/^\uFEFF/, "")
          .trim()
          .split(/\r?\n/);
      };
      const admin = await exportCsv("admin", { role_id: 9 });
      expect(admin[0]).toBe("Name,Username,E-mail,Mobile,Level,Regions,Sign-in,Last signed in");
      expect(
        admin
          .slice(1)
          .map((line) => line.split(",")[1])
          .sort(),
      ).toEqual(["gccstate", "state"]);
      expect(admin.find((line) => line.includes(",state,"))).toContain("State Coordinator,Maharashtra,Can sign in");
      // A state coordinator's file holds its own region's levels below it, like its list.
      const state = await exportCsv("state", {});
      expect(
        state
          .slice(1)
          .map((line) => line.split(",")[1])
          .sort(),
      ).toEqual(["district", "prant"]);
      const refused = await api.call("POST", "/api/export/coordinators?format=csv", {
        token: await api.login("district", "coordinator"),
        json: {},
      });
      expect(refused.status).toBe(403);
    });

    it("is refused to roles that do not manage coordinators", async () => {
      for (const username of ["district", "orgteam", "lms", "school"]) {
        expect((await list(username)).status, username).toBe(403);
      }
    });
  });
}

for (const driver of testDrivers()) {
  describe(`managing coordinators on ${driver}`, () => {
    let api: TestApi;
    let maharashtra: number;
    let otherState: number;
    let ownPrant: number;
    let foreignPrant: number;
    let ownDistrict = 0;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const rows = await queryRows<{ state: number; name: string; prant: number }>(
        api.db,
        sql`select s.id as state, s.name, p.id as prant from states s join prants p on p.state_id = s.id order by s.id, p.id`,
      );
      const own = rows.find((r) => r.name === "Maharashtra");
      const foreign = rows.find((r) => r.name !== "Maharashtra" && !r.name.startsWith("Gcc"));
      if (!own || !foreign) throw new Error("the demo geography lacks a second state");
      maharashtra = Number(own.state);
      ownPrant = Number(own.prant);
      otherState = Number(foreign.state);
      foreignPrant = Number(foreign.prant);
      // A district of the demo prant coordinator's prant.
      const [district] = await queryRows<{ id: number }>(
        api.db,
        sql`select d.id from districts d join coordinator_assignments a on a.prant_id = d.prant_id
            join users u on u.id = a.user_id where u.username = 'prant' order by d.id limit 1`,
      );
      ownDistrict = Number(district?.id);
    });
    afterAll(async () => {
      await api?.close();
    });
    const as = async (username: string) => api.login(username, "coordinator");
    const add = async (username: string, json: Record<string, unknown>) =>
      api.call("POST", "/api/coordinators/add", { token: await as(username), json });
    const stamp = () => Math.random().toString(36).slice(2, 8);

    it("lets an admin create a state coordinator who is mailed its sign-in and sees only its state", async () => {
      const name = `newstate${stamp()}`;
      const created = await add("admin", {
        name: "Asha State",
        username: name,
        email: `${name}@example.org`,
        mobile: "9876501234",
        role_id: 9,
        region_ids: [maharashtra],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({
        username: name,
        role_id: 9,
        is_active: true,
        assignments: [{ level: "state", id: maharashtra, name: "Maharashtra" }],
      });
      const [mail] = await queryRows<{ variables: Record<string, string> | string; to_address: string }>(
        api.db,
        sql`select variables, to_address from mail_messages where template_key = 'account-credentials'
            and to_address = ${`${name}@example.org`}`,
      );
      const variables = typeof mail?.variables === "string" ? JSON.parse(mail.variables) : mail?.variables;
      expect(variables).toMatchObject({ username: name, account_kind: "state coordinator account" });
      // The mailed password signs it in, and it lists the levels below it in its state only.
      const login = await api.call("POST", "/api/login", {
        json: { username: name, password: variables.password, app: "coordinator" },
      });
      expect(login.status).toBe(200);
      const list = await api.call("POST", "/api/coordinators", { token: login.body.data.token, json: {} });
      expect(list.body.data.items.map((i: { username: string }) => i.username).sort()).toEqual(["district", "prant"]);
    });

    it("refuses a taken username or e-mail, missing or foreign regions, and levels not below one's own", async () => {
      const base = { name: "Someone", email: `x${stamp()}@example.org`, role_id: 10, region_ids: [ownPrant] };
      const taken = await add("admin", { ...base, username: "state" });
      expect(taken.status).toBe(409);
      expect(taken.body.errors[0].field).toBe("username");
      const none = await add("admin", { ...base, username: `p${stamp()}`, region_ids: [] });
      expect(none.status).toBe(422);
      expect(none.body.errors[0]).toEqual({
        field: "region_ids",
        message: "Choose at least one prant for this coordinator",
      });
      // A state coordinator: prants of its own state only, and never a state or zonal coordinator.
      const foreign = await add("state", { ...base, username: `p${stamp()}`, region_ids: [foreignPrant] });
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors[0].message).toContain(String(foreignPrant));
      const above = await add("state", { ...base, username: `s${stamp()}`, role_id: 9, region_ids: [otherState] });
      expect(above.status).toBe(403);
      const district = await add("prant", {
        ...base,
        username: `dc${stamp()}`,
        role_id: 11,
        region_ids: [ownDistrict],
      });
      expect(district.status, JSON.stringify(district.body)).toBe(200);
      // A district coordinator manages nobody.
      expect((await add("district", { ...base, username: `d${stamp()}`, role_id: 11 })).status).toBe(403);
      const badMobile = await add("admin", { ...base, username: `m${stamp()}`, mobile: "12ab" });
      expect(badMobile.status).toBe(400);
      expect(badMobile.body.errors[0].field).toBe("mobile");
    });

    it("edits, switches off and on, and deletes only a coordinator with no work on record", async () => {
      const username = `edit${stamp()}`;
      const created = await add("admin", {
        name: "Prakash Prant",
        username,
        email: `${username}@example.org`,
        role_id: 10,
        region_ids: [ownPrant],
      });
      const id = created.body.data.id;
      const admin = await as("admin");
      const edited = await api.call("POST", `/api/coordinators/update/${id}`, {
        token: admin,
        json: { name: "Prakash P.", email: `${username}@example.org`, role_id: 11, region_ids: [ownDistrict] },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data).toMatchObject({
        name: "Prakash P.",
        role_id: ROLE.districtCoordinator,
        assignments: [{ level: "district" }],
      });
      // A state coordinator of another state cannot see it: 404, not 403.
      const gcc = await as("gccstate");
      expect(
        (await api.call("POST", `/api/coordinators/status/${id}`, { token: gcc, json: { is_active: false } })).status,
      ).toBe(404);
      // Switched off: its sessions end and it cannot sign in.
      const off = await api.call("POST", `/api/coordinators/status/${id}`, {
        token: admin,
        json: { is_active: false },
      });
      expect(off.body.data.is_active).toBe(false);
      expect(
        (await api.call("POST", `/api/coordinators/status/${id}`, { token: admin, json: { is_active: false } })).status,
      ).toBe(409);
      const on = await api.call("POST", `/api/coordinators/status/${id}`, { token: admin, json: { is_active: true } });
      expect(on.body.data.is_active).toBe(true);
      // Never signed in, nothing on record: it can go.
      expect((await api.call("DELETE", `/api/coordinators/${id}`, { token: admin })).status).toBe(200);
      expect((await api.call("DELETE", `/api/coordinators/${id}`, { token: admin })).status).toBe(404);
      // The demo state coordinator has signed in (the tests above did): kept, switch it off instead.
      const [state] = await queryRows<{ id: number }>(api.db, sql`select id from users where username = 'state'`);
      await api.login("state", "coordinator");
      const kept = await api.call("DELETE", `/api/coordinators/${state?.id}`, { token: admin });
      expect(kept.status).toBe(409);
      expect(kept.body.message).toContain("switch the coordinator off instead");
    });
  });
}
