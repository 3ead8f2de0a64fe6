import { ROLE } from "@repo/auth/roles";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

const COORDINATORS = ["zonal", "state", "prant", "district", "gccstate"] as const;

for (const driver of testDrivers()) {
  describe(`region lists and dashboard on ${driver}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const call = async (username: string, path: string, json: unknown = {}) =>
      api.call("POST", path, { token: await api.login(username, "coordinator"), json });

    /** The truth, straight from the tables: this year's students inside a user's assignments. */
    const expectedStudents = async (username: string, extra = sql`true`) => {
      const [row] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from students s join exam_years y on y.id = s.exam_year_id and y.is_active
            where ${extra} and (${username === "admin"} or exists (
              select 1 from coordinator_assignments a join users u on u.id = a.user_id and u.username = ${username}
              where a.zone_id = s.zone_id or a.state_id = s.state_id or a.prant_id = s.prant_id or a.district_id = s.district_id))`,
      );
      return Number(row?.n);
    };
    const expectedSchools = async (username: string) => {
      const [row] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from schools s where ${username === "admin"} or exists (
              select 1 from coordinator_assignments a join users u on u.id = a.user_id and u.username = ${username}
              where a.zone_id = s.zone_id or a.state_id = s.state_id or a.prant_id = s.prant_id or a.district_id = s.district_id)`,
      );
      return Number(row?.n);
    };

    it("gives every viewer the students of its region, and nothing outside it", async () => {
      for (const username of ["admin", ...COORDINATORS]) {
        const result = await call(username, "/api/region/students", { per_page: 100 });
        expect(result.status, username).toBe(200);
        expect(result.body.data.total, username).toBe(await expectedStudents(username));
        expect(result.body.data.total_capped).toBe(false);
        if (username === "district") {
          const [district] = await queryRows<{ name: string }>(
            api.db,
            sql`select d.name from districts d join coordinator_assignments a on a.district_id = d.id
                join users u on u.id = a.user_id where u.username = 'district'`,
          );
          expect(result.body.data.items.length).toBeGreaterThan(0);
          for (const item of result.body.data.items) expect(item.district).toBe(district?.name);
        }
      }
      // The paid and unpaid splits, and a state coordinator's filters, come from the tallies.
      expect((await call("state", "/api/region/students", { payment_status: "paid" })).body.data.total).toBe(
        await expectedStudents("state", sql`s.payment_status = 'paid'`),
      );
      expect(
        (await call("admin", "/api/region/students", { class_level: 8, language: "hi", source: "school" })).body.data
          .total,
      ).toBe(await expectedStudents("admin", sql`s.class_level = 8 and s.language = 'hi' and s.source <> 'sif'`));
    });

    it("keeps the tallies equal to the students through adds, payments and deletes", async () => {
      const before = (await call("admin", "/api/region/students", { payment_status: "paid" })).body.data.total;
      const [moved] = await queryRows<{ id: number }>(
        api.db,
        sql`update students set payment_status = 'paid' where id in (
              select id from students where payment_status = 'unpaid' order by id limit 3) returning id`,
      );
      expect(moved).toBeDefined();
      const after = (await call("admin", "/api/region/students", { payment_status: "paid" })).body.data.total;
      expect(after).toBe(before + 3);
      const tallies = await queryRows<{ state: number; district: number; schools: number; real: number }>(
        api.db,
        sql`select (select sum(students) from student_state_tallies)::int as state,
                   (select sum(students) from student_district_tallies)::int as district,
                   (select sum(students) from school_student_counts)::int as schools,
                   (select count(*) from students where school_id is not null)::int as real`,
      );
      const [row] = tallies;
      const [all] = await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from students`);
      expect(row?.state).toBe(all?.n);
      expect(row?.district).toBe(all?.n);
      const [daily] = await queryRows<{ byClass: number; byLanguage: number; byDay: number }>(
        api.db,
        sql`select (select sum(students) from student_daily_class_tallies)::int as "byClass",
              (select sum(students) from student_daily_language_tallies)::int as "byLanguage",
              (select sum(students) from student_daily_district_tallies)::int as "byDay"`,
      );
      expect(daily).toEqual({ byClass: all?.n, byLanguage: all?.n, byDay: all?.n });
      expect(row?.schools).toBe(row?.real);

      // Schools that change type, activity and state carry their students and payments along.
      await api.db.execute(
        sql`update schools set category_id = 4, is_active = false, state_id = (select min(id) from states)
            where id in (select id from schools order by id limit 2)`,
      );
      await api.db.execute(
        sql`update students set payment_status = 'unpaid' where school_id = (select min(id) from schools)`,
      );
      const [schools] = await queryRows<{
        tally: number;
        real: number;
        paid: number;
        realPaid: number;
        students: number;
        realStudents: number;
      }>(
        api.db,
        sql`select (select sum(schools) from school_tallies)::int as tally, (select count(*) from schools)::int as real,
              (select sum(with_paid) from school_year_tallies)::int as paid,
              (select count(*) from school_student_counts where paid > 0)::int as "realPaid",
              (select sum(students) from school_year_tallies)::int as students,
              (select count(*) from students where school_id is not null)::int as "realStudents"`,
      );
      expect(schools).toEqual({
        tally: schools?.real,
        real: schools?.real,
        paid: schools?.realPaid,
        realPaid: schools?.realPaid,
        students: schools?.realStudents,
        realStudents: schools?.realStudents,
      });
      const [byState] = await queryRows<{ wrong: number }>(
        api.db,
        sql`select count(*)::int as wrong from (
              select state_id, category_id, is_active, count(*) as n from schools group by 1, 2, 3) real
            full join (select state_id, category_id, is_active, sum(schools) as n from school_tallies
              group by 1, 2, 3 having sum(schools) <> 0) tally using (state_id, category_id, is_active)
            where real.n is distinct from tally.n`,
      );
      expect(byState?.wrong).toBe(0);
      const inactive = await call("admin", "/api/region/schools", { is_active: false });
      expect(inactive.body.data.total).toBe(
        (await expectedSchools("admin")) -
          (await call("admin", "/api/region/schools", { is_active: true })).body.data.total,
      );
    });

    it("filters, searches, sorts and refuses pages beyond the window", async () => {
      const [student] = await queryRows<{ first_name: string; last_name: string; id: number }>(
        api.db,
        sql`select id, first_name, last_name from students order by id limit 1`,
      );
      const found = await call("admin", "/api/region/students", {
        search: `${student?.first_name} ${student?.last_name}`.toUpperCase(),
      });
      expect(found.status).toBe(200);
      expect(found.body.data.items.map((i: { id: number }) => i.id)).toContain(Number(student?.id));

      const byName = await call("admin", "/api/region/students", { sort: "name", direction: "asc", per_page: 20 });
      const names = byName.body.data.items.map((i: { first_name: string; last_name: string }) =>
        `${i.first_name} ${i.last_name}`.toLowerCase(),
      );
      expect(names).toEqual([...names].sort());

      const far = await call("admin", "/api/region/students", { page: 401, per_page: 25 });
      expect(far.status).toBe(400);
      expect(far.body.errors[0].field).toBe("page");
      expect(far.body.errors[0].message).toMatch(/first 10,000 rows.*export/);

      const dates = await call("admin", "/api/region/students", {
        registered_from: "2026-11-20",
        registered_to: "2026-11-01",
      });
      expect(dates.status).toBe(400);
      expect(dates.body.errors[0].field).toBe("registered_to");

      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
      const registeredToday = await call("admin", "/api/region/students", {
        registered_from: today,
        registered_to: today,
      });
      expect(registeredToday.body.data.total).toBe(
        await expectedStudents("admin", sql`(s.created_at at time zone 'Asia/Kolkata')::date = ${today}::date`),
      );
    });

    it("lists the schools of the region with their students, paid and unpaid", async () => {
      for (const username of ["admin", ...COORDINATORS]) {
        const result = await call(username, "/api/region/schools", {});
        expect(result.status, username).toBe(200);
        expect(result.body.data.total, username).toBe(await expectedSchools(username));
      }
      const paid = (await call("admin", "/api/region/schools", { payment: "paid", per_page: 100 })).body.data;
      const unpaid = (await call("admin", "/api/region/schools", { payment: "unpaid", per_page: 100 })).body.data;
      expect(paid.total + unpaid.total).toBe(await expectedSchools("admin"));
      for (const school of paid.items) expect(school.paid).toBeGreaterThan(0);
      for (const school of unpaid.items) expect(school.paid).toBe(0);
      const [truth] = await queryRows<{ school_id: number; n: number }>(
        api.db,
        sql`select school_id, count(*)::int as n from students where school_id = ${paid.items[0].id} group by 1`,
      );
      expect(paid.items[0].students).toBe(truth?.n);
    });

    it("shows on each dashboard card the total of the list it opens", async () => {
      for (const username of ["admin", ...COORDINATORS]) {
        const cards = (await call(username, "/api/admin/dashboard/card-summary")).body.data;
        const students = (await call(username, "/api/region/students")).body.data.total;
        const paid = (await call(username, "/api/region/students", { payment_status: "paid" })).body.data.total;
        const schools = (await call(username, "/api/region/schools")).body.data.total;
        const today = (
          await call(username, "/api/region/students", { registered_from: cards.today, registered_to: cards.today })
        ).body.data.total;
        expect({
          students: cards.students,
          paid: cards.paid,
          schools: cards.schools,
          today: cards.registered_today,
        }).toEqual({ students, paid, schools, today });
        const states = (await call(username, "/api/admin/dashboard/state-summary")).body.data;
        expect(
          states.reduce((sum: number, s: { students: number }) => sum + s.students, 0),
          username,
        ).toBe(students);
        const recent = await call(username, "/api/admin/dashboard/recent-activity");
        expect(recent.status).toBe(200);
      }
    });

    it("refuses the lists to roles that do not oversee a region", async () => {
      const school = await api.call("POST", "/api/region/students", { token: await api.login("school"), json: {} });
      expect(school.status).toBe(403);
      const paysupport = await call("paysupport", "/api/region/schools");
      expect(paysupport.status).toBe(403);
      // Pay support's dashboard is the country's.
      const cards = await call("paysupport", "/api/admin/dashboard/card-summary");
      expect(cards.status).toBe(200);
      expect(cards.body.data.students).toBe(await expectedStudents("admin"));
    });

    it("exports exactly the rows of the list, with its filters and scope", async () => {
      const token = await api.login("state", "coordinator");
      const file = await api.call("POST", "/api/export/region-students?format=xlsx", {
        token,
        json: { payment_status: "paid" },
      });
      expect(file.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.body);
      const sheet = book.worksheets[0];
      const ids = new Set<number>();
      sheet?.eachRow((row, index) => {
        if (index > 1) ids.add(Number(row.getCell(1).value));
      });
      const list = (await call("state", "/api/region/students", { payment_status: "paid", per_page: 100 })).body.data;
      expect(ids.size).toBe(list.total);
      for (const item of list.items) expect(ids.has(item.id)).toBe(true);

      const schools = await api.call("POST", "/api/export/region-schools?format=csv", { token, json: {} });
      expect(schools.status).toBe(200);
      const lines = new TextDecoder().decode(schools.body).trim().split(/\r?\n/);
      expect(lines.length - 1).toBe(await expectedSchools("state"));
      const refused = await api.call("POST", "/api/export/region-students?format=csv", {
        token: await api.login("school"),
        json: {},
      });
      expect(refused.status).toBe(403);
    });

    it("gives analytics that add up to the lists, for every viewer", async () => {
      for (const username of ["admin", "zonal", "state", "prant", "district"]) {
        const students = (await call(username, "/api/region/students")).body.data.total;
        const schools = (await call(username, "/api/region/schools")).body.data.total;
        const participation = (await call(username, "/api/admin/dashboard/student-participation")).body.data;
        const sum = (rows: { total: number }[]) => rows.reduce((total, row) => total + row.total, 0);
        expect(sum(participation.by_class), username).toBe(students);
        expect(sum(participation.by_language), username).toBe(students);
        expect(sum(participation.by_source), username).toBe(students);
        const paidByClass = participation.by_class.reduce(
          (total: number, row: { paid: number }) => total + row.paid,
          0,
        );
        expect(paidByClass).toBe(
          (await call(username, "/api/region/students", { payment_status: "paid" })).body.data.total,
        );

        const statistics = (await call(username, "/api/admin/dashboard/statistics-summary")).body.data;
        expect(sum(statistics.rows), username).toBe(students);
        expect(statistics.level).toBe(username === "prant" || username === "district" ? "district" : "state");

        const school = (await call(username, "/api/admin/dashboard/school-analytics")).body.data;
        expect(school.total, username).toBe(schools);
        expect(school.by_category.reduce((t: number, r: { schools: number }) => t + r.schools, 0)).toBe(schools);
        expect(school.with_paid).toBe(
          (await call(username, "/api/region/schools", { payment: "paid" })).body.data.total,
        );

        const cards = (await call(username, "/api/admin/dashboard/card-summary")).body.data;
        const series = (
          await call(username, "/api/admin/dashboard/student-register-vs-payment-collection", {
            from: cards.today,
            to: cards.today,
          })
        ).body.data;
        expect(series.days).toHaveLength(1);
        expect(series.days[0].registered, username).toBe(cards.registered_today);
      }
      // With a date range, participation counts the students registered in it.
      const cards = (await call("admin", "/api/admin/dashboard/card-summary")).body.data;
      const ranged = (
        await call("admin", "/api/admin/dashboard/student-participation", { from: cards.today, to: cards.today })
      ).body.data;
      expect(ranged.by_class.reduce((t: number, r: { total: number }) => t + r.total, 0)).toBe(cards.registered_today);
      const series = (await call("admin", "/api/admin/dashboard/student-register-vs-payment-collection")).body.data;
      expect(series.days).toHaveLength(30);
      const tooLong = await call("admin", "/api/admin/dashboard/student-register-vs-payment-collection", {
        from: "2024-01-01",
        to: "2026-01-01",
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors[0].field).toBe("from");
    });

    it("keeps the paid orders' daily tally equal to the orders, through a refund and a school's move", async () => {
      const truth = () =>
        queryRows<{ day: string; state: number; currency: string; orders: number; amount: string }>(
          api.db,
          sql`select (o.paid_at at time zone 'Asia/Kolkata')::date::text as day, coalesce(sc.state_id, 0) as state,
                o.currency, count(*)::int as orders, sum(o.amount_minor)::text as amount
              from payment_orders o left join schools sc on sc.id = o.school_id where o.status = 'paid'
              group by 1, 2, 3 order by 1, 2, 3`,
        );
      const tally = () =>
        queryRows<{ day: string; state: number; currency: string; orders: number; amount: string }>(
          api.db,
          sql`select day::text as day, state_id as state, currency, sum(orders)::int as orders,
                sum(amount_minor)::text as amount
              from paid_order_daily_tallies group by 1, 2, 3 having sum(orders) <> 0 order by 1, 2, 3`,
        );
      const before = await truth();
      expect(before.length).toBeGreaterThan(0);
      expect(await tally()).toEqual(before);

      const [paid] = await queryRows<{ id: number; school_id: number }>(
        api.db,
        sql`select id, school_id from payment_orders where status = 'paid' and school_id is not null order by id limit 1`,
      );
      await api.db.execute(sql`update payment_orders set status = 'refunded' where id = ${paid?.id}`);
      expect(await tally()).toEqual(await truth());
      await api.db.execute(sql`update schools sc set state_id = st.id, zone_id = st.zone_id
        from states st where sc.id = (select school_id from payment_orders where status = 'paid' and school_id is not null
          order by id limit 1) and st.id <> sc.state_id and st.id = (select min(id) from states where id <> sc.state_id)`);
      expect(await tally()).toEqual(await truth());

      // The chart reads the tally for the country and a state, and the orders for a district.
      for (const username of ["admin", "state", "district"]) {
        const cards = (await call(username, "/api/admin/dashboard/card-summary")).body.data;
        const series = (
          await call(username, "/api/admin/dashboard/student-register-vs-payment-collection", {
            // The longest range the chart allows, ending today: every paid order of the demo data.
            from: new Date(Date.parse(`${cards.today}T00:00:00Z`) - 399 * 86_400_000).toISOString().slice(0, 10),
            to: cards.today,
          })
        ).body.data;
        const collected = new Map<string, number>();
        for (const day of series.days)
          for (const c of day.collected) collected.set(c.currency, (collected.get(c.currency) ?? 0) + c.amount_minor);
        for (const c of cards.collected) expect(collected.get(c.currency) ?? 0, username).toBe(c.amount_minor);
      }
    });

    it("counts the coordinators a viewer oversees, and keeps analytics from GCC coordinators", async () => {
      const admin = (await call("admin", "/api/admin/dashboard/coordinator-count-analytics")).body.data;
      const [truth] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from users where role_id between 7 and 11`,
      );
      expect(admin.reduce((t: number, r: { active: number; inactive: number }) => t + r.active + r.inactive, 0)).toBe(
        truth?.n,
      );
      const state = (await call("state", "/api/admin/dashboard/coordinator-count-analytics")).body.data;
      expect(state.map((r: { role_id: number }) => r.role_id)).toEqual([
        ROLE.prantCoordinator,
        ROLE.districtCoordinator,
      ]);
      expect((await call("gccstate", "/api/admin/dashboard/student-participation")).status).toBe(403);
      expect((await call("gccstate", "/api/admin/dashboard/statistics-summary")).status).toBe(200);
      expect((await call("lms", "/api/admin/dashboard/statistics-summary")).status).toBe(403);
      const materials = await call("admin", "/api/admin/dashboard/study-material-analytics");
      expect(materials.status).toBe(200);
      expect(Array.isArray(materials.body.data)).toBe(true);
    });
  });
}
