import { BULK_STUDENT_IMPORT_JOB } from "@repo/contracts/bulk-student-import-constants";
import { registeredElsewhereMessage } from "@repo/contracts/students-constants";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bulkStudentImportJob } from "../src/domains/students/bulk-student-import";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { csvOf, HEADERS, sheetOf, student } from "./fixtures/spreadsheets/fixtures";
import { startTestApi, type TestApi } from "./support";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const logger = pino({ level: "silent" });
const HEADER = ["School code", ...HEADERS];

/** A row of the bulk template: the school's code, then a student of the schools' template. */
const row = (code: string | null, n: number, changes: Parameters<typeof student>[1] = {}) => [
  code,
  ...student(n, changes),
];

async function readBook(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((r, number) => {
    if (number === 1) return;
    const values = (r.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  return { workbook, sheet, header, rows };
}

/**
 * The GCC state coordinators' bulk student import (page student-import, `students.bulkImport`):
 * the schools' student template plus "School code", each row into that school of the
 * coordinator's region (gccstate: United Arab Emirates), over HTTP on both database drivers.
 */
for (const driver of testDrivers()) {
  describe(`GCC bulk student import on ${driver}`, () => {
    let api: TestApi;
    let gcc: string;
    let gccUserId: number;
    /** Two active schools of the United Arab Emirates (gccstate's region). */
    const uae: { id: number; code: string; name: string }[] = [];
    /** Pune's demo school: outside the region. */
    let pune: { id: number; code: string; name: string };

    beforeAll(async () => {
      api = await startTestApi(driver);
      gcc = await api.login("gccstate", "coordinator");
      const [user] = await queryRows<{ id: number }>(api.db, sql`select id from users where username = 'gccstate'`);
      gccUserId = Number(user?.id);
      // A second UAE school, one in Qatar (GCC, but another state) and a deactivated UAE school.
      await api.db.execute(sql`
        insert into schools (name, zone_id, state_id, prant_id, district_id, city_id, email, referral_code, is_active)
        select v.name, sc.zone_id, case when v.other_state then q.id else sc.state_id end,
          case when v.other_state then null else sc.prant_id end,
          case when v.other_state then null else sc.district_id end,
          case when v.other_state then null else sc.city_id end, v.email, v.code, v.active
        from schools sc, states q,
          (values ('Al Noor Indian School, Sharjah', 'alnoor@example.org', 'GCCAE02', false, true),
                  ('Doha Modern Indian School', 'doha@example.org', 'GCCQA01', true, true),
                  ('Closed Academy, Dubai', 'closed@example.org', 'GCCAE09', false, false))
            as v(name, email, code, other_state, active)
        where sc.referral_code = 'VVM1003' and q.name = 'Qatar'`);
      const schools = await queryRows<{ id: number; code: string; name: string }>(
        api.db,
        sql`select id, referral_code as code, name from schools where referral_code in ('VVM1003', 'GCCAE02', 'VVM1001')`,
      );
      const byCode = (code: string) => {
        const school = schools.find((s) => s.code === code);
        if (!school) throw new Error(`no test school ${code}`);
        return { ...school, id: Number(school.id) };
      };
      uae.push(byCode("VVM1003"), byCode("GCCAE02"));
      pune = byCode("VVM1001");
    });
    afterAll(async () => {
      await api?.close();
    });

    const runJobs = async () => {
      const handlers = { [BULK_STUDENT_IMPORT_JOB]: bulkStudentImportJob(api.services) };
      while (await runNextJob(api.db, handlers, { runnerId: "test-runner", log: logger }));
    };
    const upload = (bytes: Uint8Array, mode: string, token = gcc, name = "gcc-students.xlsx") => {
      const form = new FormData();
      form.append("file", new File([bytes.slice()], name));
      form.append("mode", mode);
      return api.call("POST", "/api/coordinator/student/import", { token, body: form });
    };
    /** Uploads, runs the job, answers the finished job. */
    const importFile = async (bytes: Uint8Array, mode: "all-or-nothing" | "valid-rows") => {
      const started = await upload(bytes, mode);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await runJobs();
      const job = await api.call("GET", `/api/jobs/${started.body.data.job_id}`, { token: gcc });
      expect(job.body.data.kind).toBe(BULK_STUDENT_IMPORT_JOB);
      return { id: Number(started.body.data.job_id), ...job.body.data };
    };
    const errorsFile = async (jobId: number) => {
      const result = await api.call("GET", `/api/coordinator/student/import/${jobId}/errors`, { token: gcc });
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toBe(XLSX);
      expect(result.headers.get("x-content-type-options")).toBe("nosniff");
      expect(result.headers.get("content-disposition")).toBe(
        `attachment; filename="bulk-student-import-${jobId}-errors.xlsx"`,
      );
      return readBook(result.body);
    };
    /** The students the bulk import made, by school code and first name. */
    const imported = async () =>
      (
        await queryRows<{ code: string; first_name: string }>(
          api.db,
          sql`select sc.referral_code as code, s.first_name from students s join schools sc on sc.id = s.school_id
              where s.source = 'import' and s.created_by = ${gccUserId}`,
        )
      )
        .map((r) => `${r.code} ${r.first_name}`)
        .sort();
    const clearImported = () => api.db.execute(sql`delete from students where source = 'import'`);

    describe("the template", () => {
      it("has the School code column first, a drop-down of the region's codes and a sheet of its schools", async () => {
        const result = await api.call("GET", "/api/coordinator/student/import/template", { token: gcc });
        expect(result.status).toBe(200);
        expect(result.headers.get("content-type")).toBe(XLSX);
        expect(result.headers.get("content-disposition")).toBe('attachment; filename="bulk-students-template.xlsx"');
        const { workbook, sheet, header, rows } = await readBook(result.body);
        expect(header).toEqual(HEADER);
        expect(rows).toEqual([]);
        expect(workbook.worksheets.map((w) => w.name)).toEqual(["Students", "Instructions", "Your schools"]);

        const schools = workbook.getWorksheet("Your schools");
        const listed: string[] = [];
        schools?.eachRow((r, n) => {
          if (n > 1) listed.push(`${r.getCell(1).text} ${r.getCell(2).text}`);
        });
        // Active schools of the UAE only: not Pune's, not Qatar's, not the deactivated one.
        expect(listed).toContain("VVM1003 Indian High School, Dubai");
        expect(listed).toContain("GCCAE02 Al Noor Indian School, Sharjah");
        expect(listed.some((l) => /^(VVM1001|GCCQA01|GCCAE09) /.test(l))).toBe(false);
        expect(sheet.getCell("A2").dataValidation).toMatchObject({
          type: "list",
          formulae: [`'Your schools'!$A$2:$A$${listed.length + 1}`],
        });
        expect(sheet.getCell("D2").dataValidation.formulae).toEqual(['"VI,VII,VIII,IX,X,XI"']);
        const instructions = workbook.getWorksheet("Instructions");
        const lines: string[] = [];
        instructions?.eachRow((r) => {
          lines.push(r.getCell(1).text);
        });
        expect(lines[0]).toBe("How to fill in this template (students of your region's schools)");
        expect(lines.join("\n")).toMatch(/School code: the referral code of the student's school/);
        expect(lines.join("\n")).toMatch(/School code, First name, Class, .* are required/);
      });
    });

    describe("importing", () => {
      beforeEach(async () => {
        await clearImported();
      });

      it("adds every student to its school, with the school's region, and counts a re-upload as registered", async () => {
        const file = await sheetOf(
          [row("VVM1003", 1), row("gccae02", 2, { Class: "XI" }), row(" VVM 1003 ", 3, { Language: "Malayalam" })],
          HEADER,
        );
        const job = await importFile(file, "all-or-nothing");
        expect(job.status, job.error).toBe("done");
        expect(job.result).toMatchObject({
          mode: "all-or-nothing",
          total_rows: 3,
          inserted: 3,
          already_registered: 0,
          bad_rows: 0,
          schools: 2,
          errors_file_id: null,
          errors: [],
          message: "3 students added to 2 schools.",
        });
        expect(await imported()).toEqual(["VVM1003 Ashab", "GCCAE02 Ashac", "VVM1003 Ashad"].sort());

        // Like the school's own import: source import, the school's region ids, in the open year.
        const saved = await queryRows<{ same_region: boolean; class_level: number; language: string }>(
          api.db,
          sql`select (s.zone_id, s.state_id, s.prant_id, s.district_id)
                is not distinct from (sc.zone_id, sc.state_id, sc.prant_id, sc.district_id) as same_region,
                s.class_level, s.language
              from students s join schools sc on sc.id = s.school_id join exam_years y on y.id = s.exam_year_id
              where s.created_by = ${gccUserId} and s.source = 'import' and y.is_active order by s.first_name`,
        );
        expect(saved).toEqual([
          { same_region: true, class_level: 8, language: "hi" },
          { same_region: true, class_level: 11, language: "hi" },
          { same_region: true, class_level: 8, language: "ml" },
        ]);

        // The activity log: the import as a whole, and each school's students.
        const activity = await queryRows<{ action: string; after: unknown }>(
          api.db,
          sql`select action, after from activity_log where user_id = ${gccUserId}
              and action in ('student.bulk-import', 'student.import') order by id`,
        );
        const after = activity.map((a) => ({
          action: a.action,
          after: typeof a.after === "string" ? JSON.parse(a.after) : a.after,
        }));
        expect(after).toEqual(
          expect.arrayContaining([
            { action: "student.import", after: { school_id: uae[0]?.id, count: 2 } },
            { action: "student.import", after: { school_id: uae[1]?.id, count: 1 } },
            {
              action: "student.bulk-import",
              after: { count: 3, schools: 2, file: "gcc-students.xlsx", mode: "all-or-nothing" },
            },
          ]),
        );

        // The same file again adds nothing.
        const again = await importFile(file, "all-or-nothing");
        expect(again.result).toMatchObject({ inserted: 0, already_registered: 3, bad_rows: 0, schools: 0 });
        expect(again.result.message).toBe("0 students added, 3 students already registered.");
        expect(await imported()).toHaveLength(3);
      });

      it("all or nothing: a school outside the region, unknown or closed is reported per row, and nothing is stored", async () => {
        const file = await sheetOf(
          [
            row("VVM1003", 1),
            row(pune.code, 2),
            row("GCCQA01", 3),
            row("NOSUCH9", 4),
            row(null, 5),
            row("GCCAE09", 6),
            row("GCCAE02", 7, { Phone: "12345" }),
          ],
          HEADER,
        );
        const preview = await upload(file, "preview");
        expect(preview.status, JSON.stringify(preview.body)).toBe(200);
        expect(preview.body.data).toMatchObject({ total_rows: 7, bad_rows: 6 });
        expect(preview.body.data.columns[0]).toEqual({
          key: "school_code",
          header: "School code",
          found: "School code",
          column: "A",
        });
        expect(preview.body.data.rows[1].errors).toEqual([
          {
            field: "school_code",
            message: `No school with the code VVM1001 in your region: check the code in the "Your schools" sheet of the template`,
          },
        ]);
        expect(await imported()).toEqual([]);

        const job = await importFile(file, "all-or-nothing");
        expect(job.status, job.error).toBe("done");
        expect(job.result).toMatchObject({ inserted: 0, bad_rows: 6, schools: 0 });
        expect(job.result.message).toMatch(/^Nothing was saved: 6 rows have mistakes\./);
        const notInRegion = (code: string) =>
          `School code: No school with the code ${code} in your region: check the code in the "Your schools" sheet of the template`;
        expect(job.result.errors).toEqual([
          { row: 3, message: notInRegion("VVM1001") },
          { row: 4, message: notInRegion("GCCQA01") },
          { row: 5, message: notInRegion("NOSUCH9") },
          {
            row: 6,
            message: `School code: Enter the school's code (its referral code, e.g. VVM1003) from the "Your schools" sheet of the template`,
          },
          {
            row: 7,
            message:
              "School code: Closed Academy, Dubai (GCCAE09) is deactivated, so students cannot be added to it: ask the school",
          },
          { row: 8, message: "Phone: Enter a phone number of 10 to 15 digits, e.g. 9876543210" },
        ]);
        expect(await imported()).toEqual([]);

        // The errors file: every row (nothing was saved), the template's columns and "Errors".
        const errors = await errorsFile(job.id);
        expect(errors.header).toEqual([...HEADER, "Errors"]);
        expect(errors.rows.map((r) => r["School code"])).toEqual([
          "VVM1003",
          "VVM1001",
          "GCCQA01",
          "NOSUCH9",
          null,
          "GCCAE09",
          "GCCAE02",
        ]);
        expect(errors.rows.map((r) => r.Errors)).toEqual([
          null,
          ...job.result.errors.map((e: { message: string }) => e.message),
        ]);
      });

      it("valid rows: stores the good rows only and gives the others back", async () => {
        const file = await csvOf(
          [row("VVM1003", 11), row(pune.code, 12), row("GCCAE02", 13), row("GCCAE02", 14, { Class: "XII" })],
          HEADER,
        );
        const job = await importFile(file, "valid-rows");
        expect(job.status, job.error).toBe("done");
        expect(job.result).toMatchObject({ total_rows: 4, inserted: 2, bad_rows: 2, schools: 2 });
        expect(job.result.message).toBe("2 students added to 2 schools, 2 rows not saved (see the errors file).");
        expect(await imported()).toEqual(["VVM1003 Ashal", "GCCAE02 Ashan"].sort());
        const errors = await errorsFile(job.id);
        expect(errors.rows.map((r) => [r["School code"], r.Errors])).toEqual([
          [
            "VVM1001",
            `School code: No school with the code VVM1001 in your region: check the code in the "Your schools" sheet of the template`,
          ],
          ["GCCAE02", "Class: Choose a class from VI to XI"],
        ]);
      });

      it("refuses a student another school has, and a repeat inside the file", async () => {
        const first = await importFile(await sheetOf([row("VVM1003", 21)], HEADER), "all-or-nothing");
        expect(first.result.inserted).toBe(1);
        const file = await sheetOf([row("GCCAE02", 21), row("GCCAE02", 22), row("VVM1003", 22)], HEADER);
        const job = await importFile(file, "valid-rows");
        expect(job.result).toMatchObject({ inserted: 1, bad_rows: 2 });
        const [registered] = await queryRows<{ id: number }>(
          api.db,
          sql`select id from students where first_name = ${String(student(21)[0])} order by id limit 1`,
        );
        expect(JSON.stringify(job.result)).not.toContain("Indian High School");
        expect(job.result.errors).toEqual([
          // Never which school (issue 35 item 5): a reference support can resolve.
          { row: 2, message: registeredElsewhereMessage(Number(registered?.id)) },
          { row: 4, message: "Same student as row 3 (same name, date of birth and phone)" },
        ]);
      });
    });

    describe("files refused at once", () => {
      it("answers 422 naming the missing School code column, or a file that is no spreadsheet; nothing is queued", async () => {
        const jobsBefore = await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from jobs`);
        const noCode = await sheetOf([student(31)], HEADERS);
        for (const mode of ["preview", "all-or-nothing", "valid-rows"]) {
          const result = await upload(noCode, mode);
          expect(result.status, mode).toBe(422);
          expect(result.body).toMatchObject({
            status: false,
            message:
              'The file has no column "School code". Use the header row of the template; columns may be in any order.',
            errors: [{ field: "file" }],
          });
        }
        const picture = await upload(
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
          "valid-rows",
        );
        expect(picture.status).toBe(422);
        expect(picture.body.message).toMatch(/neither an Excel workbook \(\.xlsx\) nor a CSV file/);
        const noFile = await api.call("POST", "/api/coordinator/student/import", { token: gcc, body: new FormData() });
        expect(noFile.status).toBe(400);
        expect(noFile.body.errors).toEqual([
          { field: "file", message: "Choose the spreadsheet to upload (.xlsx or .csv)" },
        ]);
        const jobsAfter = await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from jobs`);
        expect(jobsAfter[0]?.n).toBe(jobsBefore[0]?.n);
      });
    });

    describe("the overview", () => {
      it("names the region, counts its schools and lists the user's imports, newest first", async () => {
        const result = await api.call("GET", "/api/coordinator/student/import/overview", { token: gcc });
        expect(result.status).toBe(200);
        const { regions, schools, imports } = result.body.data;
        expect(regions).toEqual(["United Arab Emirates"]);
        const [counted] = await queryRows<{ n: number }>(
          api.db,
          sql`select count(*)::int as n from schools sc join states st on st.id = sc.state_id
              where st.name = 'United Arab Emirates' and sc.is_active`,
        );
        expect(schools).toBe(counted?.n);
        expect(imports.length).toBeGreaterThanOrEqual(5);
        const ids = imports.map((i: { job_id: number }) => i.job_id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
        expect(imports[0]).toMatchObject({
          file_name: "gcc-students.xlsx",
          mode: "valid-rows",
          status: "done",
          result: { inserted: 1, bad_rows: 2 },
          error: null,
        });
      });
    });

    describe("who may import", () => {
      it("is refused to a non-GCC state coordinator, a district coordinator, a school and an admin (403)", async () => {
        const file = await sheetOf([row("VVM1003", 41)], HEADER);
        const before = await imported();
        const [gccJob] = await queryRows<{ id: number }>(
          api.db,
          sql`select id from jobs where kind = ${BULK_STUDENT_IMPORT_JOB} order by id desc limit 1`,
        );
        for (const [username, app] of [
          ["state", "coordinator"],
          ["district", "coordinator"],
          ["admin", "coordinator"],
          ["school", "school"],
        ] as const) {
          const token = await api.login(username, app);
          expect((await upload(file, "valid-rows", token)).status, username).toBe(403);
          for (const path of ["template", "overview", `${gccJob?.id}/errors`]) {
            const result = await api.call("GET", `/api/coordinator/student/import/${path}`, { token });
            expect(result.status, `${username} ${path}`).toBe(403);
          }
        }
        expect((await upload(file, "valid-rows", "")).status).toBe(401);
        expect(await imported()).toEqual(before);
      });

      it("keeps another user's import, and a school import, out of the errors file route (404)", async () => {
        const school = await api.login("school");
        const form = new FormData();
        form.append("file", new File([(await sheetOf([student(51, { Class: "XII" })])).slice()], "s.xlsx"));
        form.append("mode", "valid-rows");
        const started = await api.call("POST", "/api/schools/student/import", { token: school, body: form });
        expect(started.status).toBe(202);
        const result = await api.call("GET", `/api/coordinator/student/import/${started.body.data.job_id}/errors`, {
          token: gcc,
        });
        expect(result.status).toBe(404);
      });
    });
  });
}
