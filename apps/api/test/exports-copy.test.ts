import { inflateRawSync } from "node:zlib";
import { copyCsvOut, queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_KINDS } from "../src/export-registry";
import { MAX_COPY_EXPORTS, startExport } from "../src/kernel/exports/exports";
import { startTestApi, type TestApi } from "./support";

/**
 * A list export's CSV is written by PostgreSQL's COPY on the server, its XLSX sheet rows by a
 * query on both drivers (decision 019); Node writes both for kinds without SQL fields and for
 * CSV on PGlite. The paths must give the same bytes.
 */

/** One entry of a zip, read through its central directory (the export's zip has no sizes up front). */
function zipEntry(zip: Buffer, name: string): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (entry === name) {
      const compressed = zip.readUInt32LE(at + 20);
      const local = zip.readUInt32LE(at + 42);
      const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      return inflateRawSync(zip.subarray(data, data + compressed));
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`no ${name} in the zip`);
}
for (const driver of testDrivers()) {
  describe(`CSV exports through COPY on ${driver}`, () => {
    let api: TestApi;
    let viewer: Parameters<typeof startExport>[2];
    beforeAll(async () => {
      api = await startTestApi(driver);
      const [admin] = await queryRows<{ id: number; role_id: number }>(
        api.db,
        sql`select id, role_id from users where username = 'admin'`,
      );
      viewer = { userId: Number(admin?.id), roleId: Number(admin?.role_id), can: () => true };
      // Values that need quoting, guarding or a script other than Latin, and a late-evening
      // registration (UTC) that is the next day in India.
      await api.db.execute(sql`update students set first_name = 'Zara, "Zee"', last_name = '', contact_email = null
        where id = (select min(id) from students)`);
      await api.db.execute(sql`update students set first_name = E'Line\nTwo', parent_name = '=SUM(A1)',
        contact_phone = '+919800000001', created_at = '2026-11-25T20:00:00Z'
        where id = (select min(id) + 1 from students)`);
      await api.db.execute(sql`update students set first_name = 'हर्ष', last_name = 'O''Brien'
        where id = (select min(id) + 2 from students)`);
      // Markup, and a character XML cannot hold (the XLSX drops it, the CSV keeps it).
      await api.db.execute(
        sql`update students set first_name = E'A&B<C>\x07D' where id = (select min(id) + 3 from students)`,
      );
    });
    afterAll(async () => {
      await api?.close();
    });

    const text = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

    it("writes the same bytes through COPY as through Node, for several filters", async () => {
      for (const filters of [{}, { search: "o'br" }, { payment_status: "paid", class_level: 8 }, { search: "'; --" }]) {
        const copied = await startExport(EXPORT_KINDS, api.db, viewer, "region-students", "csv", filters);
        const written = await startExport(EXPORT_KINDS, api.db, viewer, "region-students", "csv", filters, {
          sql: false,
        });
        const [a, b] = [await text(copied.body), await text(written.body)];
        expect(a.toString("utf8"), JSON.stringify(filters)).toBe(b.toString("utf8"));
        expect(copied.fileName).toBe(written.fileName);
      }
      const all = (
        await text((await startExport(EXPORT_KINDS, api.db, viewer, "region-students", "csv", {})).body)
      ).toString("utf8");
      expect(all.startsWith("\uFEFFStudent id,First name,Last name,Class,")).toBe(true);
      expect(all).toContain(`,"Zara, ""Zee""",,`);
      expect(all).toContain(`,"Line\nTwo",`);
      // The formula guarded, the phone number not (decision 063).
      expect(all).toContain(",'=SUM(A1),+919800000001,");
      expect(all).toMatch(/,2026-11-26\n/);
      expect(all).toContain(",हर्ष,O'Brien,");
      const [count] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from students s join exam_years y on y.id = s.exam_year_id and y.is_active`,
      );
      // One record per student: the quoted line break is inside a field.
      expect(all.split("\n").length - 2).toBe(Number(count?.n) + 1);
    });

    it("writes the same XLSX sheet from the database's rows as from Node's, over several batches", async () => {
      for (const filters of [{}, { search: "o'br" }, { payment_status: "unpaid", class_level: 7 }]) {
        const [byDatabase, byNode] = await Promise.all([
          // Batches of 7 rows: the row numbers must run on across the database's batches.
          startExport(EXPORT_KINDS, api.db, viewer, "region-students", "xlsx", filters, { batchRows: 7 }),
          startExport(EXPORT_KINDS, api.db, viewer, "region-students", "xlsx", filters, { sql: false }),
        ]);
        const [a, b] = [await text(byDatabase.body), await text(byNode.body)];
        const sheet = zipEntry(a, "xl/worksheets/sheet1.xml").toString("utf8");
        expect(sheet, JSON.stringify(filters)).toBe(zipEntry(b, "xl/worksheets/sheet1.xml").toString("utf8"));
        expect(sheet).toContain("</sheetData></worksheet>");
      }
      const sheet = zipEntry(
        await text((await startExport(EXPORT_KINDS, api.db, viewer, "region-students", "xlsx", {})).body),
        "xl/worksheets/sheet1.xml",
      ).toString("utf8");
      expect(sheet).toContain('<t xml:space="preserve">Zara, "Zee"</t>');
      expect(sheet).toContain('<t xml:space="preserve">A&amp;B&lt;C&gt;D</t>');
      expect(sheet).toContain('<t xml:space="preserve">Line\nTwo</t>');
      // Text cells without a quote; the Text format keeps them text when edited (decision 063).
      expect(sheet).toMatch(/ s="4" t="inlineStr"><is><t xml:space="preserve">=SUM\(A1\)<\/t>/);
      expect(sheet).toMatch(/ s="4" t="inlineStr"><is><t xml:space="preserve">\+919800000001<\/t>/);
      expect(sheet).not.toContain(">'");
      // Every student is a row.
      const [count] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from students s join exam_years y on y.id = s.exam_year_id and y.is_active`,
      );
      expect(sheet.split("<row ").length - 2).toBe(Number(count?.n));
    });

    it("numbers the XLSX rows right when rows leave the list while the file is written", async () => {
      const filters = { payment_status: "unpaid" };
      const file = await startExport(EXPORT_KINDS, api.db, viewer, "region-students", "xlsx", filters, {
        batchRows: 7,
        // Three rows of the first batch are paid after the batches are cut: that batch is short.
        afterCut: async () => {
          await api.db.execute(sql`update students set payment_status = 'paid' where id in (
            select id from students where payment_status = 'unpaid' order by id offset 2 limit 3)`);
        },
      });
      const sheet = zipEntry(await text(file.body), "xl/worksheets/sheet1.xml").toString("utf8");
      const now = await startExport(EXPORT_KINDS, api.db, viewer, "region-students", "xlsx", filters, { sql: false });
      expect(sheet).toBe(zipEntry(await text(now.body), "xl/worksheets/sheet1.xml").toString("utf8"));
    });

    it("uses COPY on the PostgreSQL server only, and frees the connection when a download stops", async () => {
      const stream = await copyCsvOut(api.db, sql`select ${"it's"} as a, ${2} as b`);
      expect(stream !== null).toBe(driver === "postgres");
      if (stream) expect((await text(stream as never)).toString()).toBe("it's,2\n");
      // More stopped downloads than the pool has connections: none may stay taken.
      for (let i = 0; i < 12; i++) {
        const file = await startExport(EXPORT_KINDS, api.db, viewer, "region-students", "csv", {});
        const reader = file.body.getReader();
        await reader.read();
        await reader.cancel();
      }
      const [row] = await queryRows<{ n: number }>(api.db, sql`select 1 as n`);
      expect(Number(row?.n)).toBe(1);
    });

    it.skipIf(driver !== "postgres")("holds at most a few connections for CSV downloads at once", async () => {
      // The pool's connections in use: a COPY keeps its connection until its download ends.
      const pool = (api.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;
      // The job runner's and mail worker's polls borrow a connection for a moment too: the fewest
      // busy over a few readings is what the downloads hold.
      const copies = async () => {
        let fewest = Number.POSITIVE_INFINITY;
        for (let reading = 0; reading < 5; reading++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          fewest = Math.min(fewest, pool.totalCount - pool.idleCount);
        }
        return fewest;
      };
      // Downloads that nobody reads yet: the first MAX_COPY_EXPORTS wait in COPY, the rest in Node.
      const files = await Promise.all(
        Array.from({ length: MAX_COPY_EXPORTS + 2 }, () =>
          startExport(EXPORT_KINDS, api.db, viewer, "region-students", "csv", {}),
        ),
      );
      expect(await copies()).toBe(MAX_COPY_EXPORTS);
      const texts = await Promise.all(files.map((file) => text(file.body)));
      for (const other of texts) expect(other.equals(texts[0] as Buffer)).toBe(true);
      expect(await copies()).toBe(0);
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
