import { copyCsvOut, queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExport } from "../src/services/exports";
import { startTestApi, type TestApi } from "./support";

/**
 * A list export's CSV is written by PostgreSQL's COPY on the server (decision 019) and by Node on
 * PGlite or for kinds without SQL columns: both must give the same bytes.
 */
for (const driver of testDrivers()) {
  describe(`CSV exports through COPY on ${driver}`, () => {
    let api: TestApi;
    let viewer: Parameters<typeof startExport>[1];
    beforeAll(async () => {
      api = await startTestApi(driver);
      const [admin] = await queryRows<{ id: number; role_id: number }>(
        api.db,
        sql`select id, role_id from users where username = 'admin'`,
      );
      viewer = { userId: Number(admin?.id), roleId: Number(admin?.role_id), can: () => true };
      // Values that need quoting, neutralising or a script other than Latin, and a late-evening
      // registration (UTC) that is the next day in India.
      await api.db.execute(sql`update students set first_name = 'Zara, "Zee"', last_name = '', contact_email = null
        where id = (select min(id) from students)`);
      await api.db.execute(sql`update students set first_name = E'Line\nTwo', parent_name = '=SUM(A1)',
        contact_phone = '+919800000001', created_at = '2026-11-25T20:00:00Z'
        where id = (select min(id) + 1 from students)`);
      await api.db.execute(sql`update students set first_name = 'हर्ष', last_name = 'O''Brien'
        where id = (select min(id) + 2 from students)`);
    });
    afterAll(async () => {
      await api?.close();
    });

    const text = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

    it("writes the same bytes through COPY as through Node, for several filters", async () => {
      for (const filters of [{}, { search: "o'br" }, { payment_status: "paid", class_level: 8 }, { search: "'; --" }]) {
        const copied = await startExport(api.db, viewer, "region-students", "csv", filters);
        const written = await startExport(api.db, viewer, "region-students", "csv", filters, { copy: false });
        const [a, b] = [await text(copied.body), await text(written.body)];
        expect(a.toString("utf8"), JSON.stringify(filters)).toBe(b.toString("utf8"));
        expect(copied.fileName).toBe(written.fileName);
      }
      const all = (await text((await startExport(api.db, viewer, "region-students", "csv", {})).body)).toString("utf8");
      expect(all.startsWith("\uFEFFStudent id,First name,Last name,Class,")).toBe(true);
      expect(all).toContain(`,"Zara, ""Zee""",,`);
      expect(all).toContain(`,"Line\nTwo",`);
      expect(all).toContain(",'=SUM(A1),'+919800000001,");
      expect(all).toMatch(/,2026-11-26\n/);
      expect(all).toContain(",हर्ष,O'Brien,");
      const [count] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from students s join exam_years y on y.id = s.exam_year_id and y.is_active`,
      );
      // One record per student: the quoted line break is inside a field.
      expect(all.split("\n").length - 2).toBe(Number(count?.n) + 1);
    });

    it("uses COPY on the PostgreSQL server only, and frees the connection when a download stops", async () => {
      const stream = await copyCsvOut(api.db, sql`select ${"it's"} as a, ${2} as b`);
      expect(stream !== null).toBe(driver === "postgres");
      if (stream) expect((await text(stream as never)).toString()).toBe("it's,2\n");
      // More stopped downloads than the pool has connections: none may stay taken.
      for (let i = 0; i < 12; i++) {
        const file = await startExport(api.db, viewer, "region-students", "csv", {});
        const reader = file.body.getReader();
        await reader.read();
        await reader.cancel();
      }
      const [row] = await queryRows<{ n: number }>(api.db, sql`select 1 as n`);
      expect(Number(row?.n)).toBe(1);
    });

    it("answers a bad filter before any byte is sent", async () => {
      const token = await api.login("admin", "coordinator");
      const bad = await api.call("POST", "/api/export/region-students?format=csv", {
        token,
        json: { class_level: 99 },
      });
      expect(bad.status).toBe(400);
      const good = await api.call("POST", "/api/export/region-students?format=csv", { token, json: {} });
      expect(good.status).toBe(200);
      expect(good.headers.get("content-type")).toContain("text/csv");
    });
  });
}
