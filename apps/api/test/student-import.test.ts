import { STUDENT_IMPORT_JOB } from "@repo/contracts/student-import";
import { registeredElsewhereMessage } from "@repo/contracts/students-constants";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { studentImportJob } from "../src/domains/students/student-import";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { FIXTURES, HEADERS, sheetOf, student } from "./fixtures/spreadsheets/fixtures";
import { startTestApi, type TestApi } from "./support";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const logger = pino({ level: "silent" });

/** The rows of a downloaded workbook's first sheet, as header → text. */
async function readBook(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  return { workbook, sheet, header, rows };
}

for (const driver of testDrivers()) {
  describe(`students spreadsheet import on ${driver}`, () => {
    let api: TestApi;
    let school: string;
    let schoolId: number;

    beforeAll(async () => {
      api = await startTestApi(driver);
      school = await api.login("school");
      const [row] = await queryRows<{ school_id: number }>(
        api.db,
        sql`select school_id from users where username = 'school'`,
      );
      schoolId = Number(row?.school_id);
    });
    afterAll(async () => {
      await api?.close();
    });

    const runJobs = async () => {
      const handlers = { [STUDENT_IMPORT_JOB]: studentImportJob(api.services) };
      while (await runNextJob(api.db, handlers, { runnerId: "test-runner", log: logger }));
    };
    const upload = (bytes: Uint8Array, mode: string, token = school, name = "students.xlsx") => {
      const form = new FormData();
      form.append("file", new File([bytes.slice()], name));
      form.append("mode", mode);
      return api.call("POST", "/api/schools/student/import", { token, body: form });
    };
    /** Uploads, runs the job, answers the finished job. */
    const importFile = async (bytes: Uint8Array, mode: "all-or-nothing" | "valid-rows", token = school) => {
      const started = await upload(bytes, mode, token);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body).toMatchObject({ status: true, data: { job_id: expect.any(Number) } });
      await runJobs();
      const job = await api.call("GET", `/api/jobs/${started.body.data.job_id}`, { token });
      return { id: Number(started.body.data.job_id), ...job.body.data };
    };
    const errorsFile = async (jobId: number, token = school) => {
      const result = await api.call("GET", `/api/schools/student/import/${jobId}/errors`, { token });
      expect(result.status).toBe(200);
      expect(result.headers.get("content-type")).toBe(XLSX);
      expect(result.headers.get("x-content-type-options")).toBe("nosniff");
      expect(result.headers.get("content-disposition")).toBe(
        `attachment; filename="student-import-${jobId}-errors.xlsx"`,
      );
      return readBook(result.body);
    };
    const imported = async () => {
      const [row] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from students where school_id = ${schoolId} and source = 'import'`,
      );
      return Number(row?.n);
    };
    const clearImported = () => api.db.execute(sql`delete from students where source = 'import'`);

    describe("the template", () => {
      it("is an XLSX with the header row, drop-down lists and an Instructions sheet", async () => {
        const result = await api.call("GET", "/api/schools/student/import/template", { token: school });
        expect(result.status).toBe(200);
        expect(result.headers.get("content-type")).toBe(XLSX);
        expect(result.headers.get("content-disposition")).toBe('attachment; filename="students-template.xlsx"');
        expect(result.headers.get("x-content-type-options")).toBe("nosniff");
        const { workbook, sheet, header, rows } = await readBook(result.body);
        expect(header).toEqual([...HEADERS]);
        expect(rows).toEqual([]);
        expect(workbook.worksheets.map((w) => w.name)).toEqual(["Students", "Instructions"]);
        expect(sheet.getCell("C2").dataValidation).toMatchObject({
          type: "list",
          formulae: ['"VI,VII,VIII,IX,X,XI"'],
        });
        expect(sheet.getCell("C5000").dataValidation).toMatchObject({ type: "list" });
        expect(sheet.getCell("D2").dataValidation.formulae?.[0]).toContain("English,Hindi,Tamil");
        expect(sheet.getCell("E2").dataValidation.formulae).toEqual(['"Female,Male,Other"']);
        const instructions = workbook.getWorksheet("Instructions");
        expect(String(instructions?.getCell("A1").value)).toBe("How to fill in this template");
      });

      it("filled in with 3 good and 2 bad rows: preview, all or nothing, valid rows, fix and re-upload", async () => {
        await clearImported();
        const template = await api.call("GET", "/api/schools/student/import/template", { token: school });
        const { workbook, sheet } = await readBook(template.body);
        sheet.addRow(student(1));
        sheet.addRow(student(2, { Class: "XII" }));
        sheet.addRow(student(3, { "E-mail": "Asha@Example.ORG" }));
        sheet.addRow(student(4, { Phone: "12345", Gender: "Q" }));
        sheet.addRow(student(5, { Class: 9, Language: "Marathi" }));
        const filled = new Uint8Array(await workbook.xlsx.writeBuffer());

        const preview = await upload(filled, "preview");
        expect(preview.status).toBe(200);
        expect(preview.body.data).toMatchObject({
          format: "xlsx",
          sheet_name: "Students",
          header_row: 1,
          total_rows: 5,
          bad_rows: 2,
          warnings: [],
        });
        expect(preview.body.data.columns).toHaveLength(9);
        expect(preview.body.data.columns[2]).toEqual({
          key: "class_level",
          header: "Class",
          found: "Class",
          column: "C",
        });
        expect(preview.body.data.rows).toHaveLength(5);
        expect(preview.body.data.rows[0]).toMatchObject({
          row: 2,
          values: { first_name: "Ashab", class_level: "VIII", date_of_birth: "15/08/2013" },
          student: { first_name: "Ashab", class_level: 8, language: "hi", date_of_birth: "2013-08-15" },
          errors: [],
        });
        expect(preview.body.data.rows[1]).toMatchObject({
          row: 3,
          student: null,
          errors: [{ field: "class_level", message: "Choose a class from VI to XI" }],
        });
        expect(await imported()).toBe(0);

        // All or nothing: two bad rows, so nothing is saved; the errors file holds every row.
        const strict = await importFile(filled, "all-or-nothing");
        expect(strict.status).toBe("done");
        expect(strict.result).toMatchObject({
          mode: "all-or-nothing",
          total_rows: 5,
          inserted: 0,
          already_registered: 0,
          bad_rows: 2,
          errors_file_id: expect.any(String),
        });
        expect(strict.result.message).toMatch(/^Nothing was saved/);
        expect(await imported()).toBe(0);
        const all = await errorsFile(strict.id);
        expect(all.header).toEqual([...HEADERS, "Errors"]);
        expect(all.rows.map((r) => r.Errors)).toEqual([
          null,
          "Class: Choose a class from VI to XI",
          null,
          "Gender: Choose female, male or other; Phone: Enter a phone number of 10 to 15 digits, e.g. 9876543210",
          null,
        ]);

        // Save the valid rows: three saved, the errors file holds the two others.
        const lenient = await importFile(filled, "valid-rows");
        expect(lenient.result).toMatchObject({ inserted: 3, already_registered: 0, bad_rows: 2 });
        expect(lenient.result.errors).toEqual([
          { row: 3, message: "Class: Choose a class from VI to XI" },
          {
            row: 5,
            message:
              "Gender: Choose female, male or other; Phone: Enter a phone number of 10 to 15 digits, e.g. 9876543210",
          },
        ]);
        expect(await imported()).toBe(3);
        const bad = await errorsFile(lenient.id);
        expect(bad.rows.map((r) => [r["First name"], r.Errors !== null])).toEqual([
          ["Ashac", true],
          ["Ashae", true],
        ]);

        // Fix the two rows in the errors file and upload it as it is (with its Errors column).
        bad.sheet.getCell("C2").value = "XI";
        bad.sheet.getCell("E3").value = "Female";
        bad.sheet.getCell("H3").value = "+91 98765 00004";
        const fixed = new Uint8Array(await bad.workbook.xlsx.writeBuffer());
        const second = await importFile(fixed, "all-or-nothing");
        expect(second.result).toMatchObject({ inserted: 2, already_registered: 0, bad_rows: 0, errors_file_id: null });
        expect(second.result.warnings).toEqual([]);
        expect(await imported()).toBe(5);
        const missing = await api.call("GET", `/api/schools/student/import/${second.id}/errors`, { token: school });
        expect(missing.status).toBe(404);

        // The same file again adds nothing: the saved rows are already registered, not errors.
        const again = await importFile(filled, "valid-rows");
        expect(again.result).toMatchObject({ inserted: 0, already_registered: 3, bad_rows: 2 });
        const fixedAgain = await importFile(fixed, "all-or-nothing");
        expect(fixedAgain.result).toMatchObject({ inserted: 0, already_registered: 2, bad_rows: 0 });
        expect(await imported()).toBe(5);

        const [saved] = await queryRows<{ class_level: number; email: string; phone: string; language: string }>(
          api.db,
          sql`select class_level, contact_email as email, contact_phone as phone, language from students
              where school_id = ${schoolId} and first_name = 'Ashae'`,
        );
        expect(saved).toMatchObject({ class_level: 8, phone: "+919876500004", language: "hi" });
      });
    });

    describe("duplicates", () => {
      it("reports repeats inside the file and students of other schools by the school's name", async () => {
        await clearImported();
        const [other] = await queryRows<{
          first_name: string;
          last_name: string;
          date_of_birth: string;
          phone: string;
          school_name: string;
          id: number;
        }>(
          api.db,
          sql`select s.first_name, s.last_name, s.date_of_birth::text as date_of_birth, s.contact_phone as phone,
                sc.name as school_name, s.id
              from students s join schools sc on sc.id = s.school_id
              where s.school_id <> ${schoolId} and s.date_of_birth >= '2009-01-01' order by s.id limit 1`,
        );
        if (!other) throw new Error("no demo student of another school");
        const bytes = await sheetOf([
          student(1),
          student(2),
          student(1, { "First name": " ASHAB ", Phone: "+91 98 7600 0001" }),
          student(3, {
            "First name": other.first_name,
            "Last name": other.last_name,
            "Date of birth": other.date_of_birth,
            Phone: other.phone,
          }),
        ]);
        const preview = await upload(bytes, "preview");
        expect(preview.body.data).toMatchObject({ total_rows: 4, bad_rows: 1 });
        expect(preview.body.data.rows[2].errors).toEqual([
          { field: "first_name", message: "The same student is on an earlier row of this file" },
        ]);

        const strict = await importFile(bytes, "all-or-nothing");
        expect(strict.result).toMatchObject({ inserted: 0, bad_rows: 2 });
        expect(await imported()).toBe(0);

        const job = await importFile(bytes, "valid-rows");
        expect(job.result).toMatchObject({ inserted: 2, already_registered: 0, bad_rows: 2 });
        expect(job.result.errors).toEqual([
          { row: 4, message: "Same student as row 2 (same name, date of birth and phone)" },
          // Never which school (issue 35 item 5): a reference support can resolve.
          { row: 5, message: registeredElsewhereMessage(Number(other.id)) },
        ]);
        expect(JSON.stringify(job.result)).not.toContain(other.school_name);
        const file = await errorsFile(job.id);
        expect(file.rows.map((r) => r.Errors)).toEqual(job.result.errors.map((e: { message: string }) => e.message));
        expect(JSON.stringify(file.rows)).not.toContain(other.school_name);
      });
    });

    describe("the errors file echoes what was uploaded", () => {
      it("as text cells without a quote, formulas kept text, Devanagari and phone numbers as typed (decision 063)", async () => {
        await clearImported();
        const hostile = '=HYPERLINK("http://evil.example","x")';
        const bytes = await sheetOf([
          student(1, { "Last name": hostile, Class: "XIII", Phone: "+91 98760 00001" }),
          student(2, { "First name": "अनन्या", "Last name": "-2+3", Class: "XIII", Phone: "+919876000002" }),
        ]);
        const job = await importFile(bytes, "valid-rows");
        expect(job.result).toMatchObject({ inserted: 0, bad_rows: 2 });
        const file = await errorsFile(job.id);
        expect(file.rows.map((r) => [r["First name"], r["Last name"], r.Phone])).toEqual([
          ["Ashab", hostile, "+91 98760 00001"],
          ["अनन्या", "-2+3", "+919876000002"],
        ]);
        // Text cells (a formula would read as an object); the Text format keeps them text when edited.
        const lastName = file.sheet.getCell("B2");
        expect(lastName.type).toBe(ExcelJS.ValueType.String);
        expect(lastName.numFmt).toBe("@");
        expect(file.sheet.getCell("A2").numFmt).toBeUndefined();
        // Uploaded again as it is, it reads the same values (and the same mistakes).
        const again = await importFile(new Uint8Array(await file.workbook.xlsx.writeBuffer()), "valid-rows");
        expect(again.result.errors).toEqual(job.result.errors);
      });
    });

    describe("the bad spreadsheets (fixtures/spreadsheets)", () => {
      beforeEach(async () => {
        await clearImported();
      });

      for (const fixture of FIXTURES) {
        it(`${fixture.name}: ${fixture.what}`, async () => {
          const bytes = await fixture.bytes();
          const { expected } = fixture;
          if ("rejected" in expected) {
            for (const mode of ["preview", "valid-rows"]) {
              const result = await upload(bytes, mode, school, fixture.name);
              // Too many rows is only known once every row is read: that is the job's part.
              if (mode === "valid-rows" && fixture.name === "too-many-rows.csv") {
                expect(result.status).toBe(202);
                await runJobs();
                const job = await api.call("GET", `/api/jobs/${result.body.data.job_id}`, { token: school });
                expect(job.body.data).toMatchObject({ status: "failed", result: null });
                expect(job.body.data.error).toMatch(expected.message);
                continue;
              }
              expect(result.status, `${mode}: ${JSON.stringify(result.body)}`).toBe(expected.rejected);
              expect(result.body.status).toBe(false);
              expect(result.body.message).toMatch(expected.message);
            }
            expect(await imported()).toBe(0);
            return;
          }
          const preview = await upload(bytes, "preview", school, fixture.name);
          expect(preview.status, JSON.stringify(preview.body)).toBe(200);
          expect(preview.body.data.bad_rows).toBe(expected.bad_rows);
          const job = await importFile(bytes, "valid-rows");
          expect(job.status, job.error).toBe("done");
          expect(job.result).toMatchObject({ inserted: expected.inserted, bad_rows: expected.bad_rows });
          expect(await imported()).toBe(expected.inserted);
          for (const warning of expected.warnings ?? []) {
            expect(
              job.result.warnings.some((w: string) => warning.test(w)),
              `${warning} in ${job.result.warnings}`,
            ).toBe(true);
          }
          if (!expected.warnings) expect(job.result.warnings).toEqual([]);
          for (const [row, message] of Object.entries(expected.errors ?? {})) {
            const found = job.result.errors.find((e: { row: number }) => e.row === Number(row));
            expect(found?.message, `row ${row}`).toMatch(message);
          }
          if (expected.bad_rows > 0) {
            const file = await errorsFile(job.id);
            expect(file.rows).toHaveLength(expected.bad_rows);
          }
        });
      }

      it("keeps Devanagari names and tidies spaces exactly", async () => {
        const devanagari = FIXTURES.find((f) => f.name === "devanagari.csv");
        const spaces = FIXTURES.find((f) => f.name === "trailing-spaces.csv");
        if (!devanagari || !spaces) throw new Error("fixtures missing");
        await importFile(await devanagari.bytes(), "all-or-nothing");
        await importFile(await spaces.bytes(), "all-or-nothing");
        const rows = await queryRows<{ first_name: string; last_name: string; parent_name: string; email: string }>(
          api.db,
          sql`select first_name, last_name, parent_name, contact_email as email from students
              where source = 'import' order by id`,
        );
        expect(rows).toEqual([
          { first_name: "अनन्या", last_name: "शर्मा", parent_name: "सुनीता शर्मा", email: null },
          { first_name: "आरव", last_name: "", parent_name: "राजेश", email: null },
          { first_name: "Asha", last_name: "Rao", parent_name: "Meera Rao", email: "asha@example.org" },
        ]);
      });

      it("reads every date form to the same day", async () => {
        const dates = FIXTURES.find((f) => f.name === "dates.xlsx");
        if (!dates) throw new Error("fixture missing");
        await importFile(await dates.bytes(), "valid-rows");
        const rows = await queryRows<{ d: string }>(
          api.db,
          sql`select distinct date_of_birth::text as d from students where source = 'import'`,
        );
        expect(rows).toEqual([{ d: "2013-08-15" }]);
      });
    });

    describe("requests and permissions", () => {
      it("refuses a request without a file or with an unknown mode", async () => {
        const noFile = new FormData();
        noFile.append("mode", "preview");
        const a = await api.call("POST", "/api/schools/student/import", { token: school, body: noFile });
        expect(a.status).toBe(400);
        expect(a.body.errors).toEqual([{ field: "file", message: "Choose the spreadsheet to upload (.xlsx or .csv)" }]);
        const b = await upload(await sheetOf([student(1)]), "everything");
        expect(b.status).toBe(400);
        expect(b.body.errors[0].field).toBe("mode");
        // A JSON body is not a form: the route's declared media type refuses it.
        const c = await api.call("POST", "/api/schools/student/import", { token: school, json: {} });
        expect(c.status).toBe(415);
        expect(c.body.status).toBe(false);
        const empty = await upload(await sheetOf([]), "preview");
        expect(empty.status).toBe(422);
        expect(empty.body.message).toBe("The file has a header row but no students below it.");
      });

      it("lets school and institute accounts import into their own school only", async () => {
        await clearImported();
        const institute = await api.login("institute");
        const job = await importFile(await sheetOf([student(1), student(2, { Class: "V" })]), "valid-rows", institute);
        expect(job.result).toMatchObject({ inserted: 1, bad_rows: 1 });
        expect(await imported()).toBe(0);
        const [row] = await queryRows<{ n: number }>(
          api.db,
          sql`select count(*)::int as n from students s join users u on u.school_id = s.school_id
              where u.username = 'institute' and s.source = 'import'`,
        );
        expect(Number(row?.n)).toBe(1);
        // Another account cannot fetch this import's errors file.
        const other = await api.call("GET", `/api/schools/student/import/${job.id}/errors`, { token: school });
        expect(other.status).toBe(404);
        expect(
          (await api.call("GET", `/api/schools/student/import/${job.id}/errors`, { token: institute })).status,
        ).toBe(200);

        // A master institute imports through POST /api/master-institute/student/import, naming the school.
        const master = await api.login("masterinstitute");
        const refused = await upload(await sheetOf([student(1)]), "preview", master);
        expect(refused.status).toBe(403);
        expect(refused.body.message).toContain("one of your schools");
        for (const username of ["admin", "state", "student"]) {
          const token = await api.login(
            username,
            username === "admin" || username === "state" ? "coordinator" : "school",
          );
          const result = await upload(await sheetOf([student(1)]), "preview", token);
          expect(result.status, username).toBe(403);
          const template = await api.call("GET", "/api/schools/student/import/template", { token });
          expect(template.status, username).toBe(403);
        }
        expect((await api.call("GET", "/api/schools/student/import/template")).status).toBe(401);
      });
    });
  });
}
