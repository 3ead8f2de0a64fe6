import { testDrivers } from "@repo/db/testing";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWinnersFixture, type WinnersFixture } from "./fixtures/results-winners";
import { startTestApi, type TestApi } from "./support";

type Row = Record<string, unknown> & { first_name: string };
const names = (rows: Row[]) => rows.map((r) => r.first_name);

for (const driver of testDrivers()) {
  describe(`winners, ranking, insights and the explained score on ${driver}`, () => {
    let api: TestApi;
    let fixture: WinnersFixture;
    beforeAll(async () => {
      api = await startTestApi(driver);
      fixture = await buildWinnersFixture(api.db);
    });
    afterAll(async () => {
      await api?.close();
    });

    const get = async (username: string, url: string) =>
      api.call("GET", url, { token: await api.login(username, "coordinator") });
    const post = async (username: string, url: string, json: unknown) =>
      api.call("POST", url, { token: await api.login(username, "coordinator"), json });
    const student = (name: string) => fixture.students.get(name) ?? 0;

    it("takes a tie at the state-camp cut-off whole and marks it: 22 winners for 20 places", async () => {
      const result = await get(
        "admin",
        `/api/result-winners?award=state_camp&state_id=${fixture.states.maharashtra}&per_page=100`,
      );
      expect(result.status).toBe(200);
      const rows: Row[] = result.body.data.items;
      expect(result.body.data.total).toBe(22);
      expect(names(rows)).toEqual([
        "P30",
        "P29",
        "T28",
        "P27a",
        "P27b",
        "Q26",
        "Q25",
        "T24",
        "T23",
        "Q22",
        "T21",
        "P20",
        "Q19",
        "T18",
        "T17",
        "Q16",
        "T15",
        "T14",
        // The tie, listed by roll number (the fixture's order), never ranked by it.
        "Q12a",
        "Q12b",
        "T12a",
        "T12b",
      ]);
      expect(rows.map((r) => r.position)).toEqual([
        1,
        2,
        3,
        4,
        4,
        ...Array.from({ length: 13 }, (_, i) => 6 + i),
        19,
        19,
        19,
        19,
      ]);
      const tied = rows.filter((r) => r.tie_at_cutoff);
      expect(names(tied)).toEqual(["Q12a", "Q12b", "T12a", "T12b"]);
      for (const row of tied) expect(row).toMatchObject({ rank: 18, total: 12, section_a: 12, places: 20, taken: 22 });
      expect(rows[0]).toMatchObject({ group_name: "Maharashtra", rank: 1, total: 30, section_a: 25, wrong_count: 0 });
      expect(rows.find((r) => r.first_name === "Q19")).toMatchObject({ total: 19, section_a: 19, wrong_count: 2 });
      // Positions 4, 4 are a tie too, but inside the places: not marked.
      expect(rows.find((r) => r.first_name === "P27a")?.tie_at_cutoff).toBe(false);
    });

    it("marks the tie at the school-topper and district cut-offs, and not where the places hold", async () => {
      const toppers = await get("admin", "/api/result-winners?award=school_topper&per_page=100");
      expect(toppers.body.data.total).toBe(12);
      const puneA: Row[] = toppers.body.data.items.filter((r: Row) => r.group_id === fixture.schools.puneA);
      expect(names(puneA)).toEqual(["P30", "P29", "P27a", "P27b"]);
      expect(puneA.map((r) => [r.position, r.rank, r.tie_at_cutoff, r.taken])).toEqual([
        [1, 1, false, 4],
        [2, 2, false, 4],
        [3, 3, true, 4],
        [3, 3, true, 4],
      ]);
      const thane: Row[] = toppers.body.data.items.filter((r: Row) => r.group_id === fixture.schools.thane);
      expect(names(thane)).toEqual(["T28", "T24", "T23"]);
      expect(thane.every((r) => !r.tie_at_cutoff)).toBe(true);

      const districts = await get("admin", "/api/result-winners?award=district_winner&per_page=100");
      expect(districts.body.data.total).toBe(9);
      const national = await get("admin", "/api/result-winners?award=national_camp&level=level1&class_level=8");
      expect(names(national.body.data.items)).toEqual(["P30", "P29", "L26", "L21"]);
      expect(national.body.data.items.every((r: Row) => !r.tie_at_cutoff)).toBe(true);
      // No class IX sheets, no Level 2 ranked yet.
      expect((await get("admin", "/api/result-winners?class_level=9")).body.data.total).toBe(0);
      expect((await get("admin", "/api/result-winners?level=level2")).body.data.total).toBe(0);
    });

    it("shows a district coordinator only its district's winners, the group's tie still counted whole", async () => {
      const result = await get("district", "/api/result-winners?award=state_camp&per_page=100");
      expect(result.status).toBe(200);
      expect(names(result.body.data.items)).toEqual([
        "P30",
        "P29",
        "P27a",
        "P27b",
        "Q26",
        "Q25",
        "Q22",
        "P20",
        "Q19",
        "Q16",
        "Q12a",
        "Q12b",
      ]);
      const tied = result.body.data.items.filter((r: Row) => r.tie_at_cutoff);
      expect(tied.map((r: Row) => [r.first_name, r.taken, r.places])).toEqual([
        ["Q12a", 22, 20],
        ["Q12b", 22, 20],
      ]);
      // A filter outside its district finds nothing rather than widening the scope.
      const outside = await get("district", `/api/result-winners?district_id=${fixture.districts.thane}`);
      expect(outside.body.data.total).toBe(0);
      // The state coordinator sees Maharashtra, not Uttar Pradesh.
      const state = await get("state", "/api/result-winners?award=national_camp");
      expect(names(state.body.data.items)).toEqual(["P30", "P29"]);
    });

    it("refuses a school and bad filters, naming the field", async () => {
      const school = await api.call("GET", "/api/result-winners", { token: await api.login("school") });
      expect(school.status).toBe(403);
      const bad = await get("admin", "/api/result-winners?award=gold&class_level=13");
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["award", "class_level"]);
      expect(bad.body.message).toMatch(/award must be one of national_camp/);
    });

    it("lists the states and districts of the region with their results, 404 outside it", async () => {
      const states = await get("admin", "/api/ranking/state-district");
      expect(states.status).toBe(200);
      const [first, second] = states.body.data.items;
      expect(first).toMatchObject({ state: "Maharashtra", sheets: 24, top_total: 30, districts_with_results: 2 });
      expect(second).toMatchObject({ state: "Uttar Pradesh", sheets: 2, top_total: 26, average: 23.5 });
      expect(states.body.data.items.slice(2).every((s: { sheets: number }) => s.sheets === 0)).toBe(true);

      const mine = await get("district", "/api/ranking/state-district");
      expect(mine.body.data.items).toEqual([
        expect.objectContaining({ state: "Maharashtra", sheets: 13, top_total: 30, districts_with_results: 1 }),
      ]);

      const districts = await get("admin", `/api/ranking/state-wise-district?state_id=${fixture.states.maharashtra}`);
      expect(districts.body.data.state.name).toBe("Maharashtra");
      const byName = new Map(districts.body.data.items.map((d: { district: string }) => [d.district, d]));
      expect(byName.get("Pune")).toMatchObject({ sheets: 13, top_total: 30, schools_with_results: 2, classes: [8] });
      expect(byName.get("Thane")).toMatchObject({
        sheets: 11,
        top_total: 28,
        schools_with_results: 1,
        prant: "Konkan",
      });
      expect(byName.get("Nagpur")).toMatchObject({ sheets: 0, classes: [] });

      const own = await get("district", `/api/ranking/state-wise-district?state_id=${fixture.states.maharashtra}`);
      expect(own.body.data.items.map((d: { district: string }) => d.district)).toEqual(["Pune"]);
      const otherState = await get(
        "district",
        `/api/ranking/state-wise-district?state_id=${fixture.states.uttarPradesh}`,
      );
      expect(otherState.status).toBe(404);
      expect((await get("admin", "/api/ranking/state-wise-district?state_id=999999")).status).toBe(404);
      expect((await get("admin", "/api/ranking/state-wise-district")).status).toBe(400);
      const school = await api.call("GET", "/api/ranking/state-district", { token: await api.login("school") });
      expect(school.status).toBe(403);
    });

    it("gives a district's rank list in dense rank order with the awards, 404 for another district", async () => {
      const list = await get(
        "district",
        `/api/ranking/district-ranker-list?district_id=${fixture.districts.pune}&class_level=8&per_page=100`,
      );
      expect(list.status).toBe(200);
      const rows: Row[] = list.body.data.items;
      expect(list.body.data.total).toBe(13);
      expect(list.body.data.classes).toEqual([{ class_level: 8, sheets: 13 }]);
      expect(list.body.data.district).toMatchObject({ name: "Pune", state: "Maharashtra" });
      expect(rows.map((r) => [r.first_name, r.district_rank, r.district_position])).toEqual([
        ["P30", 1, 1],
        ["P29", 2, 2],
        ["P27a", 3, 3],
        ["P27b", 3, 3],
        ["Q26", 4, 5],
        ["Q25", 5, 6],
        ["Q22", 6, 7],
        ["P20", 7, 8],
        ["Q19", 8, 9],
        ["Q16", 9, 10],
        ["Q12a", 10, 11],
        ["Q12b", 10, 11],
        ["Q10", 11, 13],
      ]);
      expect(rows[0]?.awards).toEqual(["national_camp", "state_camp", "district_winner", "school_topper"]);
      expect(rows.find((r) => r.first_name === "Q26")?.awards).toEqual(["state_camp", "school_topper"]);
      expect(rows.find((r) => r.first_name === "Q12a")?.awards).toEqual(["state_camp"]);
      expect(rows.find((r) => r.first_name === "Q10")?.awards).toEqual([]);

      const page2 = await get(
        "admin",
        `/api/ranking/district-ranker-list?district_id=${fixture.districts.pune}&page=2`,
      );
      expect(page2.body.data).toMatchObject({ page: 2, per_page: 10, total: 13, last_page: 2 });
      expect(names(page2.body.data.items)).toEqual(["Q12a", "Q12b", "Q10"]);

      for (const district of [fixture.districts.thane, fixture.districts.lucknow, 999999]) {
        const outside = await get("district", `/api/ranking/district-ranker-list?district_id=${district}`);
        expect(outside.status, String(district)).toBe(404);
      }
      expect(
        (await get("prant", `/api/ranking/district-ranker-list?district_id=${fixture.districts.thane}`)).status,
      ).toBe(404);
      expect(
        (await get("state", `/api/ranking/district-ranker-list?district_id=${fixture.districts.thane}`)).status,
      ).toBe(200);
    });

    it("counts each question's right answers, options, blanks and double marks", async () => {
      const all = await post("admin", "/api/student-mock-insight", {});
      expect(all.status).toBe(200);
      const insight = all.body.data;
      expect(insight).toMatchObject({ level: "mock", sheets: 6, paper_set: { id: fixture.mockPaper, sheets: 6 } });
      const counts = (q: { options: { option: string; count: number }[] }) =>
        Object.fromEntries(q.options.filter((o) => o.count > 0).map((o) => [o.option, o.count]));
      const [q1, q2, q3, q4] = insight.questions;
      expect(q1).toMatchObject({
        number: 1,
        section: "A",
        key: "A",
        correct: 3,
        correct_percent: 50,
        blank: 1,
        double: 1,
      });
      // T28's "AD" on a single-answer question is a double mark: under Double, in no option's column.
      expect(counts(q1)).toEqual({ A: 3, B: 1 });
      expect(q2).toMatchObject({ key: "B", correct: 3, correct_percent: 50, blank: 1, answered: 5 });
      expect(counts(q2)).toEqual({ B: 3, C: 1, D: 1 });
      expect(q3).toMatchObject({ key: "C", correct: 4, correct_percent: 66.7, blank: 0 });
      expect(counts(q3)).toEqual({ B: 1, C: 4, D: 1 });
      expect(q4).toMatchObject({ key: "D", correct: 4, correct_percent: 66.7, double: 1 });
      expect(counts(q4)).toEqual({ A: 1, D: 4 });
      expect(q4.options.find((o: { option: string }) => o.option === "D").percent).toBe(66.7);

      // The district coordinator's five Pune sheets; the language filter leaves the two in Marathi.
      const pune = (await post("district", "/api/student-mock-insight", {})).body.data;
      expect(pune.sheets).toBe(5);
      expect(pune.questions[0]).toMatchObject({ correct: 3, correct_percent: 60, blank: 1 });
      expect(pune.questions[3]).toMatchObject({ correct: 3, correct_percent: 60, double: 1 });
      const marathi = (await post("admin", "/api/student-mock-insight", { language: "mr" })).body.data;
      expect(marathi.sheets).toBe(2);
      expect(marathi.questions.map((q: { correct: number }) => q.correct)).toEqual([2, 1, 2, 1]);

      // Level 1: the first question was answered right by every sheet (its keys start every sheet).
      const level1 = (await post("admin", "/api/student-mock-insight", { level: "level1" })).body.data;
      expect(level1.paper_set.id).toBe(fixture.level1Paper);
      expect(level1.questions).toHaveLength(30);
      expect(level1.questions[0]).toMatchObject({ correct: 26, correct_percent: 100 });

      const wrongLevel = await post("admin", "/api/student-mock-insight", {
        level: "level1",
        paper_set_id: fixture.mockPaper,
      });
      expect(wrongLevel.status).toBe(422);
      expect(wrongLevel.body.errors[0].field).toBe("paper_set_id");
      const none = (await post("admin", "/api/student-mock-insight", { level: "level2" })).body.data;
      expect(none).toMatchObject({ paper_set: null, sheets: 0, questions: [] });
    });

    it("summarises a level: average, median, bands of 10 % and the share that qualified", async () => {
      const mock = await get("admin", "/api/get-exam-result-insights");
      expect(mock.status).toBe(200);
      expect(mock.body.data).toMatchObject({
        level: "mock",
        sheets: 6,
        average: 2.33,
        median: 2,
        highest: 4,
        lowest: 1,
        qualified: 6,
        qualified_percent: 100,
      });
      const bands = Object.fromEntries(
        mock.body.data.bands
          .filter((b: { sheets: number }) => b.sheets)
          .map((b: { band: number; sheets: number }) => [b.band, b.sheets]),
      );
      expect(bands).toEqual({ 2: 1, 5: 3, 7: 1, 9: 1 });
      expect(mock.body.data.bands[9].label).toBe("90–100 %");
      expect(mock.body.data.paper_sets).toEqual([
        { id: fixture.mockPaper, code: "WIN-MOCK-VIII", class_level: 8, sheets: 6, full_marks: 4 },
      ]);

      const level1 = (await get("admin", "/api/get-exam-result-insights?level=level1")).body.data;
      // Section A reached 20 on 12 Maharashtra sheets and both Uttar Pradesh ones.
      expect(level1).toMatchObject({ sheets: 26, qualified: 14, qualified_percent: 53.8, highest: 30, lowest: 10 });
      expect(level1.by_class).toEqual([expect.objectContaining({ class_level: 8, sheets: 26, highest: 30 })]);
      const district = (await get("district", "/api/get-exam-result-insights?level=level1")).body.data;
      expect(district).toMatchObject({ sheets: 13, highest: 30, lowest: 10 });
      expect((await get("admin", "/api/get-exam-result-insights?level=final")).status).toBe(400);
    });

    it("explains a score question by question: Section B not counted at A = 19, counted at 20", async () => {
      const q19 = await get("admin", `/api/student-result/${student("Q19")}?level=level1`);
      expect(q19.status).toBe(200);
      const result = q19.body.data;
      expect(result).toMatchObject({
        level: "level1",
        total: 19,
        full_marks: 30,
        right: 24,
        wrong: 2,
        blank: 4,
        paper_set: { code: "WIN-L1-VIII" },
        student: {
          first_name: "Q19",
          roll_number: expect.stringMatching(/^ZZ08/),
          state: "Maharashtra",
          district: "Pune",
        },
      });
      expect(result.sections).toEqual([
        expect.objectContaining({ label: "A", marks: 19, counted: true, note: "Counted", right: 19, full_marks: 25 }),
        expect.objectContaining({
          label: "B",
          marks: 5,
          counted: false,
          note: "Not counted (Section A below 20)",
          right: 5,
        }),
      ]);
      expect(result.questions).toHaveLength(30);
      expect(result.questions[0]).toEqual({
        number: 1,
        section: "A",
        marked: "A",
        key: "A",
        outcome: "right",
        marks: 1,
      });
      expect(result.questions[19]).toMatchObject({ number: 20, marked: "A", key: "D", outcome: "wrong", marks: 0 });
      expect(result.questions[20]).toMatchObject({ number: 21, marked: "*", key: "A", outcome: "double", marks: 0 });
      expect(result.questions[21]).toMatchObject({ number: 22, marked: "", outcome: "blank" });
      expect(result.questions[25]).toMatchObject({ number: 26, section: "B", outcome: "right", marks: 1 });
      expect(result.ranks).toMatchObject({ state_rank: 12, state_position: 13, district_position: 9, school_rank: 4 });
      expect(result.awards).toEqual([{ code: "state_camp", name: "State camp" }]);

      const q25 = (await get("admin", `/api/student-result/${student("Q25")}`)).body.data;
      expect(q25.total).toBe(25);
      expect(
        q25.sections.map((s: { marks: number; counted: boolean; note: string }) => [s.marks, s.counted, s.note]),
      ).toEqual([
        [20, true, "Counted"],
        [5, true, "Counted"],
      ]);

      // A mock is never ranked.
      const mock = (await get("admin", `/api/student-result/${student("P29")}?level=mock`)).body.data;
      expect(mock).toMatchObject({ total: 2, ranks: null, awards: [] });
      expect(mock.questions.map((q: { outcome: string }) => q.outcome)).toEqual(["right", "wrong", "right", "double"]);
    });

    it("answers 404 for a student outside the region or without a sheet, 403 for a school", async () => {
      expect((await get("district", `/api/student-result/${student("P30")}`)).status).toBe(200);
      const outside = await get("district", `/api/student-result/${student("T28")}`);
      expect(outside.status).toBe(404);
      expect(outside.body.message).toBe("No such student in your region");
      expect((await get("district", `/api/student-result/${student("L26")}`)).status).toBe(404);
      const noSheet = await get("admin", `/api/student-result/${student("P20")}?level=mock`);
      expect(noSheet.status).toBe(404);
      expect(noSheet.body.message).toBe("This student has no Mock exam answer sheet");
      expect((await get("admin", "/api/student-result/99999999")).status).toBe(404);
      const school = await api.call("GET", `/api/student-result/${student("P30")}`, {
        token: await api.login("school"),
      });
      expect(school.status).toBe(403);
    });

    it("exports each tab, ranking list and the question insight with the screen's filters", async () => {
      const token = await api.login("admin", "coordinator");
      const xlsx = async (kind: string, json: unknown) => {
        const result = await api.call("POST", `/api/export/${kind}?format=xlsx`, { token, json });
        expect(result.status, kind).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(result.body as ArrayBuffer);
        const sheet = book.worksheets[0];
        const rows: unknown[][] = [];
        sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
        return rows;
      };
      const winners = await xlsx("result-winners", { award: "state_camp", state_id: fixture.states.maharashtra });
      expect(winners).toHaveLength(23);
      expect(winners[0]).toContain("Tie at the cut-off");
      expect(winners.filter((r) => r.includes("Tied at the cut-off: 20 places, 22 taken"))).toHaveLength(4);

      const rankers = await xlsx("district-rankers", { district_id: fixture.districts.pune, class_level: 8 });
      expect(rankers).toHaveLength(14);
      expect(rankers[1]).toContain("National camp, State camp, District winner, School topper");
      expect(await xlsx("ranking-states", {})).toHaveLength(
        (await get("admin", "/api/ranking/state-district")).body.data.items.length + 1,
      );
      const questions = await xlsx("student-mock-insight", {});
      expect(questions).toHaveLength(5);
      expect(questions[1]?.slice(0, 5)).toEqual([1, "A", "A", 3, 50]);

      const csv = await api.call("POST", "/api/export/ranking-districts?format=csv", {
        token: await api.login("district", "coordinator"),
        json: { state_id: fixture.states.maharashtra },
      });
      expect(csv.status).toBe(200);
      const text = new TextDecoder().decode(csv.body as ArrayBuffer);
      expect(text).toContain("Pune");
      expect(text).not.toContain("Thane");
      const outside = await api.call("POST", "/api/export/district-rankers?format=csv", {
        token: await api.login("district", "coordinator"),
        json: { district_id: fixture.districts.thane },
      });
      expect(outside.status).toBe(404);
      const school = await api.call("POST", "/api/export/result-winners?format=csv", {
        token: await api.login("school"),
        json: {},
      });
      expect(school.status).toBe(403);
    });
  });
}
