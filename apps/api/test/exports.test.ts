import { STUDENT_IMPORT_JOB } from "@repo/contracts/student-import";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNextJob } from "../src/services/jobs";
import { studentImportJob } from "../src/services/student-import";
import { sheetOf, student } from "./fixtures/spreadsheets/fixtures";
import { startTestApi, type TestApi } from "./support";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

for (const driver of testDrivers()) {
  describe(`list exports on ${driver}`, () => {
    let api: TestApi;
    let school: string;
    let schoolId: number;
    let total: number;

    beforeAll(async () => {
      api = await startTestApi(driver);
      school = await api.login("school");
      const [row] = await queryRows<{ school_id: number }>(
        api.db,
        sql`select school_id from users where username = 'school'`,
      );
      schoolId = Number(row?.school_id);
      // Two students whose text a spreadsheet could take for formulas.
      const form = new FormData();
      const bytes = await sheetOf([
        student(1, { "Last name": '=HYPERLINK("http://evil.example","x")', Phone: "+91 98760 00001" }),
        student(2, { "First name": "अनन्या", "Last name": "@SUM(1)", Class: "XI" }),
      ]);
      form.append("file", new File([bytes.slice()], "s.xlsx"));
      form.append("mode", "all-or-nothing");
      const started = await api.call("POST", "/api/schools/student/import", { token: school, body: form });
      expect(started.status).toBe(202);
      const handlers = { [STUDENT_IMPORT_JOB]: studentImportJob(api.services) };
      while (await runNextJob(api.db, handlers, { runnerId: "t", log: pino({ level: "silent" }) }));
      const [count] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from students where school_id = ${schoolId}
            and exam_year_id = (select id from exam_years where is_active)`,
      );
      total = Number(count?.n);
    });
    afterAll(async () => {
      await api?.close();
    });

    const exportList = (
      kind: string,
      format: string | undefined,
      json: unknown = {},
      token: string | undefined = school,
    ) => api.call("POST", `/api/export/${kind}${format ? `?format=${format}` : ""}`, { token, json });

    it("exports the school's students as XLSX, streamed as an attachment, neutralised", async () => {
      const result = await exportList("students", "xlsx");
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toBe(XLSX);
      expect(result.headers.get("x-content-type-options")).toBe("nosniff");
      expect(result.headers.get("content-disposition")).toMatch(
        /^attachment; filename="students-\d{4}-\d{2}-\d{2}\.xlsx"$/,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(result.body);
      const sheet = workbook.getWorksheet("Students");
      const rows = (sheet?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1));
      expect(rows[0]).toEqual([
        "Student id",
        "First name",
        "Last name",
        "Class",
        "Language",
        "Gender",
        "Date of birth",
        "Parent's name",
        "Phone",
        "E-mail",
        "School",
        "Exam year",
        "Payment",
        "Roll number",
        "Registered on",
      ]);
      expect(rows).toHaveLength(total + 1);
      const asha = rows.find((r) => r[1] === "Ashab");
      expect(asha?.slice(1, 9)).toEqual([
        "Ashab",
        '\'=HYPERLINK("http://evil.example","x")',
        "VIII",
        "Hindi",
        "Female",
        new Date("2013-08-15T00:00:00Z"),
        "Meera Rao",
        "'+919876000001",
      ]);
      const ananya = rows.find((r) => r[1] === "अनन्या");
      expect(ananya?.[2]).toBe("'@SUM(1)");
      expect(ananya?.[3]).toBe("XI");
    });

    it("exports CSV with a BOM and the list's filters", async () => {
      const result = await exportList("students", "csv", { class_level: 11, search: "अनन्या" });
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(result.headers.get("content-disposition")).toMatch(/^attachment; filename="students-.*\.csv"$/);
      expect(result.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = new Uint8Array(result.body);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
      expect(lines[0]).toMatch(/^Student id,First name,Last name,Class,/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^\d+,अनन्या,'@SUM\(1\),XI,Hindi,Female,2013-08-15,Meera Rao,9876000002,,/);

      const all = await exportList("students", "csv");
      expect(new TextDecoder().decode(new Uint8Array(all.body)).trim().split("\r\n")).toHaveLength(total + 1);
      const none = await exportList("students", undefined, { class_level: 11, language: "ta" });
      expect(none.headers.get("content-type")).toBe(XLSX);
    });

    it("answers JSON errors for an unknown kind or format, bad filters, and callers without the list", async () => {
      const unknown = await exportList("nothing", "xlsx");
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ status: false, message: 'There is no export called "nothing"' });
      const format = await exportList("students", "pdf");
      expect(format.status).toBe(400);
      expect(format.body.errors[0].field).toBe("format");
      const filter = await exportList("students", "csv", { class_level: 13, page: 2 });
      expect(filter.status).toBe(400);
      expect(filter.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["class_level", "page"]);
      const admin = await api.login("admin", "coordinator");
      expect((await exportList("students", "csv", {}, admin)).status).toBe(403);
      expect((await exportList("students", "csv", {}, "")).status).toBe(401);
    });

    it("scopes the rows like the list: the institute sees only its own students", async () => {
      const institute = await api.login("institute");
      const result = await exportList("students", "csv", {}, institute);
      expect(result.status).toBe(200);
      const text = new TextDecoder().decode(new Uint8Array(result.body));
      expect(text).not.toContain("Ashab");
      const [mine] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from students s join users u on u.school_id = s.school_id
            where u.username = 'institute' and s.exam_year_id = (select id from exam_years where is_active)`,
      );
      expect(text.trim().split("\r\n")).toHaveLength(Number(mine?.n) + 1);
    });
  });
}
