/**
 * The demo's results (issue 15): finalized Level 1, Level 2 and mock papers for every class and
 * answer sheets for the demo's paid students, scored and ranked through the same functions as an
 * upload, so that `npm start` opens on result lists, winners, insights and certificates.
 */
import type { ExamLevel } from "@repo/contracts/fees";
import { type Db, queryRows } from "@repo/db";
import { defaultSections, seedFinalizedPaper } from "@repo/db/seed/results";
import { sql } from "drizzle-orm";
import { openExamYear } from "../programme/exam-year";
import { rankLevel, recordedUpload, type SheetToStore, storeSheets } from "./store";

const OPTIONS = ["A", "B", "C", "D"];
const ROMAN = ["VI", "VII", "VIII", "IX", "X", "XI"];

/** A small deterministic generator (the demo is the same on every machine). */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const keyOf = (level: ExamLevel, n: number) =>
  level === "level2"
    ? [OPTIONS[n % 4] as string, OPTIONS[(n + 2) % 4] as string].sort()
    : [OPTIONS[(n * 7) % 4] as string];

/**
 * Marks a sheet like a student of `ability` (0-1): each answer right with that chance, blank now
 * and then, a double mark rarely. Level 2 answers pick one or both of the two correct options.
 */
function answersOf(level: ExamLevel, count: number, ability: number, random: () => number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const key = keyOf(level, i + 1);
    const roll = random();
    if (roll < 0.06) return "";
    if (level === "level1" && roll < 0.07) return "*";
    if (random() < ability) return key.join("");
    const wrong = OPTIONS.filter((o) => !key.includes(o));
    return level === "level2"
      ? [key[0] as string, wrong[0] as string].sort().join("")
      : (wrong[Math.floor(random() * wrong.length)] as string);
  });
}

/** Adds the demo's results unless the database has answer sheets already. */
export async function seedDemoResults(db: Db): Promise<boolean> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from answer_sheets`);
  if (Number(existing?.n) > 0) return false;
  const year = await openExamYear(db);
  if (!year) return false;
  const yearId = Number(year.id);
  const students = await queryRows<{ id: number; roll: string; class_level: number }>(
    db,
    sql`select id, roll_number as roll, class_level from students
        where exam_year_id = ${yearId} and payment_status = 'paid' and roll_number is not null order by id`,
  );
  if (students.length === 0) return false;
  const random = generator(15);
  // Ability per student, the same for all three papers: the mock predicts Level 1.
  const ability = new Map(students.map((s) => [Number(s.id), 0.25 + random() * 0.7]));
  const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where username = 'admin'`);
  const levels: { level: ExamLevel; code: string; questions: number; share: number }[] = [
    { level: "mock", code: "MOCK", questions: 100, share: 0.9 },
    { level: "level1", code: "L1", questions: 100, share: 1 },
    // Level 2 is sat by the best of Level 1: the demo takes the abler third.
    { level: "level2", code: "L2", questions: 50, share: 0.33 },
  ];
  await db.transaction(async (tx) => {
    for (const { level, code, questions, share } of levels) {
      const papers = new Map<number, number>();
      for (const [index, roman] of ROMAN.entries()) {
        const classLevel = index + 6;
        papers.set(
          classLevel,
          await seedFinalizedPaper(tx as unknown as Db, {
            examYearId: yearId,
            examKind: level,
            classLevel,
            code: `${code}-${roman}-R`,
            name: `${code === "MOCK" ? "Mock" : code.replace("L", "Level ")} class ${roman} (results demo)`,
            sections: defaultSections(level, (n) => keyOf(level, n)),
          }),
        );
      }
      const takers = students.filter((s) =>
        level === "level2" ? (ability.get(Number(s.id)) ?? 0) > 1 - share * 0.7 : random() < share,
      );
      const sheets: SheetToStore[] = takers.map((s, i) => ({
        studentId: Number(s.id),
        rollNumber: s.roll,
        paperSetId: papers.get(Number(s.class_level)) ?? 0,
        line: i + 1,
        answers: answersOf(level, questions, ability.get(Number(s.id)) ?? 0.5, random),
      }));
      const uploadId = await recordedUpload(tx as unknown as Db, {
        examYearId: yearId,
        examKind: level,
        fileName: `demo-vendor-${level}.txt`,
        createdBy: admin ? Number(admin.id) : null,
      });
      await storeSheets(tx as unknown as Db, { examYearId: yearId, examKind: level, uploadId, sheets });
      await tx.execute(sql`update answer_uploads set stored_sheets = ${sheets.length} where id = ${uploadId}`);
      await rankLevel(tx as unknown as Db, yearId, level);
      if (level === "level1") await tieAtSchoolCutoff(tx as unknown as Db, yearId, uploadId);
    }
  });
  return true;
}

/**
 * A tie at an award's cut-off, as real results have: the student just after the demo school's third
 * in a class takes the third's answers, so the school has four toppers for three places, marked.
 */
async function tieAtSchoolCutoff(db: Db, yearId: number, uploadId: number): Promise<void> {
  const rows = await queryRows<{ student_id: number; roll_number: string; paper_set_id: number; answers: string }>(
    db,
    sql`select a.student_id, a.roll_number, a.paper_set_id, a.answers
        from answer_sheets a join result_ranks r on r.sheet_id = a.id
        where a.exam_year_id = ${yearId} and a.exam_kind = 'level1'
          and a.school_id = (select school_id from users where username = 'school')
          and a.class_level = (select class_level from answer_sheets where school_id = a.school_id
            and exam_kind = 'level1' group by class_level order by count(*) desc, class_level limit 1)
        order by r.school_position, a.roll_number limit 4`,
  );
  const [third, fourth] = [rows[2], rows[3]];
  if (!third || !fourth) return;
  await storeSheets(db, {
    examYearId: yearId,
    examKind: "level1",
    uploadId,
    sheets: [
      {
        studentId: Number(fourth.student_id),
        rollNumber: fourth.roll_number,
        paperSetId: Number(third.paper_set_id),
        line: 0,
        answers: third.answers.split(","),
      },
    ],
  });
  await rankLevel(db, yearId, "level1");
}
