import { testDrivers } from "@repo/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

/** The same life cycle for each of the five levels: create, read every way, update, delete. */
const LEVELS = [
  {
    level: "zone",
    Label: "Zone",
    body: (_parent: number) => ({ name: "Islands Zone", code: "ISL", country_id: 1 }),
    parentLevel: null,
  },
  {
    level: "state",
    Label: "State",
    body: (parent: number) => ({ name: "Test State", zone_id: parent, country_id: 1 }),
    parentLevel: "zone",
  },
  {
    level: "prant",
    Label: "Prant",
    body: (parent: number) => ({ name: "Test Prant", state_id: parent }),
    parentLevel: "state",
  },
  {
    level: "district",
    Label: "District",
    body: (parent: number) => ({ name: "Test District", prant_id: parent }),
    parentLevel: "prant",
  },
  {
    level: "city",
    Label: "City",
    body: (parent: number) => ({ name: "Test City", district_id: parent }),
    parentLevel: "district",
  },
] as const;

for (const driver of testDrivers()) {
  describe(`every geography level on ${driver}`, () => {
    let api: TestApi;
    let admin: string;
    const created: Record<string, number> = {};
    beforeAll(async () => {
      api = await startTestApi(driver);
      admin = await api.login("admin", "coordinator");
    });
    afterAll(async () => {
      await api?.close();
    });

    for (const { level, Label, body, parentLevel } of LEVELS) {
      it(`${level}: create, list, pick, get, update`, async () => {
        const parent = parentLevel ? (created[parentLevel] ?? 0) : 0;
        const made = await api.call("POST", `/api/${level}`, { token: admin, json: body(parent) });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        const id = made.body.data.id as number;
        created[level] = id;

        const page = await api.call("POST", `/api/fetch${Label}WithPagination`, {
          token: admin,
          json: { search: body(parent).name },
        });
        expect(page.body.data.items.map((i: { id: number }) => i.id)).toEqual([id]);
        const listed = await api.call(
          "GET",
          `/api/${level}?search=${encodeURIComponent(body(parent).name)}&per_page=5`,
          { token: admin },
        );
        expect(listed.status).toBe(200);
        expect(listed.body.data.items.map((i: { id: number }) => i.id)).toContain(id);
        const picked = await api.call("POST", `/api/fetch${Label}`, {
          token: admin,
          json: { search: body(parent).name },
        });
        expect(picked.body.data.map((i: { id: number }) => i.id)).toContain(id);
        const one = await api.call("GET", `/api/${level}/${id}`, { token: admin });
        expect(one.body.data).toMatchObject({ id, name: body(parent).name });

        const renamed = await api.call("POST", `/api/${level}/${id}`, {
          token: admin,
          json: { ...body(parent), name: `${body(parent).name} Renamed` },
        });
        expect(renamed.status).toBe(200);
        expect(renamed.body.data.name).toBe(`${body(parent).name} Renamed`);
        expect(renamed.body.message).toBe(`${Label} updated successfully`);

        const invalid = await api.call("POST", `/api/${level}/${id}`, { token: admin, json: { name: "" } });
        expect(invalid.status).toBe(400);
        expect(invalid.body.errors.map((e: { field: string }) => e.field)).toContain("name");
        expect((await api.call("GET", `/api/${level}/999999`, { token: admin })).status).toBe(404);
      });
    }

    it("deletes bottom-up, refusing each parent while it still has a child", async () => {
      for (const { level } of [...LEVELS].reverse()) {
        const id = created[level];
        const parentIndex = LEVELS.findIndex((l) => l.level === level) - 1;
        if (parentIndex >= 0) {
          const parent = LEVELS[parentIndex];
          const refused = await api.call("DELETE", `/api/${parent?.level}/${created[parent?.level ?? ""]}`, {
            token: admin,
          });
          expect(refused.status).toBe(409);
        }
        const gone = await api.call("DELETE", `/api/${level}/${id}`, { token: admin });
        expect(gone.status, level).toBe(200);
      }
    });
  });
}
