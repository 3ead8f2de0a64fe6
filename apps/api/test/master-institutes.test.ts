import { ROLE } from "@repo/auth/roles";
import { SCHOOL_IMPORT_JOB } from "@repo/contracts/master-institutes-constants";
import { STUDENT_IMPORT_JOB } from "@repo/contracts/student-import";
import { queryRows } from "@repo/db";
import { activityLog, mailMessages, masterInstitutes, schools, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, desc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schoolImportJob } from "../src/domains/institutes/school-import";
import { studentImportJob } from "../src/domains/students/student-import";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { csvOf, sheetOf, student } from "./fixtures/spreadsheets/fixtures";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

const logger = pino({ level: "silent" });

const SCHOOL_HEADERS = [
  "School name",
  "Category",
  "Board",
  "Address",
  "PIN code",
  "State",
  "District",
  "City",
  "Contact name",
  "Phone",
  "E-mail",
  "Username",
  "Password",
] as const;

for (const driver of testDrivers()) {
  describe(`master institutes on ${driver}`, () => {
    let api: TestApi;
    let mi: string;
    let lms: string;
    let instituteId: number;
    let ownSchoolIds: number[];
    let otherSchoolId: number;
    let place: Record<string, number | null>;
    let placeNames: { state: string; district: string; city: string };

    beforeAll(async () => {
      api = await startTestApi(driver);
      mi = await api.login("masterinstitute");
      lms = await api.login("lms", "coordinator");
      const [user] = await api.db
        .select({ id: users.masterInstituteId })
        .from(users)
        .where(eq(users.username, "masterinstitute"));
      instituteId = Number(user?.id);
      ownSchoolIds = (
        await api.db.select({ id: schools.id }).from(schools).where(eq(schools.masterInstituteId, instituteId))
      ).map((s) => s.id);
      const [other] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
      otherSchoolId = Number(other?.id);
      const [row] = await queryRows<{
        zone_id: number;
        state_id: number;
        prant_id: number;
        district_id: number;
        city_id: number;
        state: string;
        district: string;
        city: string;
      }>(
        api.db,
        sql`select sc.zone_id, sc.state_id, sc.prant_id, sc.district_id, sc.city_id,
              st.name as state, d.name as district, ci.name as city
            from schools sc join states st on st.id = sc.state_id join districts d on d.id = sc.district_id
              join cities ci on ci.id = sc.city_id
            where sc.id = ${otherSchoolId}`,
      );
      if (!row) throw new Error("no demo school place");
      place = {
        zone_id: row.zone_id,
        state_id: row.state_id,
        prant_id: row.prant_id,
        district_id: row.district_id,
        city_id: row.city_id,
      };
      placeNames = { state: row.state, district: row.district, city: row.city };
    });
    afterAll(async () => {
      await api?.close();
    });

    const runJobs = async () => {
      const handlers = {
        [SCHOOL_IMPORT_JOB]: schoolImportJob(api.services),
        [STUDENT_IMPORT_JOB]: studentImportJob(api.services),
      };
      while (await runNextJob(api.db, handlers, { runnerId: "test-runner", log: logger }));
    };
    const lastMailTo = async (address: string) => {
      const [mail] = await api.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.toAddress, address))
        .orderBy(desc(mailMessages.id))
        .limit(1);
      return mail;
    };
    let counter = 0;
    const schoolBody = (overrides: Record<string, unknown> = {}) => {
      counter++;
      return {
        school_name: `Institute Test School ${counter} ${driver}`,
        category_id: 2,
        board_id: 1,
        address: "12 Tilak Road",
        pincode: "411030",
        contact_name: "R. Kulkarni",
        contact_phone: "9876500000",
        email: `mi-school-${counter}-${driver}@example.org`,
        username: `mischool${counter}${driver}`,
        ...place,
        ...overrides,
      };
    };

    describe("the institute's own paths (role 17)", () => {
      it("lists only its own schools, with their students' counts", async () => {
        const list = await api.call("GET", "/api/master-institute/schools/list?per_page=100", { token: mi });
        expect(list.status, JSON.stringify(list.body)).toBe(200);
        const ids = list.body.data.items.map((s: { id: number }) => s.id).sort();
        expect(ids).toEqual([...ownSchoolIds].sort());
        const [counted] = await queryRows<{ n: number }>(
          api.db,
          sql`select count(*)::int as n from students s join schools sc on sc.id = s.school_id
              where sc.master_institute_id = ${instituteId}
                and s.exam_year_id = (select id from exam_years where is_active)`,
        );
        const total = list.body.data.items.reduce((sum: number, s: { students: number }) => sum + s.students, 0);
        expect(total).toBe(Number(counted?.n));
        const first = list.body.data.items[0];
        expect(first.paid + first.pending + first.unpaid).toBe(first.students);
        const searched = await api.call(
          "GET",
          `/api/master-institute/schools/list?search=${encodeURIComponent(first.name)}`,
          { token: mi },
        );
        expect(searched.body.data.items.map((s: { id: number }) => s.id)).toContain(first.id);
      });

      it("shows its dashboard, coordinators and profile; other roles are refused", async () => {
        const dashboard = await api.call("GET", "/api/master-institute/dashboard", { token: mi });
        expect(dashboard.status).toBe(200);
        expect(dashboard.body.data.students.total).toBeGreaterThan(0);
        const coordinators = await api.call("GET", "/api/master-institute/coordinators/assigned", { token: mi });
        expect(coordinators.status).toBe(200);
        expect(Array.isArray(coordinators.body.data)).toBe(true);
        const profile = await api.call("GET", "/api/master-institute", { token: mi });
        expect(profile.body.data).toMatchObject({ id: instituteId, schools: ownSchoolIds.length });
        const school = await api.login("school");
        expect((await api.call("GET", "/api/master-institute/schools/list", { token: school })).status).toBe(403);
        expect((await api.call("GET", "/api/master-institute/dashboard", { token: lms })).status).toBe(403);
        expect((await api.call("GET", "/api/master-institute/schools/list")).status).toBe(401);
      });

      it("changes its own profile, logged", async () => {
        const answer = await api.call("POST", "/api/master-institute/profile", {
          token: mi,
          json: {
            name: "Vidya Bharati Institute Group",
            contact_name: "A. Joshi",
            contact_phone: "9822000000",
            email: "masterinstitute@demo.example.org",
          },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.data.contact_name).toBe("A. Joshi");
        const bad = await api.call("POST", "/api/master-institute/profile", {
          token: mi,
          json: { name: "", contact_name: "A", contact_phone: "12", email: "nope" },
        });
        expect(bad.status).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
          "contact_phone",
          "email",
          "name",
        ]);
      });

      it("creates a school with its role-2 account and mails its sign-in details", async () => {
        const body = schoolBody();
        const answer = await api.call("POST", "/api/master-institute/schools/create", { token: mi, json: body });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        const id = answer.body.data.school_id;
        const [school] = await api.db.select().from(schools).where(eq(schools.id, id));
        expect(school?.masterInstituteId).toBe(instituteId);
        const [account] = await api.db.select().from(users).where(eq(users.schoolId, id));
        expect(account).toMatchObject({ roleId: ROLE.school, username: body.username });
        const mail = await lastMailTo(body.email);
        expect(mail?.templateKey).toBe("account-credentials");
        expect(mail?.variables.username).toBe(body.username);
        // The generated password in the mail signs the school in.
        const password = mail?.variables.password ?? "";
        const login = await api.call("POST", "/api/login", {
          json: { username: body.username, password, app: "school" },
        });
        expect(login.status).toBe(200);
        const [logged] = await api.db
          .select()
          .from(activityLog)
          .where(and(eq(activityLog.action, "school.create"), eq(activityLog.entityId, String(id))));
        expect(logged?.after).not.toHaveProperty("password");
        // The same username or e-mail again is refused, naming the field.
        const again = await api.call("POST", "/api/master-institute/schools/create", {
          token: mi,
          json: { ...schoolBody(), username: body.username },
        });
        expect(again.status).toBe(409);
        expect(again.body.errors[0].field).toBe("username");
        const sameMail = await api.call("POST", "/api/master-institute/schools/create", {
          token: mi,
          json: { ...schoolBody(), email: body.email },
        });
        expect(sameMail.status).toBe(409);
        expect(sameMail.body.errors[0].field).toBe("email");
        const wrongPlace = await api.call("POST", "/api/master-institute/schools/create", {
          token: mi,
          json: schoolBody({ state_id: 999_999 }),
        });
        expect(wrongPlace.status).toBe(422);
        const shortPin = await api.call("POST", "/api/master-institute/schools/create", {
          token: mi,
          json: schoolBody({ pincode: "4110" }),
        });
        expect(shortPin.status).toBe(422);
        expect(shortPin.body.errors).toEqual([
          { field: "pincode", message: "Enter the 6-digit PIN code, e.g. 110001" },
        ]);
      });

      it("adds a student into one of its schools only", async () => {
        const fields = {
          first_name: "Ira",
          last_name: "Kale",
          class_level: 8,
          language: "mr",
          gender: "female",
          date_of_birth: "2013-04-02",
          parent_name: "Sunita Kale",
          phone: "9811122233",
          email: "",
        };
        const schoolId = ownSchoolIds[0];
        const created = await api.call("POST", "/api/master-institute/student/create", {
          token: mi,
          json: { ...fields, school_id: schoolId },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect(created.body.data.school_id).toBe(schoolId);
        const duplicate = await api.call("POST", "/api/master-institute/student/create", {
          token: mi,
          json: { ...fields, school_id: schoolId },
        });
        expect(duplicate.status).toBe(409);
        const elsewhere = await api.call("POST", "/api/master-institute/student/create", {
          token: mi,
          json: { ...fields, phone: "9811122244", school_id: otherSchoolId },
        });
        expect(elsewhere.status).toBe(404);
        // Its students are its own to change through the students' paths too.
        const school = await api.login("school");
        expect((await api.call("GET", `/api/students/detail/${created.body.data.id}`, { token: school })).status).toBe(
          404,
        );
        expect((await api.call("GET", `/api/students/detail/${created.body.data.id}`, { token: mi })).status).toBe(200);
      });

      it("imports 20 students into one of its schools, idempotently", async () => {
        const schoolId = ownSchoolIds[1] as number;
        const bytes = await sheetOf(Array.from({ length: 20 }, (_, i) => student(5000 + i)));
        const upload = async (target: number) => {
          const form = new FormData();
          form.append("file", new File([bytes.slice()], "students.xlsx"));
          form.append("mode", "all-or-nothing");
          form.append("school_id", String(target));
          return api.call("POST", "/api/master-institute/student/import", { token: mi, body: form });
        };
        const before = await api.db.$count(students, eq(students.schoolId, schoolId));
        const started = await upload(schoolId);
        expect(started.status, JSON.stringify(started.body)).toBe(202);
        await runJobs();
        const job = await api.call("GET", `/api/jobs/${started.body.data.job_id}`, { token: mi });
        expect(job.body.data.result).toMatchObject({ inserted: 20, bad_rows: 0 });
        expect(await api.db.$count(students, eq(students.schoolId, schoolId))).toBe(before + 20);
        const again = await upload(schoolId);
        await runJobs();
        const second = await api.call("GET", `/api/jobs/${again.body.data.job_id}`, { token: mi });
        expect(second.body.data.result).toMatchObject({ inserted: 0, already_registered: 20 });
        expect((await upload(otherSchoolId)).status).toBe(404);
      });

      it("disables and enables one of its schools (its account cannot sign in meanwhile), not others'", async () => {
        const body = schoolBody({ password: DEMO_PASSWORD });
        const made = await api.call("POST", "/api/master-institute/schools/create", { token: mi, json: body });
        const id = made.body.data.school_id;
        const token = await api.login(body.username);
        const off = await api.call("POST", `/api/master-institute/schools/${id}/active`, {
          token: mi,
          json: { is_active: false },
        });
        expect(off.status).toBe(200);
        expect(off.body.data).toEqual({ id, is_active: false });
        expect((await api.call("GET", "/api/schools/dashboard", { token })).status).toBe(401);
        const login = await api.call("POST", "/api/login", {
          json: { username: body.username, password: DEMO_PASSWORD, app: "school" },
        });
        expect(login.status).toBe(401);
        const on = await api.call("POST", `/api/master-institute/schools/${id}/active`, {
          token: mi,
          json: { is_active: true },
        });
        expect(on.body.data.is_active).toBe(true);
        const foreign = await api.call("POST", `/api/master-institute/schools/${otherSchoolId}/active`, {
          token: mi,
          json: { is_active: false },
        });
        expect(foreign.status).toBe(404);
      });

      it("imports schools: all-or-nothing refuses a bad file, valid rows saves the good ones, re-uploads change nothing", async () => {
        const row = (n: number, overrides: Partial<Record<(typeof SCHOOL_HEADERS)[number], string>> = {}) => {
          const values: Record<string, string> = {
            "School name": `Imported School ${n} ${driver}`,
            Category: "Private",
            Board: "CBSE",
            Address: `${n} MG Road`,
            "PIN code": "411001",
            State: placeNames.state,
            District: placeNames.district,
            City: placeNames.city,
            "Contact name": "P. Patil",
            Phone: `98230${String(10000 + n).slice(-5)}`,
            "E-mail": `imported-${n}-${driver}@example.org`,
            Username: `imported${n}${driver}`,
            Password: "",
            ...overrides,
          };
          return SCHOOL_HEADERS.map((h) => values[h] ?? "");
        };
        const upload = async (bytes: Uint8Array, mode: string, name = "schools.xlsx") => {
          const form = new FormData();
          form.append("file", new File([bytes.slice()], name));
          form.append("mode", mode);
          return api.call("POST", "/api/master-institute/schools/import", { token: mi, body: form });
        };
        const run = async (bytes: Uint8Array, mode: "all-or-nothing" | "valid-rows", name?: string) => {
          const started = await upload(bytes, mode, name);
          expect(started.status, JSON.stringify(started.body)).toBe(202);
          await runJobs();
          const job = await api.call("GET", `/api/jobs/${started.body.data.job_id}`, { token: mi });
          expect(job.body.data.status, JSON.stringify(job.body.data)).toBe("done");
          return { id: started.body.data.job_id as number, ...job.body.data.result };
        };
        const template = await api.call("GET", "/api/master-institute/schools/import/template", { token: mi });
        expect(template.status).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(template.body);
        const templateSheet = book.worksheets[0];
        if (!templateSheet) throw new Error("no sheet");
        expect((templateSheet.getRow(1).values as unknown[]).slice(1)).toEqual([...SCHOOL_HEADERS]);

        const rows = [row(1), row(2), row(3, { State: "Atlantis" }), row(4, { Category: "Spaceship", Phone: "12" })];
        const file = await sheetOf(rows, SCHOOL_HEADERS);
        const preview = await upload(file, "preview");
        expect(preview.status).toBe(200);
        expect(preview.body.data).toMatchObject({ total_rows: 4, bad_rows: 1 });
        const count = () => api.db.$count(schools, eq(schools.masterInstituteId, instituteId));
        const before = await count();

        const refused = await run(file, "all-or-nothing");
        expect(refused).toMatchObject({ inserted: 0, bad_rows: 2 });
        expect(await count()).toBe(before);
        const errors = await api.call("GET", `/api/master-institute/schools/import/${refused.id}/errors`, {
          token: mi,
        });
        expect(errors.status).toBe(200);
        const errorsBook = new ExcelJS.Workbook();
        await errorsBook.xlsx.load(errors.body);
        const sheet = errorsBook.worksheets[0];
        expect(sheet?.rowCount).toBe(5);
        expect(String(sheet?.getRow(4).getCell(14).value)).toContain("Atlantis");
        expect(String(sheet?.getRow(5).getCell(14).value)).toContain("Category");

        const partly = await run(file, "valid-rows");
        expect(partly).toMatchObject({ inserted: 2, bad_rows: 2, already_registered: 0 });
        expect(await count()).toBe(before + 2);
        const made = await api.db
          .select({ username: users.username, roleId: users.roleId })
          .from(users)
          .where(sql`${users.username} in (${`imported1${driver}`}, ${`imported2${driver}`})`);
        expect(made.map((u) => u.roleId)).toEqual([ROLE.school, ROLE.school]);
        expect((await lastMailTo(`imported-1-${driver}@example.org`))?.templateKey).toBe("account-credentials");

        // The same rows again (as CSV this time) change nothing.
        const mailsBefore = await api.db.$count(mailMessages);
        const again = await run(await csvOf([row(1), row(2)], SCHOOL_HEADERS), "all-or-nothing", "schools.csv");
        expect(again).toMatchObject({ inserted: 0, already_registered: 2, bad_rows: 0 });
        expect(await count()).toBe(before + 2);
        expect(await api.db.$count(mailMessages)).toBe(mailsBefore);

        // A username someone else holds is an error, not "already registered".
        const taken = await run(await sheetOf([row(9, { Username: "school" })], SCHOOL_HEADERS), "valid-rows");
        expect(taken).toMatchObject({ inserted: 0, bad_rows: 1 });
        expect(taken.errors[0].message).toContain("already taken");

        // An Indian school's PIN code has six digits (issue 35 item 9).
        const shortPin = await run(await sheetOf([row(10, { "PIN code": "4110" })], SCHOOL_HEADERS), "valid-rows");
        expect(shortPin).toMatchObject({ inserted: 0, bad_rows: 1 });
        expect(shortPin.errors[0].message).toContain("Enter the 6-digit PIN code, e.g. 110001");
      });
    });

    describe("LMS managing master institutes (role 4)", () => {
      it("creates, edits, disables and enables an institute; disabling stops its sign-in", async () => {
        const body = {
          name: `Sahyadri Education Trust ${driver}`,
          contact_name: "M. Gokhale",
          contact_phone: "9822011111",
          email: `sahyadri-${driver}@example.org`,
          username: `sahyadri${driver}`,
        };
        const made = await api.call("POST", "/api/master-institute", { token: lms, json: body });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        const id = made.body.data.id;
        expect(made.body.data).toMatchObject({ name: body.name, username: body.username, schools: 0, is_active: true });
        const mail = await lastMailTo(body.email);
        expect(mail?.templateKey).toBe("account-credentials");
        const password = mail?.variables.password ?? "";
        const login = await api.call("POST", "/api/login", {
          json: { username: body.username, password, app: "school" },
        });
        expect(login.status).toBe(200);
        const token = login.body.data.token;
        expect((await api.call("GET", "/api/master-institute/schools/list", { token })).body.data.total).toBe(0);
        // Its update-school-password page: the shared change-password endpoint works for role 17.
        const changed = await api.call("POST", "/api/change-password", {
          token,
          json: { old_password: password, new_password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);

        const duplicate = await api.call("POST", "/api/master-institute", {
          token: lms,
          json: { ...body, name: body.name.toUpperCase(), username: `other${driver}` },
        });
        expect(duplicate.status).toBe(409);
        expect(duplicate.body.errors[0].field).toBe("name");

        const edited = await api.call("POST", `/api/master-institute/update/${id}`, {
          token: lms,
          json: {
            name: `${body.name} (Pune)`,
            contact_name: "N. Gokhale",
            contact_phone: body.contact_phone,
            email: body.email,
          },
        });
        expect(edited.status).toBe(200);
        expect(edited.body.data.name).toBe(`${body.name} (Pune)`);

        const off = await api.call("POST", `/api/master-institute/active/${id}`, {
          token: lms,
          json: { is_active: false },
        });
        expect(off.body.data).toEqual({ id, is_active: false });
        expect((await api.call("GET", "/api/master-institute/schools/list", { token })).status).toBe(401);
        expect(
          (
            await api.call("POST", "/api/login", {
              json: { username: body.username, password: DEMO_PASSWORD, app: "school" },
            })
          ).status,
        ).toBe(401);
        const [row] = await api.db.select().from(masterInstitutes).where(eq(masterInstitutes.id, id));
        expect(row?.isActive).toBe(false);
        await api.call("POST", `/api/master-institute/active/${id}`, { token: lms, json: { is_active: true } });
        expect(
          (
            await api.call("POST", "/api/login", {
              json: { username: body.username, password: DEMO_PASSWORD, app: "school" },
            })
          ).status,
        ).toBe(200);
        const logged = await api.db.$count(
          activityLog,
          and(eq(activityLog.entity, "master_institutes"), eq(activityLog.entityId, String(id))),
        );
        expect(logged).toBe(4);
      });

      it("lists institutes with counts and search, and drills into one institute's schools and students", async () => {
        const list = await api.call("GET", "/api/master-institute/list?search=Vidya", { token: lms });
        expect(list.status).toBe(200);
        const demo = list.body.data.items.find((i: { id: number }) => i.id === instituteId);
        expect(demo.schools).toBe(await api.db.$count(schools, eq(schools.masterInstituteId, instituteId)));
        expect(demo.username).toBe("masterinstitute");
        const inactive = await api.call("GET", "/api/master-institute/list?status=inactive", { token: lms });
        expect(inactive.body.data.items.every((i: { is_active: boolean }) => !i.is_active)).toBe(true);
        const schoolsOf = await api.call("GET", `/api/master-institute/${instituteId}/schools/list`, { token: lms });
        expect(schoolsOf.body.data.total).toBe(demo.schools);
        const studentsOf = await api.call("POST", `/api/master-institute/${instituteId}/students/list`, {
          token: lms,
          json: { page: 1, per_page: 5 },
        });
        expect(studentsOf.status).toBe(200);
        expect(studentsOf.body.data.total).toBe(demo.students);
        expect((await api.call("GET", "/api/master-institute/999999/schools/list", { token: lms })).status).toBe(404);
      });

      it("refuses other roles", async () => {
        const admin = await api.login("admin", "coordinator");
        const state = await api.login("state", "coordinator");
        for (const token of [admin, state, mi]) {
          expect((await api.call("GET", "/api/master-institute/list", { token })).status).toBe(403);
          expect(
            (
              await api.call("POST", `/api/master-institute/active/${instituteId}`, {
                token,
                json: { is_active: false },
              })
            ).status,
          ).toBe(403);
        }
      });

      it("lists the GCC zone's schools, and exports them", async () => {
        const list = await api.call("GET", "/api/schools/gcc/list?per_page=100", { token: lms });
        expect(list.status).toBe(200);
        const [gcc] = await queryRows<{ n: number }>(
          api.db,
          sql`select count(*)::int as n from schools sc join zones z on z.id = sc.zone_id where z.code = 'GCC'`,
        );
        expect(list.body.data.total).toBe(Number(gcc?.n));
        expect(list.body.data.total).toBeGreaterThan(0);
        expect((await api.call("GET", "/api/schools/gcc/list", { token: mi })).status).toBe(403);
        const exported = await api.call("POST", "/api/export/gcc-schools?format=csv", { token: lms, json: {} });
        expect(exported.status).toBe(200);
        const text = new TextDecoder().decode(exported.body);
        expect(text.split("\n").filter(Boolean).length).toBe(Number(gcc?.n) + 1);
        const mine = await api.call("POST", "/api/export/institute-schools?format=csv", { token: mi, json: {} });
        expect(mine.status).toBe(200);
        const refused = await api.call("POST", "/api/export/master-institutes?format=csv", { token: mi, json: {} });
        expect(refused.status).toBe(403);
      });
    });
  });
}
