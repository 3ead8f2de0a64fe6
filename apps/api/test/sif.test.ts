import { ROLE } from "@repo/auth/roles";
import { SIF_IMPORT_JOB } from "@repo/contracts/sif-constants";
import { registeredElsewhereMessage, registrationReference } from "@repo/contracts/students-constants";
import { queryRows } from "@repo/db";
import { activityLog, mailMessages, rateLimits, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq, like, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sifImportJob } from "../src/domains/institutes/sif-import";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { startTestApi, type TestApi } from "./support";

const logger = pino({ level: "silent" });

/** A good registration; `n` makes the student unique (name and phone). */
const registration = (n: number, overrides: Record<string, unknown> = {}) => ({
  first_name: `Kiran${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + Math.floor(n / 26))}`,
  last_name: "Joshi",
  class_level: 8,
  language: "hi",
  gender: "female",
  date_of_birth: "2013-08-15",
  parent_name: "Anita Joshi",
  phone: `97${String(55_000_000 + n).padStart(8, "0")}`,
  email: `kiran${n}@example.org`,
  ...overrides,
});

for (const driver of testDrivers()) {
  describe(`individual (SIF) students on ${driver}`, () => {
    let api: TestApi;
    let demoSchool: { id: number; name: string; code: string; zone_id: number; state_id: number };
    let otherState: { zone_id: number; state_id: number };
    beforeAll(async () => {
      api = await startTestApi(driver);
      const [school] = await queryRows<typeof demoSchool>(
        api.db,
        sql`select sc.id, sc.name, sc.referral_code as code, sc.zone_id, sc.state_id
            from schools sc join users u on u.school_id = sc.id where u.username = 'school'`,
      );
      if (!school) throw new Error("no demo school");
      demoSchool = {
        ...school,
        id: Number(school.id),
        zone_id: Number(school.zone_id),
        state_id: Number(school.state_id),
      };
      const [other] = await queryRows<typeof otherState>(
        api.db,
        sql`select zone_id, id as state_id from states where id <> ${demoSchool.state_id} and zone_id <> ${demoSchool.zone_id} order by id limit 1`,
      );
      if (!other) throw new Error("no other state");
      otherState = { zone_id: Number(other.zone_id), state_id: Number(other.state_id) };
    });
    afterAll(async () => {
      await api?.close();
    });

    const register = (body: Record<string, unknown>) => api.call("POST", "/api/sif/register/student", { json: body });
    const list = async (username: string, query = "") =>
      api.call("GET", `/api/sif/students?per_page=100${query}`, { token: await api.login(username, "coordinator") });

    it("keeps a registration that names a school out of that school's lists, amounts and orders (decision 049)", async () => {
      const school = await api.login("school");
      const as = (method: string, path: string, json?: unknown) => api.call(method, path, { token: school, json });
      const amountBefore = (await as("POST", "/api/get-payment-amount", {})).body.data;
      const dashboardBefore = (await as("GET", "/api/schools/dashboard")).body.data;
      const answer = await register(registration(40, { school_id: demoSchool.id }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const id = Number(answer.body.data.student_id);
      // Not in the school's list, not in its pay-for-all amount, not payable by it, not in its counts.
      const listed = await as("GET", "/api/schools/student-list?per_page=100&payment_status=unpaid&search=kiran");
      expect(listed.body.data.items.map((s: { id: number }) => s.id)).not.toContain(id);
      expect((await as("POST", "/api/get-payment-amount", {})).body.data).toEqual(amountBefore);
      expect((await as("POST", "/api/get-payment-amount", { student_ids: [id] })).status).toBe(409);
      expect((await as("POST", "/api/pay-student/create-payment", { student_ids: [id] })).status).toBe(409);
      const dashboard = (await as("GET", "/api/schools/dashboard")).body.data;
      expect(dashboard.students).toEqual(dashboardBefore.students);
      // The student still pays its own fee.
      expect(answer.body.data.school_name).toBe(demoSchool.name);
    });

    describe("the public registration", () => {
      it("registers a student of a listed school with a referral code, makes its account and mails the details", async () => {
        const answer = await register(
          registration(1, { school_id: demoSchool.id, referral_code: ` ${demoSchool.code.toLowerCase()} ` }),
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.message).toContain("kiran1@example.org");
        const data = answer.body.data;
        expect(data).toMatchObject({
          email: "kiran1@example.org",
          school_name: demoSchool.name,
          referred_by: demoSchool.name,
        });
        expect(data.username).toMatch(/^stu\d{6}/);

        const [row] = await api.db.select().from(students).where(eq(students.id, data.student_id));
        expect(row).toMatchObject({
          source: "sif",
          schoolId: demoSchool.id,
          unlistedSchoolName: null,
          referredBySchoolId: demoSchool.id,
          referralStatus: "pending",
          zoneId: demoSchool.zone_id,
          stateId: demoSchool.state_id,
          paymentStatus: "unpaid",
        });
        const [account] = await api.db.select().from(users).where(eq(users.studentId, data.student_id));
        expect(account).toMatchObject({ username: data.username, roleId: ROLE.student, email: "kiran1@example.org" });
        const [mail] = await api.db.select().from(mailMessages).where(eq(mailMessages.toAddress, "kiran1@example.org"));
        expect(mail?.templateKey).toBe("sif-registration");
        expect(mail?.language).toBe("hi");
        const [logged] = await api.db
          .select()
          .from(activityLog)
          .where(
            and(eq(activityLog.action, "student.sif-register"), eq(activityLog.entityId, String(data.student_id))),
          );
        expect(logged).toBeDefined();
        // The mailed password signs the student in (it is in the queued mail's variables).
        const password = (mail?.variables as Record<string, string> | null)?.password;
        expect(password).toBeTruthy();
        const login = await api.call("POST", "/api/login", {
          json: { username: data.username, password, app: "school" },
        });
        expect(login.status, JSON.stringify(login.body)).toBe(200);
      });

      it("registers a student of an unlisted school in the region it chose, without a referral", async () => {
        const answer = await register(
          registration(2, { unlisted_school_name: "  Gram  Vidyalaya Rampur ", ...otherState, referral_code: "" }),
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.data).toMatchObject({ school_name: "Gram Vidyalaya Rampur", referred_by: null });
        const [row] = await api.db.select().from(students).where(eq(students.id, answer.body.data.student_id));
        expect(row).toMatchObject({
          schoolId: null,
          unlistedSchoolName: "Gram Vidyalaya Rampur",
          referredBySchoolId: null,
          referralStatus: null,
          zoneId: otherState.zone_id,
          stateId: otherState.state_id,
        });
      });

      it("refuses every bad field with a message naming it, and saves nothing", async () => {
        const before = (await api.db.select({ n: sql<number>`count(*)` }).from(students))[0]?.n;
        const cases: [Record<string, unknown>, string][] = [
          [{ first_name: "" }, "first_name"],
          [{ class_level: 5 }, "class_level"],
          [{ language: "xx" }, "language"],
          [{ gender: "none" }, "gender"],
          [{ date_of_birth: "2024-01-01" }, "date_of_birth"],
          [{ parent_name: "" }, "parent_name"],
          [{ phone: "12" }, "phone"],
          [{ email: "" }, "email"],
          [{ email: "not-an-address" }, "email"],
          [{ school_id: undefined }, "school_id"],
          [{ unlisted_school_name: "Both Named School" }, "unlisted_school_name"],
          [{ referral_code: "!!" }, "referral_code"],
        ];
        for (const [change, field] of cases) {
          const answer = await register({ ...registration(3, { school_id: demoSchool.id }), ...change });
          expect(answer.status, field).toBe(400);
          expect(
            answer.body.errors.map((e: { field: string }) => e.field),
            field,
          ).toContain(field);
        }
        const noRegion = await register(registration(3, { unlisted_school_name: "Nowhere School" }));
        expect(noRegion.status).toBe(400);
        expect(noRegion.body.errors.map((e: { field: string }) => e.field)).toEqual(["zone_id", "state_id"]);
        const wrongState = await register(
          registration(3, {
            unlisted_school_name: "Nowhere School",
            zone_id: demoSchool.zone_id,
            state_id: otherState.state_id,
          }),
        );
        expect(wrongState.status).toBe(422);
        expect(wrongState.body.errors[0].field).toBe("state_id");
        const unknownSchool = await register(registration(3, { school_id: 999_999 }));
        expect(unknownSchool.status).toBe(422);
        expect(unknownSchool.body.errors[0].field).toBe("school_id");
        const after = (await api.db.select({ n: sql<number>`count(*)` }).from(students))[0]?.n;
        expect(Number(after)).toBe(Number(before));
      });

      it("refuses a referral code that matches no school, naming the field", async () => {
        const answer = await register(registration(4, { school_id: demoSchool.id, referral_code: "VVMNOSUCH1" }));
        expect(answer.status).toBe(422);
        expect(answer.body.errors).toEqual([
          { field: "referral_code", message: expect.stringContaining("No school has this referral code") },
        ]);
      });

      it("reports a duplicate (same name, date of birth and phone this year) without saying who has it", async () => {
        const again = await register(registration(1, { school_id: demoSchool.id, email: "other@example.org" }));
        expect(again.status).toBe(409);
        // Never which school (issue 35 item 5): how to go on, and a reference for support.
        expect(again.body.message).not.toContain(demoSchool.name);
        expect(again.body.message).toMatch(/sign in with the username we mailed you.*REG-\d{6}/);
        expect(again.body.errors[0].field).toBe("first_name");
        // A school's own student counts too, whichever way it was registered.
        const [schoolStudent] = await api.db
          .select()
          .from(students)
          .where(and(eq(students.schoolId, demoSchool.id), eq(students.source, "form")))
          .limit(1);
        if (!schoolStudent) throw new Error("no school student");
        const clash = await register(
          registration(5, {
            school_id: demoSchool.id,
            first_name: schoolStudent.firstName,
            last_name: schoolStudent.lastName,
            date_of_birth: schoolStudent.dateOfBirth,
            phone: schoolStudent.contactPhone,
          }),
        );
        expect(clash.status).toBe(409);
        expect(clash.body.message).not.toContain(demoSchool.name);
        expect(clash.body.message).toContain(registrationReference(schoolStudent.id));
      });

      it("tells a school an unlisted school's student is registered elsewhere, without its name", async () => {
        const school = await api.login("school");
        const [unlisted] = await api.db
          .select()
          .from(students)
          .where(eq(students.unlistedSchoolName, "Gram Vidyalaya Rampur"));
        const answer = await api.call("POST", "/api/schools/student/create", {
          token: school,
          json: {
            ...registration(2),
            email: "",
          },
        });
        expect(unlisted).toBeDefined();
        expect(answer.status).toBe(409);
        expect(JSON.stringify(answer.body)).not.toContain("Gram Vidyalaya Rampur");
        expect(answer.body.message).toBe(registeredElsewhereMessage(Number(unlisted?.id)));
      });

      it("checks a referral code live: the school's name, or 404", async () => {
        const good = await api.call("GET", `/api/sif/referral-code/${demoSchool.code.toLowerCase()}`);
        expect(good.status).toBe(200);
        expect(good.body.data).toEqual({ code: demoSchool.code, school_name: demoSchool.name });
        const bad = await api.call("GET", "/api/sif/referral-code/VVMNOSUCH1");
        expect(bad.status).toBe(404);
        expect(bad.body.message).toContain("No school has this referral code");
        expect((await api.call("GET", "/api/sif/referral-code/%21%21")).status).toBe(404);
      });

      it("searches active schools by name, city and state, paged", async () => {
        const byName = await api.call("GET", `/api/sif/list/schools?search=${encodeURIComponent("Jnana Prabodhini")}`);
        expect(byName.status).toBe(200);
        expect(byName.body.data.items[0]).toMatchObject({ id: demoSchool.id, name: demoSchool.name });
        expect(byName.body.data.items[0]).not.toHaveProperty("referral_code");
        const byCity = await api.call("GET", "/api/sif/list/schools?search=pune&per_page=5");
        expect(byCity.body.data.items.length).toBeGreaterThan(0);
        expect(
          byCity.body.data.items.every((s: { city: string | null; district: string | null; name: string }) =>
            `${s.city} ${s.district} ${s.name}`.toLowerCase().includes("pune"),
          ),
        ).toBe(true);
        const [state] = await queryRows<{ name: string }>(
          api.db,
          sql`select name from states where id = ${demoSchool.state_id}`,
        );
        const byState = await api.call(
          "GET",
          `/api/sif/list/schools?search=${encodeURIComponent(state?.name ?? "")}&per_page=40`,
        );
        expect(byState.body.data.total).toBeGreaterThan(0);
        expect(byState.body.data.items.every((s: { state: string }) => s.state === state?.name)).toBe(true);
        const page2 = await api.call("GET", "/api/sif/list/schools?per_page=5&page=2");
        expect(page2.body.data).toMatchObject({ page: 2, per_page: 5 });
        expect(page2.body.data.items).toHaveLength(5);
        // An inactive school is not offered.
        await api.db.execute(sql`update schools set is_active = false where id = ${demoSchool.id}`);
        const hidden = await api.call("GET", `/api/sif/list/schools?search=${encodeURIComponent("Jnana Prabodhini")}`);
        expect(hidden.body.data.items.some((s: { id: number }) => s.id === demoSchool.id)).toBe(false);
        await api.db.execute(sql`update schools set is_active = true where id = ${demoSchool.id}`);
        expect((await api.call("GET", "/api/sif/list/schools?search=a")).status).toBe(400);
        expect((await api.call("GET", "/api/sif/list/schools?per_page=500")).status).toBe(400);
      });

      it("limits searches, code checks and registrations per client (429 with Retry-After)", async () => {
        for (const [prefix, call] of [
          ["sif-schools", () => api.call("GET", "/api/sif/list/schools")],
          ["sif-referral", () => api.call("GET", `/api/sif/referral-code/${demoSchool.code}`)],
          ["sif-register", () => register(registration(9, { school_id: demoSchool.id }))],
        ] as const) {
          await api.db
            .update(rateLimits)
            .set({ hits: 10_000 })
            .where(like(rateLimits.key, `${prefix}:ip:%`));
          const limited = await call();
          expect(limited.status, prefix).toBe(429);
          expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
          await api.db.delete(rateLimits).where(like(rateLimits.key, `${prefix}:ip:%`));
        }
      });
    });

    describe("the individual-students list", () => {
      it("shows admins every individual student, and coordinators those of their region", async () => {
        const all = await list("admin");
        expect(all.status).toBe(200);
        const names = all.body.data.items.map((s: { school_name: string }) => s.school_name);
        expect(names).toContain("Gram Vidyalaya Rampur");
        expect(all.body.data.items.every((s: { id: number }) => typeof s.id === "number")).toBe(true);
        const [counted] = await queryRows<{ n: number }>(
          api.db,
          sql`select count(*)::int as n from students where source = 'sif'`,
        );
        expect(all.body.data.total).toBe(Number(counted?.n));
        const unlisted = all.body.data.items.find(
          (s: { school_name: string }) => s.school_name === "Gram Vidyalaya Rampur",
        );
        expect(unlisted).toMatchObject({ school_id: null, school_listed: false, referred_by: null });

        for (const username of ["zonal", "state", "prant", "district"]) {
          const mine = await list(username);
          expect(mine.status, username).toBe(200);
          const schools = mine.body.data.items.map((s: { school_name: string }) => s.school_name);
          expect(schools, username).not.toContain("Gram Vidyalaya Rampur");
          expect(schools, username).toContain(demoSchool.name);
          expect(mine.body.data.total, username).toBeLessThan(all.body.data.total);
        }
      });

      it("filters by class, payment, region, referral and search", async () => {
        const grade = await list("admin", "&class_level=8");
        expect(grade.body.data.items.every((s: { class_level: number }) => s.class_level === 8)).toBe(true);
        const paid = await list("admin", "&payment_status=paid");
        expect(paid.body.data.items.every((s: { payment_status: string }) => s.payment_status === "paid")).toBe(true);
        const region = await list("admin", `&state_id=${otherState.state_id}`);
        expect(region.body.data.items.map((s: { school_name: string }) => s.school_name)).toContain(
          "Gram Vidyalaya Rampur",
        );
        const referred = await list("admin", "&referred=no");
        expect(referred.body.data.items.every((s: { referred_by: string | null }) => s.referred_by === null)).toBe(
          true,
        );
        const search = await list("admin", "&search=rampur");
        expect(search.body.data.total).toBe(1);
        expect((await list("admin", "&class_level=12")).status).toBe(400);
      });

      it("is forbidden to GCC coordinators, pay support, LMS and school accounts", async () => {
        for (const [username, app] of [
          ["gccstate", "coordinator"],
          ["paysupport", "coordinator"],
          ["lms", "coordinator"],
          ["school", "school"],
          ["student", "school"],
        ] as const) {
          const answer = await api.call("GET", "/api/sif/students", { token: await api.login(username, app) });
          expect(answer.status, username).toBe(403);
        }
        expect((await api.call("GET", "/api/sif/students")).status).toBe(401);
      });

      it("exports the list with its filters, scoped like the list", async () => {
        const exported = await api.call("POST", "/api/export/individual-students?format=csv", {
          token: await api.login("district", "coordinator"),
          json: { search: "rampur" },
        });
        expect(exported.status).toBe(200);
        const text = new TextDecoder().decode(exported.body as ArrayBuffer);
        expect(text).toContain("School listed");
        expect(text).not.toContain("Rampur");
        const admin = await api.call("POST", "/api/export/individual-students?format=csv", {
          token: await api.login("admin", "coordinator"),
          json: { search: "rampur" },
        });
        expect(new TextDecoder().decode(admin.body as ArrayBuffer)).toContain("Gram Vidyalaya Rampur");
      });
    });

    describe("deleting", () => {
      it("deletes an unpaid individual student with its sign-in, and refuses a paid one with 409", async () => {
        const made = await register(registration(20, { school_id: demoSchool.id }));
        const id = made.body.data.student_id;
        const admin = await api.login("admin", "coordinator");
        const deleted = await api.call("DELETE", `/api/sif/student/${id}/delete`, { token: admin });
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
        expect(await api.db.select().from(students).where(eq(students.id, id))).toHaveLength(0);
        expect(await api.db.select().from(users).where(eq(users.studentId, id))).toHaveLength(0);
        expect((await api.call("DELETE", `/api/sif/student/${id}/delete`, { token: admin })).status).toBe(404);

        const paid = await register(registration(21, { school_id: demoSchool.id }));
        const paidId = paid.body.data.student_id;
        await api.db.update(students).set({ paymentStatus: "paid" }).where(eq(students.id, paidId));
        const refused = await api.call("DELETE", `/api/sif/student/${paidId}/delete`, {
          token: await api.login("subadmin", "coordinator"),
        });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toContain("paid");
        expect(await api.db.select().from(students).where(eq(students.id, paidId))).toHaveLength(1);

        // A school's own student is not an individual one.
        const [own] = await api.db.select().from(students).where(eq(students.source, "form")).limit(1);
        expect((await api.call("DELETE", `/api/sif/student/${own?.id}/delete`, { token: admin })).status).toBe(404);
      });

      it("is only for Admin and Sub Admin", async () => {
        for (const [username, app] of [
          ["orgteam", "coordinator"],
          ["zonal", "coordinator"],
          ["district", "coordinator"],
          ["school", "school"],
        ] as const) {
          const answer = await api.call("DELETE", "/api/sif/student/1/delete", {
            token: await api.login(username, app),
          });
          expect(answer.status, username).toBe(403);
        }
      });
    });

    describe("the admins' import", () => {
      const HEADER =
        "First name,Last name,Class,Language,Gender,Date of birth,Parent's name,Phone,E-mail,School code,Referral code";
      const csvRow = (n: number, overrides: Partial<Record<string, string>> = {}) => {
        const r = registration(100 + n);
        const cells = {
          first: r.first_name,
          last: "Import",
          cls: "VII",
          lang: "English",
          gender: "Male",
          dob: "15/08/2014",
          parent: "Ravi Import",
          phone: r.phone,
          email: `import${n}@example.org`,
          school: demoSchool.code,
          ref: "",
          ...overrides,
        };
        return Object.values(cells).join(",");
      };
      const runJobs = async () => {
        const handlers = { [SIF_IMPORT_JOB]: sifImportJob(api.services) };
        while (await runNextJob(api.db, handlers, { runnerId: "test-runner", log: logger }));
      };
      const importCsv = async (lines: string[], mode: string, username = "admin") => {
        const token = await api.login(username, "coordinator");
        const form = new FormData();
        form.append("file", new File([[HEADER, ...lines].join("\n")], "sif.csv"));
        form.append("mode", mode);
        const started = await api.call("POST", "/api/sif/student/import", { token, body: form });
        if (started.status !== 202) return { started, job: null };
        await runJobs();
        const job = await api.call("GET", `/api/jobs/${started.body.data.job_id}`, { token });
        return { started, job: job.body.data, token };
      };

      it("imports valid rows with their school and referral, makes accounts and mails them; a re-upload adds nothing", async () => {
        const lines = [csvRow(1), csvRow(2, { ref: demoSchool.code })];
        const { job } = await importCsv(lines, "all-or-nothing");
        expect(job?.status).toBe("done");
        expect(job?.result).toMatchObject({ inserted: 2, bad_rows: 0, errors_file_id: null });
        const made = await api.db.select().from(students).where(eq(students.lastName, "Import"));
        expect(made).toHaveLength(2);
        expect(made.every((s) => s.source === "sif" && s.schoolId === demoSchool.id)).toBe(true);
        expect(made.filter((s) => s.referralStatus === "pending")).toHaveLength(1);
        const mails = await api.db
          .select()
          .from(mailMessages)
          .where(like(mailMessages.toAddress, "import%@example.org"));
        expect(mails).toHaveLength(2);
        const again = await importCsv(lines, "all-or-nothing");
        expect(again.job?.result).toMatchObject({ inserted: 0, already_registered: 2, bad_rows: 0 });
      });

      it("refuses a file with bad rows as a whole (errors file), or saves only the good ones", async () => {
        const lines = [
          csvRow(10),
          csvRow(11, { school: "VVMNOSUCH1" }),
          csvRow(12, { email: "" }),
          csvRow(13, { ref: "VVMNOSUCH2" }),
        ];
        const whole = await importCsv(lines, "all-or-nothing");
        expect(whole.job?.result).toMatchObject({ inserted: 0, bad_rows: 3 });
        expect(whole.job?.result.message).toContain("Nothing was saved");
        const messages = whole.job?.result.errors.map((e: { message: string }) => e.message).join(" | ");
        expect(messages).toContain("School code: No active school has the code VVMNOSUCH1");
        expect(messages).toContain("E-mail");
        expect(messages).toContain("Referral code: No school has the code VVMNOSUCH2");
        const errors = await api.call("GET", `/api/sif/student/import/${whole.job?.id}/errors`, { token: whole.token });
        expect(errors.status).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(errors.body as ArrayBuffer);
        // Header and every uploaded row, since nothing was saved.
        expect(book.worksheets[0]?.rowCount).toBe(5);

        const some = await importCsv(lines, "valid-rows");
        expect(some.job?.result).toMatchObject({ inserted: 1, bad_rows: 3 });
      });

      it("refuses a student a school registered, without naming the school, in the result and the errors file", async () => {
        const [taken] = await api.db
          .select()
          .from(students)
          .where(and(eq(students.schoolId, demoSchool.id), eq(students.source, "form")))
          .limit(1);
        if (!taken?.dateOfBirth || !taken.contactPhone) throw new Error("no school student");
        const [y, m, d] = taken.dateOfBirth.split("-");
        const line = csvRow(40, {
          first: taken.firstName,
          last: taken.lastName ?? "",
          dob: `${d}/${m}/${y}`,
          phone: taken.contactPhone,
        });
        const { job, token } = await importCsv([line], "valid-rows");
        expect(job?.result.errors).toEqual([{ row: 2, message: registeredElsewhereMessage(taken.id) }]);
        const errors = await api.call("GET", `/api/sif/student/import/${job?.id}/errors`, { token });
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(errors.body as ArrayBuffer);
        const texts = JSON.stringify(book.worksheets[0]?.getSheetValues());
        expect(texts).toContain(registrationReference(taken.id));
        expect(texts).not.toContain(demoSchool.name);
      });

      it("refuses a file without the school column at once, and roles other than Admin and Sub Admin", async () => {
        const token = await api.login("admin", "coordinator");
        const form = new FormData();
        form.append("file", new File(["First name,Class\nA,VI"], "bad.csv"));
        form.append("mode", "valid-rows");
        const refused = await api.call("POST", "/api/sif/student/import", { token, body: form });
        expect(refused.status).toBe(422);
        expect(refused.body.errors[0].field).toBe("file");
        const template = await api.call("GET", "/api/sif/student/import/template", { token });
        expect(template.status).toBe(200);
        for (const username of ["orgteam", "state"]) {
          const other = await api.call("GET", "/api/sif/student/import/template", {
            token: await api.login(username, "coordinator"),
          });
          expect(other.status, username).toBe(403);
        }
      });
    });

    describe("admins' unpaid individual students", () => {
      it("lists only unpaid individual students, to Admin and Sub Admin only", async () => {
        const registered = await register(registration(77, { school_id: demoSchool.id }));
        expect(registered.status).toBe(200);
        const admin = await api.login("admin", "coordinator");
        const answer = await api.call("GET", "/api/admin/students/unpaid/individual?per_page=100", { token: admin });
        expect(answer.status).toBe(200);
        const items = answer.body.data.items as { id: number; payment_status: string }[];
        expect(items.map((s) => s.id)).toContain(registered.body.data.student_id);
        expect(items.every((s) => s.payment_status === "unpaid")).toBe(true);
        // Marked paid by hand, it leaves the list.
        const paid = await api.call(
          "POST",
          `/api/admin/students/${registered.body.data.student_id}/update-payment-status`,
          {
            token: admin,
            json: { payment_status: "paid", reference: "CHQ-1001", reason: "Paid by cheque at the office" },
          },
        );
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        const after = await api.call("GET", "/api/admin/students/unpaid/individual?per_page=100", { token: admin });
        expect(after.body.data.items.map((s: { id: number }) => s.id)).not.toContain(registered.body.data.student_id);
        for (const username of ["lms", "zonal", "paysupport"]) {
          const other = await api.call("GET", "/api/admin/students/unpaid/individual", {
            token: await api.login(username, "coordinator"),
          });
          expect(other.status, username).toBe(403);
        }
      });
    });
  });
}
