import { ROLE, ROLE_GROUPS, ROLES } from "@repo/auth/roles";
import { assignments, examFees, examYears, schools, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityInWords, countsOf } from "../src/domains/dashboards/school-dashboard";
import { startTestApi, type TestApi } from "./support";

const student = {
  first_name: "Farah",
  last_name: "Naaz",
  class_level: 7,
  language: "ur",
  gender: "female",
  date_of_birth: "2014-02-11",
  parent_name: "Imran Naaz",
  phone: "9811122233",
  email: "",
};

const SCHOOL_ROLES = new Set<number>(ROLE_GROUPS.schoolAccounts);

describe("dashboard rules", () => {
  it("folds grouped rows into totals, classes, languages and genders", () => {
    const counts = countsOf([
      { class_level: 8, language: "hi", gender: "female", payment_status: "paid", n: 3 },
      { class_level: 6, language: "hi", gender: "male", payment_status: "unpaid", n: 2 },
      { class_level: 8, language: "en", gender: null, payment_status: "pending", n: 1 },
      { class_level: 8, language: "en", gender: "male", payment_status: "unpaid", n: 4 },
    ]);
    expect(counts).toEqual({
      total: 10,
      paid: 3,
      pending: 1,
      unpaid: 6,
      by_class: [
        { class_level: 6, total: 2, paid: 0, pending: 0, unpaid: 2 },
        { class_level: 8, total: 8, paid: 3, pending: 1, unpaid: 4 },
      ],
      by_language: [
        { language: "en", count: 5 },
        { language: "hi", count: 5 },
      ],
      by_gender: [
        { gender: "female", count: 3 },
        { gender: "male", count: 6 },
        { gender: "unknown", count: 1 },
      ],
    });
    expect(countsOf([])).toMatchObject({ total: 0, by_class: [], by_language: [] });
  });

  it("says what happened in words", () => {
    expect(activityInWords({ action: "student.create", before: null, after: { school_id: 1, count: 1 } })).toBe(
      "Added a student",
    );
    expect(activityInWords({ action: "student.import", before: null, after: { count: 120 } })).toBe(
      "Imported 120 students from a spreadsheet",
    );
    expect(activityInWords({ action: "student.delete", before: { ids: [4, 5] }, after: null })).toBe(
      "Deleted 2 students",
    );
    expect(
      activityInWords({ action: "student.update", before: {}, after: { first_name: "Asha", last_name: "Rao" } }),
    ).toBe("Changed Asha Rao's details");
    expect(activityInWords({ action: "school.create", before: null, after: { school_name: "Sunrise School" } })).toBe(
      "Added the school Sunrise School",
    );
    expect(activityInWords({ action: "school.import", before: null, after: { school_name: "Dawn School" } })).toBe(
      "Added the school Dawn School from a spreadsheet",
    );
    expect(activityInWords({ action: "mail_template.create", before: null, after: null })).toBe("Mail template create");
  });
});

for (const driver of testDrivers()) {
  describe(`school dashboard on ${driver}`, () => {
    let api: TestApi;
    let schoolId: number;
    let instituteSchoolId: number;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const schoolOf = async (username: string) => {
        const [user] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, username));
        return Number(user?.id);
      };
      schoolId = await schoolOf("school");
      instituteSchoolId = await schoolOf("institute");
    });
    afterAll(async () => {
      await api?.close();
    });

    const get = async (path: string, username: string) => api.call("GET", path, { token: await api.login(username) });
    const dashboard = async (username = "school") => (await get("/api/schools/dashboard", username)).body.data;

    /** The school's students as the database has them, by payment status. */
    async function statusesOf(ids: number[]) {
      const rows = await api.db
        .select({ status: students.paymentStatus, n: sql<number>`count(*)::int` })
        .from(students)
        // A school counts the students it added, not individual registrations naming it (decision 049).
        .where(and(inArray(students.schoolId, ids), ne(students.source, "sif")))
        .groupBy(students.paymentStatus);
      const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
      return { paid: of("paid"), pending: of("pending"), unpaid: of("unpaid") };
    }

    it("counts the school's own students, by payment, class, language and gender", async () => {
      const result = await get("/api/schools/dashboard", "school");
      expect(result.status).toBe(200);
      const data = result.body.data;
      const expected = await statusesOf([schoolId]);
      const total = expected.paid + expected.pending + expected.unpaid;
      expect(total).toBeGreaterThan(0);
      expect(data.students).toMatchObject({ total, ...expected });
      const sum = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
      expect(sum(data.students.by_language)).toBe(total);
      expect(sum(data.students.by_gender)).toBe(total);
      type ByClass = { class_level: number; total: number; paid: number; pending: number; unpaid: number };
      for (const key of ["total", "paid", "pending", "unpaid"] as const) {
        expect(
          data.students.by_class.reduce((n: number, r: ByClass) => n + r[key], 0),
          key,
        ).toBe(data.students[key]);
      }
      for (const row of data.students.by_class as ByClass[])
        expect(row.paid + row.pending + row.unpaid).toBe(row.total);
      expect(data.exam_year).toEqual({ label: "2026-27", starts_on: "2026-04-01", ends_on: "2027-03-31" });
      // The demo school has not verified its address; the institute has.
      expect(data.email_verified).toBe(false);
      expect((await dashboard("institute")).email_verified).toBe(true);

      // The statistics page gives the same counts.
      const statistics = await get("/api/schools/statistics", "school");
      expect(statistics.status).toBe(200);
      expect(statistics.body.data).toEqual({ exam_year: data.exam_year, students: data.students });
    });

    it("never counts another school's students", async () => {
      const before = (await dashboard("school")).students;
      const elsewhere = await api.call("POST", "/api/schools/student/create", {
        token: await api.login("institute"),
        json: student,
      });
      expect(elsewhere.status).toBe(201);
      expect((await dashboard("school")).students).toEqual(before);
      const institute = (await dashboard("institute")).students;
      expect(institute.total).toBe(Object.values(await statusesOf([instituteSchoolId])).reduce((a, b) => a + b, 0));

      // A master institute sees its schools' students together, and only theirs.
      const own = await api.db
        .select({ id: schools.id })
        .from(schools)
        .innerJoin(users, eq(users.masterInstituteId, schools.masterInstituteId))
        .where(eq(users.username, "masterinstitute"));
      const ids = own.map((s) => s.id);
      expect(ids).not.toContain(schoolId);
      const group = await statusesOf(ids);
      expect((await dashboard("masterinstitute")).students).toMatchObject(group);
    });

    it("prices the unpaid students at the country's Level 1 fee, and says when no fee is set", async () => {
      const data = await dashboard("school");
      expect(data.amount_due).toEqual([
        {
          country: "India",
          unpaid: data.students.unpaid,
          fee: { currency: "INR", amount_minor: 15000 },
          amount: { currency: "INR", amount_minor: data.students.unpaid * 15000 },
        },
      ]);

      const [year] = await api.db.select({ id: examYears.id }).from(examYears).where(eq(examYears.isActive, true));
      const india = and(
        eq(examFees.examYearId, Number(year?.id)),
        eq(examFees.countryId, 1),
        eq(examFees.examLevel, "level1"),
      );
      await api.db.delete(examFees).where(india);
      try {
        const unpriced = await dashboard("school");
        expect(unpriced.amount_due).toEqual([
          { country: "India", unpaid: data.students.unpaid, fee: null, amount: null },
        ]);
      } finally {
        await api.db.insert(examFees).values({
          examYearId: Number(year?.id),
          examLevel: "level1",
          countryId: 1,
          currency: "INR",
          amountMinor: 15000,
        });
      }
    });

    it("answers an empty dashboard between exam years", async () => {
      await api.db.update(examYears).set({ isActive: false });
      try {
        const data = await dashboard("school");
        expect(data.exam_year).toBeNull();
        expect(data.students).toMatchObject({ total: 0, paid: 0, pending: 0, unpaid: 0, by_class: [] });
        expect(data.amount_due).toEqual([]);
        expect((await get("/api/schools/statistics", "school")).body.data.exam_year).toBeNull();
      } finally {
        await api.db.update(examYears).set({ isActive: true }).where(eq(examYears.label, "2026-27"));
      }
    });

    it("names the coordinators of the school's region only, each once", async () => {
      const result = await get("/api/school/coordinators/assigned", "school");
      expect(result.status).toBe(200);
      const names = result.body.data.map((c: { role_id: number; region: string; role_name: string }) => [
        c.role_id,
        c.role_name,
      ]);
      // Pune: the West zone's, Maharashtra's, its prant's and its district's coordinators; not the Gulf's.
      expect(names).toEqual([
        [8, "Zonal Coordinator"],
        [9, "State Coordinator"],
        [10, "Prant Coordinator"],
        [11, "District Coordinator"],
      ]);
      expect(result.body.data[1]).toMatchObject({ region: "Maharashtra", email: "state@demo.example.org" });
      expect(result.body.data.map((c: { email: string }) => c.email)).not.toContain("gccstate@demo.example.org");
      expect((await dashboard("school")).coordinators).toEqual(result.body.data);

      // An inactive coordinator is not offered.
      await api.db.update(users).set({ isActive: false }).where(eq(users.username, "prant"));
      try {
        const after = await get("/api/school/coordinators/assigned", "school");
        expect(after.body.data.map((c: { role_id: number }) => c.role_id)).toEqual([
          ROLE.zonalCoordinator,
          ROLE.stateCoordinator,
          ROLE.districtCoordinator,
        ]);
      } finally {
        await api.db.update(users).set({ isActive: true }).where(eq(users.username, "prant"));
      }

      // A master institute: those of every one of its schools, each coordinator once, all truly in a school's region.
      const master = await get("/api/school/coordinators/assigned", "masterinstitute");
      expect(master.status).toBe(200);
      const ids = master.body.data.map((c: { id: number }) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      const [mine] = await api.db.select().from(users).where(eq(users.username, "masterinstitute"));
      const own = await api.db
        .select()
        .from(schools)
        .where(eq(schools.masterInstituteId, Number(mine?.masterInstituteId)));
      for (const id of ids) {
        const placed = await api.db.select().from(assignments).where(eq(assignments.userId, id));
        const holds = placed.some((a) =>
          own.some(
            (s) =>
              a.zoneId === s.zoneId ||
              a.stateId === s.stateId ||
              a.prantId === s.prantId ||
              a.districtId === s.districtId,
          ),
        );
        expect(holds, `coordinator ${id}`).toBe(true);
      }
    });

    it("lists the latest changes about the school in words, not its sign-ins nor other schools' work", async () => {
      const token = await api.login("school");
      const made = await api.call("POST", "/api/schools/student/create", {
        token,
        json: { ...student, first_name: "Kabir", phone: "9811122299" },
      });
      expect(made.status).toBe(201);
      const data = await dashboard("school");
      expect(data.recent_activity[0]).toMatchObject({ who: "Jnana Prabodhini Prashala", what: "Added a student" });
      expect(Date.parse(data.recent_activity[0].at)).toBeGreaterThan(Date.now() - 60_000);
      const words = data.recent_activity.map((entry: { what: string }) => entry.what);
      expect(words).not.toContain("Signed in");
      expect(data.recent_activity.length).toBeLessThanOrEqual(10);
      // The institute's student (added in an earlier test) is the institute's activity, not the school's.
      expect(data.recent_activity.filter((entry: { what: string }) => entry.what === "Added a student")).toHaveLength(
        1,
      );
      expect((await dashboard("institute")).recent_activity[0]).toMatchObject({
        who: "Pragati Science Institute",
        what: "Added a student",
      });
    });

    it("allows the school accounts and refuses every other role", async () => {
      for (const path of ["/api/schools/dashboard", "/api/schools/statistics", "/api/school/coordinators/assigned"]) {
        for (const role of ROLES) {
          const result = await get(path, role.demoUsername);
          expect(result.status, `${path} as ${role.demoUsername}`).toBe(SCHOOL_ROLES.has(role.id) ? 200 : 403);
        }
        expect((await api.call("GET", path)).status, `${path} anonymous`).toBe(401);
      }
    });

    it("answers 404 for a school account without a school", async () => {
      const [school] = await api.db.select().from(users).where(eq(users.username, "school"));
      await api.db.insert(users).values({
        username: "orphan-school",
        email: "orphan@example.org",
        name: "Orphan",
        roleId: 2,
        passwordHash: String(school?.passwordHash),
      });
      for (const path of ["/api/schools/dashboard", "/api/schools/statistics", "/api/school/coordinators/assigned"]) {
        expect((await get(path, "orphan-school")).status, path).toBe(404);
      }
    });
  });
}
