import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPECTED, type ListStudentKey, type ResultListFixture, seedResultLists } from "./fixtures/results-lists";
import { startTestApi, type TestApi } from "./support";

/** A list's rows as the fixture's student keys (by roll number). */
const ROLL_KEYS = (fixture: ResultListFixture) =>
  new Map(Object.entries(fixture.students).map(([key, s]) => [s.roll, key as ListStudentKey]));

/** The fixture's roll numbers in a CSV or a sheet's text, in file order. */
const rollsIn = (text: string) => [...text.matchAll(/99089000\d\d/g)].map((m) => m[0]);

for (const driver of testDrivers()) {
  describe(`result lists on ${driver}`, () => {
    let api: TestApi;
    let fx: ResultListFixture;
    let keyOf: Map<string, ListStudentKey>;
    beforeAll(async () => {
      api = await startTestApi(driver);
      fx = await seedResultLists(api.db);
      keyOf = ROLL_KEYS(fx);
    });
    afterAll(async () => {
      await api?.close();
    });

    const token = (username: string) => api.login(username, username === "school" ? "school" : "coordinator");
    const post = async (username: string, path: string, json: unknown = {}) =>
      api.call("POST", path, { token: await token(username), json });
    const get = async (username: string, path: string) => api.call("GET", path, { token: await token(username) });
    const students = async (username: string, body: Record<string, unknown> = {}) => {
      const result = await post(username, "/api/student-results", { paper_set_id: fx.paperSetId, ...body });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.data as {
        items: {
          roll_number: string;
          total: number;
          sections: { label: string; marks: number; counted: boolean }[];
          right: number;
          wrong: number;
          blank: number;
          ranks: { school: number; district: number; state: number; national: number } | null;
          award: string | null;
          school_id: number;
          first_name: string;
        }[];
        total: number;
        total_capped: boolean;
        last_page: number;
      };
    };
    const keys = (items: { roll_number: string }[]) => items.map((row) => keyOf.get(row.roll_number));

    it("lists the hand-computed marks, ranks and awards, by class, national rank and roll number", async () => {
      const page = await students("admin", { per_page: 20 });
      expect(page.total).toBe(8);
      expect(page.total_capped).toBe(false);
      // Aarav and Farah tie on the whole chain: one rank, listed by roll number.
      expect(keys(page.items)).toEqual(["aarav", "farah", "bhavna", "eshan", "deepa", "gopal", "hema", "chetan"]);
      for (const row of page.items) {
        const key = keyOf.get(row.roll_number) as ListStudentKey;
        const want = EXPECTED[key];
        expect(row, key).toMatchObject({ total: want.total, right: want.right, wrong: want.wrong, blank: want.blank });
        expect(row.sections, key).toEqual([
          { label: "A", marks: want.a, counted: true },
          { label: "B", marks: want.b, counted: want.counted },
        ]);
        expect(row.ranks?.national, key).toBe(want.national);
      }
      const byKey = new Map(page.items.map((row) => [keyOf.get(row.roll_number), row]));
      // Maharashtra: Aarav, Bhavna, Eshan, Deepa, Chetan; Karnataka: Farah, Gopal, Hema.
      expect(byKey.get("eshan")?.ranks).toEqual({ school: 1, district: 1, state: 3, national: 3 });
      expect(byKey.get("chetan")?.ranks).toEqual({ school: 3, district: 3, state: 5, national: 7 });
      expect(byKey.get("hema")?.ranks).toEqual({ school: 3, district: 3, state: 3, national: 6 });
      // National camp: the first two positions of each state; everyone else here is in its state's top 20.
      expect(Object.fromEntries(page.items.map((row) => [keyOf.get(row.roll_number), row.award]))).toEqual({
        aarav: "national_camp",
        bhavna: "national_camp",
        farah: "national_camp",
        gopal: "national_camp",
        eshan: "state_camp",
        deepa: "state_camp",
        chetan: "state_camp",
        hema: "state_camp",
      });
    });

    it("filters by class, region, school, search and award, sorts by name and pages", async () => {
      expect((await students("admin", { class_level: 8 })).total).toBe(8);
      expect((await students("admin", { class_level: 9 })).total).toBe(0);
      // Counted from the tallies (region and class), as the sheets would count them.
      expect((await students("admin", { state_ids: [fx.states.karnataka] })).total).toBe(3);
      expect((await students("admin", { district_ids: [fx.districts.pune], class_level: 8 })).total).toBe(3);
      // One state, one district, one school: each walks its own index, the order stays the national one.
      expect(keys((await students("admin", { state_ids: [fx.states.karnataka] })).items)).toEqual([
        "farah",
        "gopal",
        "hema",
      ]);
      expect(keys((await students("admin", { state_ids: [fx.states.maharashtra] })).items)).toEqual([
        "aarav",
        "bhavna",
        "eshan",
        "deepa",
        "chetan",
      ]);
      expect(keys((await students("admin", { district_ids: [fx.districts.pune] })).items)).toEqual([
        "aarav",
        "bhavna",
        "chetan",
      ]);
      expect(keys((await students("admin", { school_id: fx.schools.maharashtra })).items)).toEqual(["eshan", "deepa"]);
      expect(keys((await students("admin", { search: "bhav" })).items)).toEqual(["bhavna"]);
      expect(keys((await students("admin", { search: "khan" })).items)).toEqual(["farah"]);
      expect(keys((await students("admin", { search: fx.students.eshan.roll })).items)).toEqual(["eshan"]);
      expect((await students("admin", { search: "99089000" })).total).toBe(8);
      expect(keys((await students("admin", { award: "national_camp" })).items)).toEqual([
        "aarav",
        "farah",
        "bhavna",
        "gopal",
      ]);
      // Counted group by group: a state's or district's classes (the award's index), everyone here placed.
      expect((await students("admin", { award: "national_camp" })).total).toBe(4);
      expect((await students("admin", { award: "state_camp" })).total).toBe(8);
      expect((await students("admin", { award: "district_winner", class_level: 8 })).total).toBe(8);
      expect((await students("district", { award: "national_camp" })).total).toBe(2);
      expect(
        keys((await students("admin", { award: "school_topper", state_ids: [fx.states.karnataka] })).items),
      ).toEqual(["farah", "gopal", "hema"]);
      expect(keys((await students("admin", { sort: "name", per_page: 20 })).items)).toEqual([
        "aarav",
        "bhavna",
        "chetan",
        "deepa",
        "eshan",
        "farah",
        "gopal",
        "hema",
      ]);
      expect(keys((await students("admin", { sort: "name", direction: "desc", per_page: 2 })).items)).toEqual([
        "hema",
        "gopal",
      ]);
      const second = await students("admin", { per_page: 3, page: 2 });
      expect(keys(second.items)).toEqual(["eshan", "deepa", "gopal"]);
      expect(second).toMatchObject({ total: 8, last_page: 3 });
    });

    it("lists the mock by marks, without ranks or awards, and refuses what a mock has not", async () => {
      const mock = await students("admin", { level: "mock", paper_set_id: fx.mockPaperSetId });
      expect(keys(mock.items)).toEqual(["deepa", "aarav", "farah"]);
      expect(mock.items.map((row) => [row.total, row.ranks, row.award])).toEqual([
        [30, null, null],
        [20, null, null],
        [5, null, null],
      ]);
      expect(mock.items[2]?.sections[1]).toEqual({ label: "B", marks: 0, counted: false });
      const award = await post("admin", "/api/student-results", { level: "mock", award: "state_camp" });
      expect(award.status).toBe(400);
      expect(award.body.errors[0].field).toBe("award");
      const level = await post("admin", "/api/student-results", { level: "level3" });
      expect(level.status).toBe(400);
      expect(level.body.errors[0]).toMatchObject({ field: "level", message: "level must be level1, level2 or mock" });
      const window = await post("admin", "/api/student-results", { page: 101, per_page: 100 });
      expect(window.status).toBe(400);
      expect(window.body.errors[0].field).toBe("page");
      const unknown = await post("admin", "/api/student-results", { colour: "red" });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors[0].field).toBe("colour");
    });

    it("shows a coordinator only the sheets of its region; a school outside answers 404", async () => {
      const district = await students("district", { per_page: 20 });
      expect(keys(district.items)).toEqual(["aarav", "bhavna", "chetan"]);
      // The ranks are still the country's.
      expect(district.items.map((row) => row.ranks?.national)).toEqual([1, 2, 7]);
      expect((await students("state")).total).toBe(5);
      expect((await students("zonal")).total).toBe(5);
      expect((await students("gccstate")).total).toBe(0);
      // A filter outside the region finds nothing rather than widening it.
      expect((await students("district", { state_ids: [fx.states.karnataka] })).total).toBe(0);

      const own = await get("district", `/api/getstudentsList?school_id=${fx.schools.pune}&level=level1`);
      expect(own.status).toBe(200);
      expect(own.body.data.school.id).toBe(fx.schools.pune);
      expect(keys(own.body.data.items)).toEqual(["aarav", "bhavna", "chetan"]);
      expect(own.body.data.truncated).toBe(false);
      expect((await get("district", `/api/getstudentsList?school_id=${fx.schools.karnataka}`)).status).toBe(404);
      expect((await get("district", `/api/getstudentsList?school_id=${fx.schools.maharashtra}`)).status).toBe(404);
      expect((await get("state", `/api/getstudentsList?school_id=${fx.schools.maharashtra}`)).status).toBe(200);
      const karnataka = await get("admin", `/api/getstudentsList?school_id=${fx.schools.karnataka}&class_level=8`);
      expect(keys(karnataka.body.data.items)).toEqual(["farah", "gopal", "hema"]);
      expect((await get("admin", "/api/getstudentsList?school_id=99999999")).status).toBe(404);
      const bad = await get("admin", "/api/getstudentsList?school_id=abc");
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe("school_id");
      const mock = await get("admin", `/api/getstudentsList?school_id=${fx.schools.karnataka}&level=mock`);
      expect(keys(mock.body.data.items)).toEqual(["farah"]);
    });

    it("hides mock results from a state coordinator and every result from a school", async () => {
      for (const [path, body] of [
        ["/api/student-results", { level: "mock" }],
        ["/api/school-mock-results", { level: "mock" }],
        ["/api/state-mock-results", { level: "mock" }],
      ] as const) {
        expect((await post("state", path, body)).status, path).toBe(403);
        expect((await post("state", path, { level: "level1" })).status, path).toBe(200);
        expect((await post("prant", path, body)).status, path).toBe(200);
        expect((await post("school", path, { level: "level1" })).status, path).toBe(403);
      }
      expect((await get("state", `/api/getstudentsList?school_id=${fx.schools.pune}&level=mock`)).status).toBe(403);
      expect((await get("state", "/api/admin/get-combination-name-finalzed-list?level=mock")).status).toBe(403);
      expect((await get("state", "/api/student-mock-results/export?format=csv")).status).toBe(403);
      expect((await post("state", "/api/export/student-results?format=csv", { level: "mock" })).status).toBe(403);
      expect((await post("state", "/api/export/school-mock-results?format=csv", { level: "mock" })).status).toBe(403);
      expect((await post("school", "/api/admin/get-prant-ranking-final-list")).status).toBe(403);
      expect((await get("school", `/api/getstudentsList?school_id=${fx.schools.pune}`)).status).toBe(403);
      expect((await get("school", "/api/admin/get-combination-name-finalzed-list")).status).toBe(403);
      expect((await post("school", "/api/export/student-results?format=csv", {})).status).toBe(403);
      expect((await get("school", "/api/student-mock-results/export")).status).toBe(403);
    });

    it("gives each school's sheets, average, highest, lowest and toppers", async () => {
      const list = await post("admin", "/api/school-mock-results", { paper_set_id: fx.paperSetId });
      expect(list.status).toBe(200);
      const bySchool = new Map(list.body.data.items.map((row: { school_id: number }) => [row.school_id, row] as const));
      expect(list.body.data.total).toBe(3);
      expect(bySchool.get(fx.schools.pune)).toMatchObject({
        sheets: 3,
        average: 20,
        highest: 30,
        lowest: 5,
        toppers: 3,
      });
      expect(bySchool.get(fx.schools.maharashtra)).toMatchObject({
        sheets: 2,
        average: 24.5,
        highest: 25,
        lowest: 24,
        toppers: 2,
      });
      expect(bySchool.get(fx.schools.karnataka)).toMatchObject({
        sheets: 3,
        average: 15.5,
        highest: 30,
        lowest: 5,
        toppers: 3,
      });
      // By name.
      const names = list.body.data.items.map((row: { name: string }) => row.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const mock = await post("admin", "/api/school-mock-results", { level: "mock", paper_set_id: fx.mockPaperSetId });
      expect(
        mock.body.data.items.map((row: { school_id: number; sheets: number; average: number; toppers: null }) => [
          row.school_id,
          row.sheets,
          row.average,
          row.toppers,
        ]),
      ).toEqual(
        expect.arrayContaining([
          [fx.schools.pune, 1, 20, null],
          [fx.schools.maharashtra, 1, 30, null],
          [fx.schools.karnataka, 1, 5, null],
        ]),
      );
      const district = await post("district", "/api/school-mock-results", { paper_set_id: fx.paperSetId });
      expect(district.body.data.items.map((row: { school_id: number }) => row.school_id)).toEqual([fx.schools.pune]);
      const searched = await post("admin", "/api/school-mock-results", { paper_set_id: fx.paperSetId, class_level: 9 });
      expect(searched.body.data.total).toBe(0);
    });

    it("gives each state's and each prant's figures", async () => {
      const states = await post("admin", "/api/state-mock-results", { paper_set_id: fx.paperSetId });
      expect(states.status).toBe(200);
      const byState = new Map(states.body.data.items.map((row: { state_id: number }) => [row.state_id, row] as const));
      expect(byState.get(fx.states.maharashtra)).toMatchObject({ sheets: 5, average: 21.8, highest: 30, qualified: 4 });
      expect(byState.get(fx.states.karnataka)).toMatchObject({ sheets: 3, average: 15.5, highest: 30, qualified: 2 });
      // 155.5 marks over 8 sheets.
      expect(states.body.data.total).toEqual({ sheets: 8, average: 19.44, highest: 30, qualified: 6 });
      const district = await post("district", "/api/state-mock-results", { paper_set_id: fx.paperSetId });
      expect(district.body.data.items).toHaveLength(1);
      expect(district.body.data.total).toMatchObject({ sheets: 3, average: 20, qualified: 2 });
      const mock = await post("admin", "/api/state-mock-results", { level: "mock", paper_set_id: fx.mockPaperSetId });
      expect(mock.body.data.total).toEqual({ sheets: 3, average: 18.33, highest: 30, qualified: 2 });

      const prants = await post("admin", "/api/admin/get-prant-ranking-final-list", { paper_set_id: fx.paperSetId });
      expect(prants.status).toBe(200);
      // The truth from the fixture's schools: each prant's sheets.
      const truth = await queryRows<{ prant_id: number; n: number }>(
        api.db,
        sql`select sc.prant_id, count(*)::int as n from answer_sheets a join schools sc on sc.id = a.school_id
            where a.paper_set_id = ${fx.paperSetId} group by sc.prant_id`,
      );
      expect(
        prants.body.data.items.map((row: { prant_id: number; sheets: number }) => [row.prant_id, row.sheets]).sort(),
      ).toEqual(truth.map((row) => [Number(row.prant_id), Number(row.n)]).sort());
      expect(prants.body.data.total).toMatchObject({ sheets: 8, state_camp: 8, national_camp: 4, qualified: 6 });
      const refused = await post("admin", "/api/admin/get-prant-ranking-final-list", { level: "mock" });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].field).toBe("level");
    });

    it("lists a level's finalized paper sets with the viewer's sheets of each", async () => {
      const sets = await get("admin", "/api/admin/get-combination-name-finalzed-list?level=level1&class_level=8");
      expect(sets.status).toBe(200);
      expect(sets.body.data.find((s: { id: number }) => s.id === fx.paperSetId)).toMatchObject({
        code: "RL-L1-VIII",
        class_level: 8,
        sheets: 8,
      });
      const mine = await get("district", "/api/admin/get-combination-name-finalzed-list?level=level1");
      expect(mine.body.data.find((s: { id: number }) => s.id === fx.paperSetId)?.sheets).toBe(3);
      const mock = await get("admin", "/api/admin/get-combination-name-finalzed-list?level=mock");
      expect(mock.body.data.map((s: { code: string }) => s.code)).toContain("RL-M-VIII");
      expect(mock.body.data.map((s: { code: string }) => s.code)).not.toContain("RL-L1-VIII");
    });

    it("exports exactly the rows of each list, scoped and filtered like it", async () => {
      const csv = await post("admin", "/api/export/student-results?format=csv", { paper_set_id: fx.paperSetId });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-disposition")).toMatch(/student-results-\d{4}-\d{2}-\d{2}\.csv/);
      const text = new TextDecoder().decode(csv.body);
      expect(text.split(/\r?\n/)[0]).toContain("Roll number,First name,Last name,Class");
      expect(rollsIn(text).map((roll) => keyOf.get(roll))).toEqual([
        "aarav",
        "farah",
        "bhavna",
        "eshan",
        "deepa",
        "gopal",
        "hema",
        "chetan",
      ]);
      // Chetan's Section B is shown and named as not counted.
      const chetan = text.split(/\r?\n/).find((line) => line.startsWith(fx.students.chetan.roll)) ?? "";
      expect(chetan).toContain("Section B");
      // Small batches walk the whole list by keyset, in the list's order (name, descending).
      const { schoolResultsForExport, studentResultsForExport } = await import("../src/domains/results/lists");
      const viewer = { userId: 0, roleId: 3, can: () => true };
      const batches: string[][] = [];
      for await (const batch of studentResultsForExport(
        api.db,
        viewer,
        { level: "level1", paper_set_id: fx.paperSetId, sort: "name", direction: "desc" },
        3,
      )) {
        batches.push(batch.map((row) => keyOf.get(row.roll_number) ?? ""));
      }
      expect(batches).toEqual([
        ["hema", "gopal", "farah"],
        ["eshan", "deepa", "chetan"],
        ["bhavna", "aarav"],
      ]);
      const ranked: string[] = [];
      for await (const batch of studentResultsForExport(
        api.db,
        viewer,
        { level: "level1", paper_set_id: fx.paperSetId },
        2,
      ))
        ranked.push(...batch.map((row) => keyOf.get(row.roll_number) ?? ""));
      expect(ranked).toEqual(["aarav", "farah", "bhavna", "eshan", "deepa", "gopal", "hema", "chetan"]);
      // Schools one at a time, by name, resuming at the last name.
      const schoolBatches: number[][] = [];
      for await (const batch of schoolResultsForExport(
        api.db,
        viewer,
        { level: "level1", paper_set_id: fx.paperSetId },
        1,
      ))
        schoolBatches.push(batch.map((row) => row.school_id));
      expect(schoolBatches).toHaveLength(3);
      expect(new Set(schoolBatches.flat())).toEqual(new Set(Object.values(fx.schools)));

      const xlsx = await post("district", "/api/export/student-results?format=xlsx", { paper_set_id: fx.paperSetId });
      expect(xlsx.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.body);
      const sheet = book.worksheets[0];
      const rolls: string[] = [];
      sheet?.eachRow((row, n) => {
        if (n > 1) rolls.push(String(row.getCell(1).value));
      });
      expect(rolls.map((roll) => keyOf.get(roll))).toEqual(["aarav", "bhavna", "chetan"]);
      expect(sheet?.getRow(2).getCell(11).value).toBe(30);

      const mock = await get("admin", `/api/student-mock-results/export?format=csv&paper_set_id=${fx.mockPaperSetId}`);
      expect(mock.status).toBe(200);
      expect(rollsIn(new TextDecoder().decode(mock.body)).map((roll) => keyOf.get(roll))).toEqual([
        "deepa",
        "aarav",
        "farah",
      ]);
      const mockKarnataka = await get(
        "admin",
        `/api/student-mock-results/export?format=csv&paper_set_id=${fx.mockPaperSetId}&state_id=${fx.states.karnataka}`,
      );
      expect(rollsIn(new TextDecoder().decode(mockKarnataka.body))).toEqual([fx.students.farah.roll]);
      expect((await get("admin", "/api/student-mock-results/export?format=pdf")).status).toBe(400);

      const schools = await post("admin", "/api/export/school-mock-results?format=csv", {
        paper_set_id: fx.paperSetId,
      });
      expect(schools.status).toBe(200);
      const schoolLines = new TextDecoder().decode(schools.body).trim().split(/\r?\n/);
      expect(schoolLines).toHaveLength(4);
      const states = await post("admin", "/api/export/state-mock-results?format=csv", { paper_set_id: fx.paperSetId });
      expect(new TextDecoder().decode(states.body).trim().split(/\r?\n/)).toHaveLength(3);
      const prants = await post("admin", "/api/export/prant-ranking-final-list?format=xlsx", {
        paper_set_id: fx.paperSetId,
      });
      expect(prants.status).toBe(200);
    });
  });
}
