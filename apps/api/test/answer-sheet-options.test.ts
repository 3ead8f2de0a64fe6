import { queryRows } from "@repo/db";
import { type SeedSection, seedFinalizedPaper } from "@repo/db/seed/results";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnswerSheetJobs } from "./answer-jobs";
import { xlsx } from "./fixtures/spreadsheets/fixtures";
import { startTestApi, type TestApi } from "./support";

/**
 * Six questions: 1-3 offer A-D, 4-5 only A and B, 6 all of A-F; the keys are A B C A B F.
 * A sheet marking "E" on question 1 is not a wrong answer: the sheet is not of this paper.
 */
const SECTIONS: SeedSection[] = [
  { label: "A", correct: [["A"], ["B"], ["C"]], marksPerQuestion: 1, optionCount: 4 },
  { label: "B", correct: [["A"], ["B"]], marksPerQuestion: 1, optionCount: 2 },
  { label: "C", correct: [["F"]], marksPerQuestion: 1, optionCount: 6 },
];

type Problem = { line: number; roll: string; kind: string; message: string };

for (const driver of testDrivers()) {
  describe(`vendor files checked against the paper's own options on ${driver}`, () => {
    let api: TestApi;
    let year: number;
    let rolls: string[];
    let ids: number[];
    beforeAll(async () => {
      api = await startTestApi(driver);
      year = Number((await queryRows<{ id: number }>(api.db, sql`select id from exam_years where is_active`))[0]?.id);
      await seedFinalizedPaper(api.db, {
        examYearId: year,
        examKind: "level1",
        classLevel: 8,
        code: "OPT-VIII",
        sections: SECTIONS,
      });
      const paid = await queryRows<{ id: number; roll: string }>(
        api.db,
        sql`select id, roll_number as roll from students where class_level = 8 and payment_status = 'paid'
            and roll_number is not null order by id limit 6`,
      );
      rolls = paid.map((s) => s.roll);
      ids = paid.map((s) => Number(s.id));
    });
    afterAll(async () => {
      await api?.close();
    });

    const runJobs = () => runAnswerSheetJobs(api);
    const upload = async (
      body: string | Uint8Array,
      fields: { name?: string; exam_level?: string; format?: string } = {},
    ) => {
      const form = new FormData();
      form.append(
        "file",
        new File([typeof body === "string" ? body : new Uint8Array(body)], fields.name ?? "vendor.txt"),
      );
      form.append("exam_level", fields.exam_level ?? "level1");
      if (fields.format) form.append("format", fields.format);
      return api.call("POST", "/api/admin-upload-txt-answersheet", {
        token: await api.login("admin", "coordinator"),
        body: form,
      });
    };
    const get = async (url: string) => api.call("GET", url, { token: await api.login("admin", "coordinator") });
    const post = async (url: string, json: unknown) =>
      api.call("POST", url, { token: await api.login("admin", "coordinator"), json });
    const checked = async (text: string, fields: Parameters<typeof upload>[1] = {}) => {
      const started = await upload(text, fields);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await runJobs();
      const id = started.body.data.upload_id as number;
      return { id, upload: (await get(`/api/answer-sheet-upload/${id}`)).body.data };
    };
    const messages = (problems: Problem[]) => problems.map((p) => [p.line, p.roll, p.kind, p.message]);
    const total = async (studentId: number | undefined) =>
      (
        await queryRows<{ total: number }>(
          api.db,
          sql`select total from answer_sheets where student_id = ${studentId} and exam_kind = 'level1'`,
        )
      )[0]?.total ?? null;

    it("refuses E and F where a question offers A-D, and lower case, by line, roll and question; stores the rest", async () => {
      const [r1, r2, r3, r4, r5, r6] = rolls;
      const file = [
        `${r1},OPT-VIII,A,B,C,A,B,F`, // 1: every answer one of its question's options: stored (6 of 6)
        `${r2},OPT-VIII,E,B,C,A,B,A`, // 2: E on an A-D question
        `${r3},OPT-VIII,A,B,C,C,B,A`, // 3: C on an A-and-B question
        `${r4},OPT-VIII,A,B,BF,A,B,A`, // 4: two letters, one of them not offered (read field by field)
        `${r5},OPT-VIII,a,B,C,A,B,A`, // 5: a lower-case letter
        `${r6},OPT-VIII,*,AB,,A,*,E`, // 6: double marks and a blank fit any question: stored (1 of 6)
      ].join("\n");
      const { id, upload: report } = await checked(file);
      expect(report.report).toMatchObject({ lines: 6, accepted: 2, counts: { wrong_paper: 3, malformed: 1 } });
      expect(messages(report.report.problems)).toEqual([
        [2, r2, "wrong_paper", "Question 1 has options A–D; the sheet marks E"],
        [3, r3, "wrong_paper", "Question 4 has options A and B; the sheet marks C"],
        [4, r4, "wrong_paper", "Question 3 has options A–D; the sheet marks BF"],
        [
          5,
          r5,
          "malformed",
          'Question 1: "a" is in lower case, and the scanner writes "A": ask the vendor for the file as scanned, or correct the line',
        ],
      ]);
      const csv = new TextDecoder().decode((await get(`/api/answer-sheet-upload/${id}/problems`)).body as ArrayBuffer);
      expect(csv).toContain(`"2","${r2}","wrong_paper","Question 1 has options A–D; the sheet marks E"`);

      expect((await post(`/api/answer-sheet-upload/${id}/confirm`, {})).status).toBe(202);
      await runJobs();
      const stored = (await get(`/api/answer-sheet-upload/${id}`)).body.data;
      expect(stored).toMatchObject({ status: "stored", stored_sheets: 2, report: { counts: { wrong_paper: 3 } } });
      expect([await total(ids[0]), await total(ids[1]), await total(ids[5])]).toEqual([600, null, 100]);
    });

    it("reads another profile field by field to the same refusals", async () => {
      const [, r2, , , r5] = rolls;
      const { upload: report } = await checked(
        [`${r2};OPT-VIII;E;B;C;A;B;A`, `${r5};OPT-VIII;A;b;C;A;B;A`].join("\n"),
        {
          format: "semicolon",
        },
      );
      expect(messages(report.report.problems)).toEqual([
        [1, r2, "wrong_paper", "Question 1 has options A–D; the sheet marks E"],
        [
          2,
          r5,
          "malformed",
          'Question 2: "b" is in lower case, and the scanner writes "B": ask the vendor for the file as scanned, or correct the line',
        ],
      ]);
    });

    it("checks the options again when a paper set finalized after the check is scored by the store job", async () => {
      const [r1, r2, r3] = rolls;
      const file = [
        `${r1},OPT-VIII,A,B,C,A,B,F`,
        `${r2},OPT-LATE,A,E,C,A`, // the paper is still a draft at the check
        `${r3},OPT-LATE,A,B,C,A`,
      ].join("\n");
      const { id, upload: first } = await checked(file);
      expect(first.report).toMatchObject({ accepted: 1, counts: { wrong_paper: 2 } });
      await seedFinalizedPaper(api.db, {
        examYearId: year,
        examKind: "level1",
        classLevel: 8,
        code: "OPT-LATE",
        sections: [{ label: "A", correct: [["A"], ["B"], ["C"], ["D"]], marksPerQuestion: 1, optionCount: 4 }],
      });
      await post(`/api/answer-sheet-upload/${id}/confirm`, {});
      await runJobs();
      const stored = (await get(`/api/answer-sheet-upload/${id}`)).body.data;
      expect(stored).toMatchObject({ status: "stored", stored_sheets: 2, report: { accepted: 2 } });
      expect(messages(stored.report.problems)).toEqual([
        [2, r2, "wrong_paper", "Question 2 has options A–D; the sheet marks E"],
      ]);
      expect(await total(ids[2])).toBe(300);
    });

    it("accepts the vendor's text file whatever its name, and refuses a workbook saying what was expected", async () => {
      const [r1] = rolls;
      const { upload: csv } = await checked(`${r1},OPT-VIII,A,B,C,A,B,F\r\n`, { name: "vendor-batch-2.csv" });
      expect(csv).toMatchObject({ file_name: "vendor-batch-2.csv", status: "checked", report: { accepted: 1 } });
      const workbook = await xlsx((book) => {
        book.addWorksheet("Answers").addRow([r1, "OPT-VIII", "A", "B", "C", "A", "B", "F"]);
      });
      const refused = await upload(workbook, { name: "vendor-batch-2.txt" });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({ field: "file" });
      expect(refused.body.errors[0].message).toBe(
        "This is an Excel workbook (XLSX), not the vendor's answer-sheet file: that is plain text, one line per sheet (roll number, paper-set code, answers), whatever its name (.txt, .csv). Ask the vendor for the text export",
      );
    });

    it("says what a discarded upload did: nothing was stored, so nothing was deleted", async () => {
      const [r1] = rolls;
      const { id } = await checked(`${r1},OPT-VIII,A,B,C,A,B,F`);
      const discarded = await post("/api/admin-delete-answersheet", { upload_id: id });
      expect(discarded.status).toBe(200);
      expect(discarded.body).toMatchObject({
        message: "The upload is discarded: none of its sheets was stored, so nothing was deleted.",
        data: { sheets: 0 },
      });
      expect((await get(`/api/answer-sheet-upload/${id}`)).body.data).toMatchObject({
        status: "deleted",
        stored_sheets: null,
        current_sheets: 0,
      });
    });

    it("counts a double mark once, under Double and in no option's column", async () => {
      const mock = await seedFinalizedPaper(api.db, {
        examYearId: year,
        examKind: "mock",
        classLevel: 8,
        code: "OPT-MOCK",
        sections: [
          { label: "A", correct: [["A"]], marksPerQuestion: 1 },
          { label: "B", correct: [["A", "C"]], marksPerQuestion: 1, answerRule: "multiple" },
        ],
      });
      const [r1, r2, r3, r4] = rolls;
      const { id } = await checked(
        [`${r1},OPT-MOCK,AB,AC`, `${r2},OPT-MOCK,A,*`, `${r3},OPT-MOCK,*,C`, `${r4},OPT-MOCK,B,`].join("\n"),
        {
          exam_level: "mock",
        },
      );
      await post(`/api/answer-sheet-upload/${id}/confirm`, {});
      await runJobs();
      const insight = (await post("/api/student-mock-insight", { level: "mock", paper_set_id: mock })).body.data;
      const counts = (q: { options: { option: string; count: number }[] }) =>
        Object.fromEntries(q.options.filter((o) => o.count > 0).map((o) => [o.option, o.count]));
      const [single, multiple] = insight.questions;
      // Single answer: "AB" and "*" are double marks; "A" and "B" one each.
      expect(single).toMatchObject({ correct: 1, blank: 0, double: 2, answered: 4 });
      expect(counts(single)).toEqual({ A: 1, B: 1 });
      // Multiple answers: "AC" counts for A and C; "*" is the vendor's double mark.
      expect(multiple).toMatchObject({ correct: 1, blank: 1, double: 1 });
      expect(counts(multiple)).toEqual({ A: 1, C: 2 });
    });
  });
}
