import { ROLE } from "@repo/auth/roles";
import { queryRows } from "@repo/db";
import { users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAccountScope, schoolScopeOf, scopeOfAccount } from "../src/domains/schools/ownership";
import { startTestApi, type TestApi } from "./support";

// Which schools and students an account owns (docs/domain.md, Region scoping; decisions 016, 049):
// the one rule in domains/schools/ownership.ts, seen through the pages that use it.

describe("the ownership rule", () => {
  const row = { schoolId: 7, masterInstituteId: 3, studentId: 11 };
  it("gives a single school its school, a master institute its schools and a student only itself", () => {
    expect(scopeOfAccount({ ...row, roleId: ROLE.school })).toEqual({ kind: "school", schoolId: 7 });
    expect(scopeOfAccount({ ...row, roleId: ROLE.institute })).toEqual({ kind: "school", schoolId: 7 });
    expect(scopeOfAccount({ ...row, roleId: ROLE.masterInstitute })).toEqual({
      kind: "institute",
      masterInstituteId: 3,
    });
    // A student's account names its school, but owns none of the school's students.
    expect(scopeOfAccount({ ...row, roleId: ROLE.student })).toEqual({ kind: "student", studentId: 11 });
  });

  it("gives nothing to other roles, or to an account with nothing on file", () => {
    for (const roleId of [ROLE.admin, ROLE.paySupport, ROLE.districtCoordinator, ROLE.lms]) {
      expect(scopeOfAccount({ ...row, roleId })).toBeNull();
    }
    const none = { schoolId: null, masterInstituteId: null, studentId: null };
    for (const roleId of [ROLE.school, ROLE.institute, ROLE.masterInstitute, ROLE.student]) {
      expect(scopeOfAccount({ ...none, roleId })).toBeNull();
    }
  });
});

for (const driver of testDrivers()) {
  describe(`school ownership on ${driver}`, () => {
    let api: TestApi;
    let schoolId: number;
    let instituteSchools: number[];
    let otherStudent: number;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const [school] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
      schoolId = Number(school?.id);
      const own = await queryRows<{ id: number }>(
        api.db,
        sql`select sc.id from schools sc join users u on u.master_institute_id = sc.master_institute_id
            where u.username = 'masterinstitute' order by sc.id`,
      );
      instituteSchools = own.map((s) => Number(s.id));
      const [other] = await queryRows<{ id: number }>(
        api.db,
        sql`select s.id from students s join exam_years y on y.id = s.exam_year_id and y.is_active
            where s.school_id <> ${schoolId} and s.school_id not in ${instituteSchools}
              and s.payment_status = 'unpaid' order by s.id limit 1`,
      );
      otherStudent = Number(other?.id);
    });
    afterAll(async () => {
      await api?.close();
    });

    const as = async (username: string, method: string, path: string, json?: unknown) =>
      api.call(method, path, { token: await api.login(username), json });

    /** The students of the active year a school pays for, by the database (decision 049). */
    async function ownStudents(schoolIds: number[]) {
      const rows = await queryRows<{ id: number; payment_status: string }>(
        api.db,
        sql`select s.id, s.payment_status from students s join exam_years y on y.id = s.exam_year_id and y.is_active
            where s.school_id in ${schoolIds} and s.source <> 'sif' order by s.id`,
      );
      return rows.map((r) => ({ id: Number(r.id), status: r.payment_status }));
    }

    it("reads a student's account as the student, never as its school", async () => {
      const [student] = await api.db
        .select({ id: users.id, schoolId: users.schoolId, studentId: users.studentId })
        .from(users)
        .where(eq(users.username, "student"));
      expect(student?.schoolId).not.toBeNull();
      expect(await findAccountScope(api.db, { userId: Number(student?.id) })).toEqual({
        kind: "student",
        studentId: student?.studentId,
      });
      await expect(schoolScopeOf(api.db, { userId: Number(student?.id) })).rejects.toMatchObject({ status: 404 });
    });

    it("lists and prices a school's own students, and refuses another school's", async () => {
      const own = await ownStudents([schoolId]);
      expect(own.length).toBeGreaterThan(0);
      const list = await as("school", "GET", "/api/schools/student-list?per_page=100");
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(own.length);
      expect(list.body.data.items.every((s: { school_id: number }) => s.school_id === schoolId)).toBe(true);
      const amount = await as("school", "POST", "/api/get-payment-amount", {});
      expect(amount.body.data.students).toBe(own.filter((s) => s.status === "unpaid").length);
      expect(amount.body.data.held).toBe(own.filter((s) => s.status === "pending").length);
      expect((await as("school", "POST", "/api/get-payment-amount", { student_ids: [otherStudent] })).status).toBe(409);
      expect((await as("school", "GET", `/api/students/detail/${otherStudent}`)).status).toBe(404);
    });

    it("lists and prices a master institute's schools' students together, and refuses any other", async () => {
      expect(instituteSchools.length).toBeGreaterThan(0);
      expect(instituteSchools).not.toContain(schoolId);
      const own = await ownStudents(instituteSchools);
      const list = await as("masterinstitute", "GET", "/api/schools/student-list?per_page=100");
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(own.length);
      expect(
        list.body.data.items.every((s: { school_id: number }) => instituteSchools.includes(Number(s.school_id))),
      ).toBe(true);
      const amount = await as("masterinstitute", "POST", "/api/get-payment-amount", {});
      expect(amount.body.data.students).toBe(own.filter((s) => s.status === "unpaid").length);
      expect(
        (await as("masterinstitute", "POST", "/api/get-payment-amount", { student_ids: [otherStudent] })).status,
      ).toBe(409);
      expect((await as("masterinstitute", "GET", `/api/students/detail/${otherStudent}`)).status).toBe(404);
      // The school it does not own is not its to oversee either.
      expect(
        (await as("masterinstitute", "POST", `/api/schools/${schoolId}/sponsors/students`, { page: 1, per_page: 5 }))
          .status,
      ).toBe(404);
    });

    it("counts for LMS the students a master institute pays for, not individual registrations naming its schools (decision 049)", async () => {
      const lms = await api.login("lms", "coordinator");
      const [institute] = await api.db
        .select({ id: users.masterInstituteId })
        .from(users)
        .where(eq(users.username, "masterinstitute"));
      const instituteId = Number(institute?.id);
      const listed = async () => {
        const list = await api.call("GET", "/api/master-institute/list?per_page=100", { token: lms });
        expect(list.status).toBe(200);
        return list.body.data.items.find((i: { id: number }) => i.id === instituteId);
      };
      const before = await listed();
      const named = await api.call("POST", "/api/sif/register/student", {
        json: {
          first_name: "Owner",
          last_name: "Check",
          class_level: 9,
          language: "en",
          gender: "male",
          date_of_birth: "2012-05-04",
          parent_name: "Parent Check",
          phone: "9712345098",
          email: "owner.check@example.org",
          school_id: instituteSchools[0],
        },
      });
      expect(named.status, JSON.stringify(named.body)).toBe(200);
      const after = await listed();
      expect(after.students).toBe(before.students);
      expect(after.students).toBe((await ownStudents(instituteSchools)).length);
      expect(after.paid_students).toBe((await ownStudents(instituteSchools)).filter((s) => s.status === "paid").length);
      // The institute's own student list agrees.
      const studentsOf = await api.call("POST", `/api/master-institute/${instituteId}/students/list`, {
        token: lms,
        json: { page: 1, per_page: 5 },
      });
      expect(studentsOf.body.data.total).toBe(after.students);
    });
  });
}
