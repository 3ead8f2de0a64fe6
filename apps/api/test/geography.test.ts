import { activityLog, schools, students } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`geography on ${driver}`, () => {
    let api: TestApi;
    let admin: string;
    beforeAll(async () => {
      api = await startTestApi(driver);
      admin = await api.login("admin", "coordinator");
    });
    afterAll(async () => {
      await api?.close();
    });
    const post = (path: string, json: unknown, token = admin) => api.call("POST", path, { token, json });
    const idOf = async (level: string, name: string) => {
      const result = await post(`/api/fetch${level}`, { search: name });
      return result.body.data.find((item: { name: string }) => item.name === name)?.id as number;
    };

    describe("lists", () => {
      it("pages through states with the envelope's paging fields", async () => {
        const first = await post("/api/fetchStateWithPagination", { page: 1, per_page: 10 });
        expect(first.status).toBe(200);
        expect(first.body.data).toMatchObject({ page: 1, per_page: 10, total: 42, last_page: 5 });
        expect(first.body.data.items).toHaveLength(10);
        const last = await post("/api/fetchStateWithPagination", { page: 5, per_page: 10 });
        expect(last.body.data.items).toHaveLength(2);
        const names = [...first.body.data.items, ...last.body.data.items].map((s: { name: string }) => s.name);
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
        // A page past the last is empty and still tells the total.
        const past = await post("/api/fetchStateWithPagination", { page: 7, per_page: 10 });
        expect(past.body.data).toMatchObject({ items: [], page: 7, total: 42, last_page: 5 });
      });

      it("counts the children and schools of a deep page's rows as of the same rows alone", async () => {
        const all = await post("/api/fetchStateWithPagination", { per_page: 100 });
        const deep = await post("/api/fetchStateWithPagination", { page: 4, per_page: 10 });
        expect(deep.body.data.items).toEqual(all.body.data.items.slice(30, 40));
        const maharashtra = all.body.data.items.find((s: { name: string }) => s.name === "Maharashtra");
        expect(maharashtra).toMatchObject({ children_count: 4 });
        expect(maharashtra.schools_count).toBeGreaterThan(0);
      });

      it("defaults to page 1 of 10 with no body, and caps per_page at 100", async () => {
        const none = await api.call("POST", "/api/fetchZoneWithPagination", { token: admin });
        expect(none.body.data).toMatchObject({ page: 1, per_page: 10, total: 7 });
        const tooMany = await post("/api/fetchZoneWithPagination", { per_page: 101 });
        expect(tooMany.status).toBe(400);
        expect(tooMany.body.errors).toEqual([{ field: "per_page", message: "per_page can be at most 100" }]);
        const badPage = await post("/api/fetchZoneWithPagination", { page: 0 });
        expect(badPage.body.errors).toEqual([{ field: "page", message: "page starts at 1" }]);
      });

      it("reads GET's paging from the query with the contract: numbers from text, a bad one a 400 naming it", async () => {
        const get = (query: string) => api.call("GET", `/api/zone?${query}`, { token: admin });
        const second = await get("page=2&per_page=3");
        expect(second.status).toBe(200);
        expect(second.body.data).toMatchObject({ page: 2, per_page: 3, total: 7 });
        expect(second.body.data.items).toHaveLength(3);
        // Keys the list does not take are ignored, as before the contract was the declared query.
        expect((await get("zone_id=1")).body.data).toMatchObject({ page: 1, per_page: 10, total: 7 });
        const bad = await get("per_page=abc&page=0x1");
        expect(bad.status).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["page", "per_page"]);
      });

      it("searches by name and filters by zone, state, prant and district", async () => {
        const search = await post("/api/fetchStateWithPagination", { search: "pradesh" });
        expect(search.body.data.items.map((s: { name: string }) => s.name)).toEqual([
          "Andhra Pradesh",
          "Arunachal Pradesh",
          "Himachal Pradesh",
          "Madhya Pradesh",
          "Uttar Pradesh",
        ]);
        const gcc = await post("/api/fetchStateWithPagination", { zone_id: 13, per_page: 100 });
        expect(gcc.body.data.total).toBe(6);
        const maharashtra = await idOf("State", "Maharashtra");
        const prants = await post("/api/fetchPrantWithPagination", { state_ids: [maharashtra] });
        expect(prants.body.data.items.map((p: { name: string }) => p.name)).toEqual([
          "Devgiri",
          "Konkan",
          "Paschim Maharashtra",
          "Vidarbha",
        ]);
        expect(prants.body.data.items[0]).toMatchObject({ state_name: "Maharashtra", zone_name: "West Zone" });
        const paschim = await idOf("Prant", "Paschim Maharashtra");
        const districts = await post("/api/fetchDistrictWithPagination", { prant_ids: [paschim] });
        expect(districts.body.data.items.map((d: { name: string }) => d.name)).toEqual(["Kolhapur", "Pune"]);
        const pune = await idOf("District", "Pune");
        const cities = await post("/api/fetchCityWithPagination", { district_ids: [pune] });
        expect(cities.body.data.items.map((c: { name: string }) => c.name)).toEqual(["Pimpri-Chinchwad", "Pune"]);
        expect(cities.body.data.items[0]).toMatchObject({ district_name: "Pune", prant_name: "Paschim Maharashtra" });
      });

      it("filters every level by any ancestor above it, the same nodes the tree joins", async () => {
        // Each node with its whole ancestry, read straight from the tables: what a filter two or
        // three levels up must select (the lists climb the parents without joining them).
        const tree = await api.db.execute(sql`
          select s.zone_id as zone, s.id as state, p.id as prant, d.id as district, c.id as city
          from states s left join prants p on p.state_id = s.id left join districts d on d.prant_id = p.id
          left join cities c on c.district_id = d.id`);
        const rows = (tree as unknown as { rows: Record<string, number | null>[] }).rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? null : Number(value)])),
        );
        const maharashtra = await idOf("State", "Maharashtra");
        const paschim = await idOf("Prant", "Paschim Maharashtra");
        const west = rows.find((row) => row.state === maharashtra)?.zone as number;
        const filters = [
          {
            ancestor: "zone",
            body: { zone_id: west },
            keep: (row: Record<string, number | null>) => row.zone === west,
          },
          {
            ancestor: "state",
            body: { state_ids: [maharashtra] },
            keep: (row: Record<string, number | null>) => row.state === maharashtra,
          },
          {
            ancestor: "prant",
            body: { prant_ids: [paschim] },
            keep: (row: Record<string, number | null>) => row.prant === paschim,
          },
        ];
        const levels = [
          { level: "state", path: "State", depth: 1 },
          { level: "prant", path: "Prant", depth: 2 },
          { level: "district", path: "District", depth: 3 },
          { level: "city", path: "City", depth: 4 },
        ];
        const depth: Record<string, number> = { zone: 0, state: 1, prant: 2 };
        let checked = 0;
        for (const { level, path, depth: levelDepth } of levels) {
          for (const filter of filters) {
            if ((depth[filter.ancestor] ?? 0) >= levelDepth) continue;
            const under = rows.filter(filter.keep).map((row) => row[level]);
            const expected = [...new Set(under.filter((id): id is number => id !== null))].sort((a, b) => a - b);
            const listed = await post(`/api/fetch${path}WithPagination`, { ...filter.body, per_page: 100 });
            expect(listed.status).toBe(200);
            const ids = listed.body.data.items
              .map((item: { id: number }) => item.id)
              .sort((a: number, b: number) => a - b);
            expect({ level, ancestor: filter.ancestor, ids, total: listed.body.data.total }).toEqual({
              level,
              ancestor: filter.ancestor,
              ids: expected.slice(0, 100),
              total: expected.length,
            });
            checked += 1;
          }
        }
        expect(checked).toBe(9);
        // A filter below the listed level is ignored, as before: states filtered by a prant.
        const states = await post("/api/fetchStateWithPagination", { prant_ids: [paschim] });
        expect(states.body.data.total).toBe(42);
      });

      it("counts children and schools on each row", async () => {
        const pune = await post("/api/fetchDistrictWithPagination", { search: "Pune" });
        const row = pune.body.data.items[0];
        expect(row.children_count).toBe(2);
        expect(row.schools_count).toBeGreaterThanOrEqual(2);
      });

      it("names a bad filter", async () => {
        const result = await post("/api/fetchDistrictWithPagination", { state_ids: "all" });
        expect(result.status).toBe(400);
        expect(result.body.errors[0].field).toBe("state_ids");
        const unknown = await post("/api/fetchDistrictWithPagination", { states: [1] });
        expect(unknown.body.errors).toEqual([{ field: "states", message: "states is not an accepted field" }]);
      });

      it("serves the public country and state lists and the school boards", async () => {
        const countries = await api.call("GET", "/api/fetch/countries");
        expect(countries.status).toBe(200);
        expect(countries.body.data.map((c: { code: string }) => c.code)).toEqual([
          "IN",
          "BH",
          "KW",
          "OM",
          "QA",
          "SA",
          "AE",
        ]);
        const gcc = await api.call("GET", "/api/fetch/states?zone_id=13");
        expect(gcc.body.data).toHaveLength(6);
        const boards = await api.call("POST", "/api/fetchSubBoard", { token: admin });
        expect(boards.body.data.map((b: { name: string }) => b.name)).toContain("CBSE");
      });

      it("returns a zone's tree, with cities on request", async () => {
        const west = await api.call("GET", "/api/fetch/regions/4", { token: admin });
        expect(west.status).toBe(200);
        expect(west.body.data.name).toBe("West Zone");
        const maharashtra = west.body.data.children.find((s: { name: string }) => s.name === "Maharashtra");
        expect(maharashtra.children.map((p: { name: string }) => p.name)).toContain("Konkan");
        expect(maharashtra.children[0].children[0].children).toBeUndefined();
        const withCities = await api.call("GET", "/api/fetch/regions/4?city=true", { token: admin });
        const konkan = withCities.body.data.children
          .find((s: { name: string }) => s.name === "Maharashtra")
          .children.find((p: { name: string }) => p.name === "Konkan");
        expect(
          konkan.children
            .find((d: { name: string }) => d.name === "Thane")
            .children.map((c: { name: string }) => c.name),
        ).toEqual(["Kalyan", "Thane"]);
        const zones = await api.call("GET", "/api/fetch/regions", { token: admin });
        expect(zones.body.data).toHaveLength(7);
      });
    });

    describe("coordinator scoping", () => {
      it("shows a state coordinator its state, what is below it and its ancestors only", async () => {
        const token = await api.login("state", "coordinator");
        const zones = await post("/api/fetchZone", {}, token);
        expect(zones.body.data.map((z: { name: string }) => z.name)).toEqual(["West Zone"]);
        const states = await post("/api/fetchState", {}, token);
        expect(states.body.data.map((s: { name: string }) => s.name)).toEqual(["Maharashtra"]);
        const districts = await post("/api/fetchDistrictWithPagination", { per_page: 100 }, token);
        expect(districts.body.data.total).toBe(7);
        expect(districts.body.data.items.every((d: { state_name: string }) => d.state_name === "Maharashtra")).toBe(
          true,
        );
      });

      it("answers 404, not 403, for a node outside the coordinator's region", async () => {
        const token = await api.login("district", "coordinator");
        const kerala = await idOf("State", "Kerala");
        const outside = await api.call("GET", `/api/state/${kerala}`, { token });
        expect(outside.status).toBe(404);
        expect(outside.body).toEqual({ status: false, message: "State not found", data: null });
        const inside = await api.call("GET", `/api/district/${await idOf("District", "Pune")}`, { token });
        expect(inside.status).toBe(200);
        const sibling = await api.call("GET", `/api/district/${await idOf("District", "Kolhapur")}`, { token });
        expect(sibling.status).toBe(404);
        const cities = await post("/api/fetchCity", {}, token);
        expect(cities.body.data.map((c: { name: string }) => c.name)).toEqual(["Pimpri-Chinchwad", "Pune"]);
      });

      it("keeps a GCC state coordinator inside the GCC zone", async () => {
        const token = await api.login("gccstate", "coordinator");
        const states = await post("/api/fetchState", {}, token);
        expect(states.body.data.map((s: { name: string }) => s.name)).toEqual(["United Arab Emirates"]);
        expect((await api.call("GET", "/api/fetch/regions/4", { token })).status).toBe(404);
      });

      it("lets schools and other non-coordinators see the whole tree for their pickers", async () => {
        const token = await api.login("school");
        const states = await post("/api/fetchState", {}, token);
        expect(states.body.data).toHaveLength(42);
      });
    });

    describe("create, update, delete", () => {
      it("creates a district under a prant and logs who did it", async () => {
        const paschim = await idOf("Prant", "Paschim Maharashtra");
        const created = await post("/api/district", { name: "Satara", prant_id: paschim });
        expect(created.status).toBe(200);
        expect(created.body).toMatchObject({
          status: true,
          message: "District created successfully",
          data: { name: "Satara", prant_id: paschim, state_name: "Maharashtra", children_count: 0, schools_count: 0 },
        });
        const log = await api.db.select().from(activityLog).where(eq(activityLog.action, "district.create"));
        expect(log).toHaveLength(1);
        expect(log[0]?.entityId).toBe(String(created.body.data.id));
      });

      it("refuses a duplicate name in the same parent (any case) with 409, but allows it elsewhere", async () => {
        const paschim = await idOf("Prant", "Paschim Maharashtra");
        const dup = await post("/api/district", { name: "PUNE", prant_id: paschim });
        expect(dup.status).toBe(409);
        expect(dup.body.message).toBe('A district named "PUNE" already exists in this prant.');
        const konkan = await idOf("Prant", "Konkan");
        const elsewhere = await post("/api/district", { name: "Pune", prant_id: konkan });
        expect(elsewhere.status).toBe(200);
      });

      it("names each invalid field and a missing parent", async () => {
        const invalid = await post("/api/state", { name: "X" });
        expect(invalid.status).toBe(400);
        expect(invalid.body.errors).toEqual([
          { field: "name", message: "The state name must be at least 2 characters" },
          { field: "zone_id", message: "zone_id must be the id of a zone" },
          { field: "country_id", message: "country_id must be the id of a country" },
        ]);
        const orphan = await post("/api/city", { name: "Atlantis", district_id: 99999 });
        expect(orphan.status).toBe(422);
        expect(orphan.body.errors).toEqual([
          { field: "district_id", message: "There is no district with id 99999. Pick an existing district." },
        ]);
        const badCode = await post("/api/zone", { name: "Islands Zone", code: "isl" });
        expect(badCode.body.errors[0]).toEqual({
          field: "code",
          message: "code may contain only capital letters, digits and -",
        });
      });

      it("updates a city and moves its schools and students when it moves district", async () => {
        const kolhapur = await idOf("District", "Kolhapur");
        const pimpri = await idOf("City", "Pimpri-Chinchwad");
        const [school] = await api.db.select().from(schools).where(eq(schools.cityId, pimpri)).limit(1);
        const moved = await post(`/api/city/${pimpri}`, { name: "Pimpri", district_id: kolhapur });
        expect(moved.status).toBe(200);
        expect(moved.body.data).toMatchObject({ name: "Pimpri", district_name: "Kolhapur" });
        if (school) {
          const [after] = await api.db.select().from(schools).where(eq(schools.id, school.id));
          expect(after?.districtId).toBe(kolhapur);
          const misplaced = await api.db.execute(
            sql`select count(*)::int as n from students where school_id = ${school.id} and district_id <> ${kolhapur}`,
          );
          expect(JSON.stringify(misplaced)).toContain('"n":0');
        }
        const missing = await post("/api/city/999999", { name: "Nowhere", district_id: kolhapur });
        expect(missing.status).toBe(404);
      });

      it("refuses to delete a node that still has children or schools, saying what is left", async () => {
        const pune = await idOf("District", "Pune");
        const refused = await api.call("DELETE", `/api/district/${pune}`, { token: admin });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(
          /^The district "Pune" cannot be deleted: 1 city, \d+ schools?, 1 coordinator assignment still belong to it\. Move or delete them first\.$/,
        );
        const viaAlias = await post("/api/city-delete", { id: await idOf("City", "Pune") });
        expect(viaAlias.status).toBe(409);
        expect(viaAlias.body.message).toMatch(/cannot be deleted: \d+ schools? still belong/);
      });

      it("deletes an empty node", async () => {
        const created = await post("/api/city", { name: "Karad", district_id: await idOf("District", "Satara") });
        const gone = await api.call("DELETE", `/api/city/${created.body.data.id}`, { token: admin });
        expect(gone.status).toBe(200);
        expect(gone.body.message).toBe("City deleted successfully");
        expect((await api.call("GET", `/api/city/${created.body.data.id}`, { token: admin })).status).toBe(404);
        const aliasGone = await post("/api/city-delete", { id: created.body.data.id });
        expect(aliasGone.status).toBe(404);
      });

      it("is for admins only: coordinators and schools get 403", async () => {
        for (const username of ["state", "school", "lms"]) {
          const token = await api.login(username, "coordinator");
          const result = await post("/api/zone", { name: "Test Zone", code: "T" }, token);
          expect(result.status, username).toBe(403);
        }
        expect((await api.call("POST", "/api/zone", { json: { name: "Test Zone", code: "T" } })).status).toBe(401);
        const subadmin = await api.login("subadmin", "coordinator");
        expect((await post("/api/zone", { name: "Islands Zone", code: "ISL" }, subadmin)).status).toBe(200);
      });
    });

    it("keeps student region ids in step with their schools", async () => {
      const rows = await api.db.execute(
        sql`select count(*)::int as n from ${students} st join ${schools} sc on sc.id = st.school_id
            where st.district_id is distinct from sc.district_id or st.state_id <> sc.state_id`,
      );
      expect(JSON.stringify(rows)).toContain('"n":0');
    });
  });
}
