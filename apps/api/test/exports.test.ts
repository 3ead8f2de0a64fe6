import { STUDENT_IMPORT_JOB } from "@repo/contracts/student-import";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentImportJob } from "../src/domains/students/student-import";
import { runNextJob } from "../src/kernel/jobs/jobs";
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
      // Two students whose text a spreadsheet could take for formulas. The forms and imports refuse a
      // name that starts so (students.ts startsLikeFormula); rows saved before that rule, or typed
      // into the database, still reach the exports: written here as such a row would be.
      const form = new FormData();
      const bytes = await sheetOf([
        student(1, { Phone: "+91 98760 00001" }),
        student(2, { "First name": "अनन्या", Class: "XI" }),
      ]);
      form.append("file", new File([bytes.slice()], "s.xlsx"));
      form.append("mode", "all-or-nothing");
      const started = await api.call("POST", "/api/schools/student/import", { token: school, body: form });
      expect(started.status).toBe(202);
      const handlers = { [STUDENT_IMPORT_JOB]: studentImportJob(api.services) };
      while (await runNextJob(api.db, handlers, { runnerId: "t", log: pino({ level: "silent" }) }));
      await api.db.execute(sql`update students set last_name = case contact_phone
          when '+919876000001' then '=HYPERLINK("http://evil.example","x")' else '@SUM(1)' end
        where school_id = ${schoolId} and contact_phone in ('+919876000001', '9876000002')`);
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

    it("exports the school's students as XLSX, streamed as an attachment, text as text without a quote (decision 063)", async () => {
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
        '=HYPERLINK("http://evil.example","x")',
        "VIII",
        "Hindi",
        "Female",
        new Date("2013-08-15T00:00:00Z"),
        "Meera Rao",
        "+919876000001",
      ]);
      const ananya = rows.find((r) => r[1] === "अनन्या");
      expect(ananya?.[2]).toBe("@SUM(1)");
      expect(ananya?.[3]).toBe("XI");
      // Text cells, never formulas; those a spreadsheet would read otherwise when typed again keep
      // the Text format, so editing them keeps them text.
      const ashaRow = (sheet?.getSheetValues() ?? []).findIndex((r) => (r as unknown[] | undefined)?.[2] === "Ashab");
      const lastName = sheet?.getCell(`C${ashaRow}`);
      expect(lastName?.type).toBe(ExcelJS.ValueType.String);
      expect(lastName?.numFmt).toBe("@");
      expect(sheet?.getCell(`I${ashaRow}`).numFmt).toBe("@");
      expect(sheet?.getCell(`B${ashaRow}`).numFmt).toBeUndefined();
    });

    it("exports CSV with a BOM and the list's filters", async () => {
      const result = await exportList("students", "csv", { class_level: 11, search: "अनन्या" });
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(result.headers.get("content-disposition")).toMatch(/^attachment; filename="students-.*\.csv"$/);
      expect(result.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = new Uint8Array(result.body);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes).trim().split("\n");
      expect(lines[0]).toMatch(/^Student id,First name,Last name,Class,/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^\d+,अनन्या,'@SUM\(1\),XI,Hindi,Female,2013-08-15,Meera Rao,9876000002,,/);

      const all = await exportList("students", "csv");
      const records = csvRecords(all.body);
      expect(records).toHaveLength(total + 1);
      // Only what a spreadsheet would run is guarded: the formula, not the phone number (decision 063).
      const asha = records.find((r) => r[1] === "Ashab");
      expect(asha?.slice(2, 9)).toEqual([
        '\'=HYPERLINK("http://evil.example","x")',
        "VIII",
        "Hindi",
        "Female",
        "2013-08-15",
        "Meera Rao",
        "+919876000001",
      ]);
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

    it("scopes the rows like the list: the institute sees only the students it pays for", async () => {
      const institute = await api.login("institute");
      const result = await exportList("students", "csv", {}, institute);
      expect(result.status).toBe(200);
      const text = new TextDecoder().decode(new Uint8Array(result.body));
      expect(text).not.toContain("Ashab");
      const [mine] = await queryRows<{ n: number }>(
        api.db,
        // Individual registrations that name the school pay their own fee and are not its rows (decision 049).
        sql`select count(*)::int as n from students s join users u on u.school_id = s.school_id
            where u.username = 'institute' and s.source <> 'sif'
              and s.exam_year_id = (select id from exam_years where is_active)`,
      );
      expect(text.trim().split("\n")).toHaveLength(Number(mine?.n) + 1);
    });
  });
}

/** A CSV export's records (after its BOM), header first. */
const csvRecords = (body: ArrayBuffer) =>
  parse(new TextDecoder().decode(new Uint8Array(body)).replace(/^\uFEFF/, "")) as string[][];

for (const driver of testDrivers()) {
  describe(`content list exports on ${driver}`, () => {
    let api: TestApi;
    let lms: string;
    let school: string;
    const at = (hours: number) => new Date(Date.UTC(2026, 11, 1, 3, 30) + hours * 3_600_000).toISOString();

    beforeAll(async () => {
      api = await startTestApi(driver);
      lms = await api.login("lms", "coordinator");
      school = await api.login("school");
      const json = (path: string, body: unknown) => api.call("POST", path, { token: lms, json: body });
      const form = (path: string, fields: Record<string, string>) => {
        const body = new FormData();
        for (const [key, value] of Object.entries(fields)) body.append(key, value);
        return api.call("POST", path, { token: lms, body });
      };
      const made = await Promise.all([
        form("/api/study-materials", {
          title: "=HYPERLINK(1) Alpha guide",
          class_level: "8",
          exam_level: "level1",
          languages: "hi",
          is_free: "false",
          price_minor: "14950",
          link: "https://example.org/alpha",
          is_published: "false",
        }),
        json("/api/important-dates/create", { title: "+Alpha exam", start_date: "2027-01-10", audience: "gcc" }),
        json("/api/frontend-pattern/create", {
          exam_level: 2,
          class_band: "-Alpha band",
          sections: [{ name: "Science", questions: 40, marks: 40 }],
          duration_minutes: 90,
          negative_marks: 0.25,
          notes: "<p>No <strong>calculators</strong> &amp; no phones.</p>",
        }),
        json("/api/lecture-series/create", {
          title: "@Alpha optics",
          speaker: "Dr. Rao",
          lecture_date: "2026-12-01",
          video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          class_level: 9,
          language: "hi",
          published: true,
        }),
        json("/api/syllabus/create", {
          syllabus_type: 2,
          class_level: 8,
          title: "=Alpha motion",
          body: "<p>Motion</p><p>Force &amp; work</p>",
        }),
        api.call("POST", "/api/admin/notifications", {
          token: lms,
          json: {
            title: "=Alpha admit cards",
            body: "<p>Download <em>them</em>.</p>",
            roles: [2],
            publish_from: at(0),
            publish_until: at(24),
          },
        }),
      ]);
      for (const result of made) expect(result.status, JSON.stringify(result.body)).toBe(200);
    });
    afterAll(async () => {
      await api?.close();
    });

    const exportCsv = async (kind: string, filters: unknown = {}, token = lms) => {
      const result = await api.call("POST", `/api/export/${kind}?format=csv`, { token, json: filters });
      expect(result.status).toBe(200);
      return csvRecords(result.body);
    };
    const listTotal = async (path: string) => (await api.call("GET", path, { token: lms })).body.data.total as number;

    it.each([
      ["study-materials", "/api/study-materials", { language: "hi", is_free: false, is_published: false }],
      ["important-dates", "/api/important-dates", { audience: "gcc" }],
      ["frontend-pattern", "/api/frontend-pattern", { exam_level: 2 }],
      ["lecture-series", "/api/lecture-series", { class_level: 9 }],
      ["syllabus", "/api/syllabus", { syllabus_type: 2 }],
      ["notifications", "/api/admin/notifications", {}],
    ])(
      "%s: the whole list, and the item its search and filters find, formulas guarded",
      async (kind, path, filters) => {
        const all = await exportCsv(kind);
        expect(all.length - 1).toBe(await listTotal(`${path}?per_page=1`));
        const found = await exportCsv(kind, { search: "Alpha", ...filters });
        expect(found).toHaveLength(2);
        expect(found[1]?.some((cell) => /^'[=+\-@].*Alpha/.test(cell))).toBe(true);
        const none = await exportCsv(kind, { search: "no such item anywhere" });
        expect(none).toHaveLength(1);
        // A school account may read some of these lists but not export them.
        expect((await api.call("POST", `/api/export/${kind}?format=csv`, { token: school, json: {} })).status).toBe(
          403,
        );
      },
    );

    it("writes money, dates, Yes/No, plain text and India time as a reader expects", async () => {
      const [head, material] = await exportCsv("study-materials", { search: "Alpha" });
      const cell = (header: string) => material?.[head?.indexOf(header) ?? -1];
      expect(cell("Title")).toBe("'=HYPERLINK(1) Alpha guide");
      expect(cell("Price (INR)")).toBe("149.5");
      expect(cell("Free")).toBe("No");
      expect(cell("Published")).toBe("No");
      expect(cell("Class")).toBe("VIII");
      expect(cell("Languages")).toBe("Hindi");

      const [, pattern] = await exportCsv("frontend-pattern", { search: "Alpha" });
      expect(pattern).toContain("No calculators & no phones.");
      expect(pattern).toContain("Science: 40 questions, 40 marks");
      const [, syllabus] = await exportCsv("syllabus", { search: "Alpha" });
      expect(syllabus).toContain("Motion\nForce & work");
      const [, date] = await exportCsv("important-dates", { search: "Alpha" });
      expect(date?.slice(1, 6)).toEqual(["'+Alpha exam", "2027-01-10", "", "All levels", "GCC schools"]);
      const [noticeHead, notice] = await exportCsv("notifications", { search: "Alpha" });
      const noticeCell = (header: string) => notice?.[noticeHead?.indexOf(header) ?? -1];
      expect(noticeCell("Message")).toBe("Download them.");
      expect(noticeCell("Publish from (IST)")).toBe("2026-12-01 09:00");
      expect(noticeCell("Publish until (IST)")).toBe("2026-12-02 09:00");
    });

    it("exports the brochure lists with their filters and refuses list fields it does not take", async () => {
      for (const kind of ["brochure-downloads", "brochure-flipbooks"]) {
        const path = `/api/${kind}?per_page=1`;
        expect((await exportCsv(kind)).length - 1).toBe(await listTotal(path));
        const hindi = await exportCsv(kind, { language: "hi" });
        expect(hindi.length - 1).toBe(await listTotal(`${path}&language=hi`));
        expect(hindi.slice(1).every((row) => row[2] === "Hindi")).toBe(true);
        expect((await api.call("POST", `/api/export/${kind}?format=csv`, { token: school, json: {} })).status).toBe(
          403,
        );
      }
      const bad = await api.call("POST", "/api/export/syllabus?format=csv", {
        token: lms,
        json: { syllabus_type: 3, per_page: 5 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["per_page", "syllabus_type"]);
    });

    it("exports XLSX with dates as dates", async () => {
      const result = await api.call("POST", "/api/export/important-dates?format=xlsx", {
        token: lms,
        json: { search: "Alpha" },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(result.body);
      const row = workbook.getWorksheet("Important dates")?.getRow(2);
      expect(row?.getCell(3).value).toEqual(new Date("2027-01-10T00:00:00Z"));
    });
  });
}
