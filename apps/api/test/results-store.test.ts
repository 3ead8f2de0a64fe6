import { queryRows } from "@repo/db";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { createTestDatabase, type TestDatabase, testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paperKey, rankLevel, recordedUpload, storeSheets } from "../src/domains/results/store";

/** Answers for a Level 1 paper whose key is "A" everywhere: `a` right in A, `b` right in B, the rest wrong. */
const answers = (a: number, b: number, wrongInA = 40 - a) => [
  ...Array.from({ length: 40 }, (_, i) => (i < a ? "A" : i < a + wrongInA ? "B" : "")),
  ...Array.from({ length: 60 }, (_, i) => (i < b ? "A" : "C")),
];

for (const driver of testDrivers()) {
  describe(`storing and ranking answer sheets on ${driver}`, () => {
    let database: TestDatabase;
    let year: number;
    let paper: number;
    let students: { id: number; roll: string; school: number; state: number }[];
    beforeAll(async () => {
      database = await createTestDatabase(driver, { demo: true });
      const db = database.db;
      year = Number((await queryRows<{ id: number }>(db, sql`select id from exam_years where is_active`))[0]?.id);
      paper = await seedFinalizedPaper(db, {
        examYearId: year,
        examKind: "level1",
        classLevel: 8,
        code: "L1-VIII-T",
        sections: level1Sections(() => ["A"]),
      });
      students = (
        await queryRows<{ id: number; roll: string; school: number; state: number }>(
          db,
          sql`select id, roll_number as roll, school_id as school, state_id as state from students
              where class_level = 8 and payment_status = 'paid' and school_id is not null order by id limit 6`,
        )
      ).map((s) => ({ ...s, id: Number(s.id), school: Number(s.school), state: Number(s.state) }));
    });
    afterAll(async () => {
      await database?.close();
    });

    it("reads the frozen key in paper order with the rules of each section", async () => {
      const key = await paperKey(database.db, paper);
      expect(key).toMatchObject({ code: "L1-VIII-T", examKind: "level1", classLevel: 8, questionCount: 100 });
      expect(key.sections.map((s) => [s.label, s.questions.length, s.countsIfSection, s.countsIfMarks])).toEqual([
        ["A", 40, null, null],
        ["B", 60, "A", 20],
      ]);
      expect(key.sections[1]?.questions[0]).toEqual({ number: 41, correct: ["A"], options: ["A", "B", "C", "D"] });
    });

    it("stores scores, replaces a student's earlier sheet keeping its code, and ranks densely", async () => {
      const db = database.db;
      const upload = await recordedUpload(db, { examYearId: year, examKind: "level1" });
      const [s1, s2, s3, s4] = students;
      if (!s1 || !s2 || !s3 || !s4) throw new Error("the demo has too few paid class VIII students");
      const sheet = (s: typeof s1, a: string[], line: number) => ({
        studentId: s.id,
        rollNumber: s.roll,
        paperSetId: paper,
        line,
        answers: a,
      });
      // 19 in A: B is not counted (total 19); 20 in A with 10 in B: 30; two students tie at 30
      // with the same Section A and wrong answers; one at 30 leaves 15 of A blank instead of wrong.
      await storeSheets(db, {
        examYearId: year,
        examKind: "level1",
        uploadId: upload,
        sheets: [sheet(s1, answers(19, 60), 1), sheet(s2, answers(20, 10), 2), sheet(s3, answers(20, 10), 3)],
      });
      const [before] = await queryRows<{ verify_code: string }>(
        db,
        sql`select verify_code from answer_sheets where student_id = ${s1.id}`,
      );
      const stored = await storeSheets(db, {
        examYearId: year,
        examKind: "level1",
        uploadId: upload,
        sheets: [sheet(s1, answers(19, 60), 4), sheet(s4, answers(20, 10, 5), 5)],
      });
      expect(stored).toBe(2);
      await rankLevel(db, year, "level1");
      const rows = await queryRows<{
        student_id: number;
        total: number;
        section_marks: number[];
        section_counted: boolean[];
        line: number;
        verify_code: string;
        national_rank: number;
        state_position: number;
      }>(
        db,
        sql`select a.student_id, a.total, a.section_marks, a.section_counted, a.line, a.verify_code, r.national_rank,
              r.state_position
            from answer_sheets a join result_ranks r on r.sheet_id = a.id
            where a.paper_set_id = ${paper} order by r.national_rank, a.roll_number`,
      );
      const byStudent = new Map(rows.map((r) => [Number(r.student_id), r]));
      expect(byStudent.get(s1.id)).toMatchObject({
        total: 1900,
        section_marks: [1900, 6000],
        section_counted: [true, false],
        line: 4,
        verify_code: before?.verify_code,
      });
      // Same total and Section A; 15 blanks instead of wrong answers in A: fewer wrong, ranked first.
      expect(byStudent.get(s4.id)).toMatchObject({ total: 3000, national_rank: 1 });
      expect(byStudent.get(s2.id)).toMatchObject({ total: 3000, national_rank: 2 });
      expect(byStudent.get(s3.id)).toMatchObject({ total: 3000, national_rank: 2 });
      expect(byStudent.get(s1.id)).toMatchObject({ national_rank: 3 });
    });

    it("gives the same ranks whatever order the sheets were stored in", async () => {
      const db = database.db;
      const snapshot = async () =>
        JSON.stringify(
          await queryRows(
            db,
            sql`select a.roll_number, r.school_rank, r.district_rank, r.prant_rank, r.state_rank, r.zone_rank,
                  r.national_rank, r.school_position, r.district_position, r.state_position
                from result_ranks r join answer_sheets a on a.id = r.sheet_id order by a.roll_number`,
          ),
        );
      const first = await snapshot();
      const all = await queryRows<{ student_id: number; roll_number: string; answers: string }>(
        db,
        sql`select student_id, roll_number, answers from answer_sheets where exam_kind = 'level1' order by student_id desc`,
      );
      const upload = await recordedUpload(db, { examYearId: year, examKind: "level1" });
      await storeSheets(db, {
        examYearId: year,
        examKind: "level1",
        uploadId: upload,
        sheets: all.map((row, i) => ({
          studentId: Number(row.student_id),
          rollNumber: row.roll_number,
          paperSetId: paper,
          line: i + 1,
          answers: row.answers.split(","),
        })),
      });
      await rankLevel(db, year, "level1");
      expect(await snapshot()).toBe(first);
    });
  });
}
