/**
 * Storing scored answer sheets and rebuilding a level's ranks (issue 15, decision 022). Plain
 * functions over the database: the upload jobs, the demo seed, the tests and the benchmark all
 * store sheets through `storeSheets` and rank through `rankLevel`.
 */
import type { ExamLevel } from "@repo/contracts/fees";
import { AWARDS, RANKED_LEVELS } from "@repo/contracts/results-constants";
import {
  copyRowsInTransaction,
  copyRowsOutTransaction,
  type DbOrTx,
  pacer,
  queryRows,
  runsInProcess,
  type Tx,
} from "@repo/db";
import { sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";
import { issueCertificateCodes, newVerifyCodes } from "./certificate-codes";
import { groupRanker, LEVEL1_TIE_BREAKS, packRankKey, rankKeys } from "./ranking";
import { type AnswerRule, type ScoredQuestion, type ScoringSection, scoreSheet, sheetMisfit } from "./scoring";

export interface PaperKey {
  id: number;
  code: string;
  examKind: ExamLevel;
  classLevel: number;
  sections: ScoringSection[];
  questionCount: number;
}

/**
 * A finalized paper set's marks rules and frozen answer key, its questions numbered 1…n in the
 * order the paper prints them (sections by position, then each question's position).
 */
export async function paperKey(db: DbOrTx, paperSetId: number): Promise<PaperKey> {
  const rows = await queryRows<{
    code: string;
    exam_kind: ExamLevel;
    class_level: number;
    status: string;
    label: string | null;
    marks_per_question: string | number | null;
    negative_marks: string | number | null;
    answer_rule: AnswerRule | null;
    counts_if_section: string | null;
    counts_if_marks: string | number | null;
    correct: string[] | null;
    options: string[] | null;
  }>(
    db,
    sql`select ps.code, ps.exam_kind, ps.class_level, ps.status, s.label, s.marks_per_question, s.negative_marks,
          s.answer_rule, s.counts_if_section, s.counts_if_marks, v.content->'correct' as correct,
          jsonb_path_query_array(v.content, '$.options[*].key') as options
        from paper_sets ps
        left join paper_sections s on s.paper_set_id = ps.id
        left join paper_set_questions q on q.section_id = s.id
        left join question_versions v on v.question_id = q.question_id and v.version = q.frozen_version
        where ps.id = ${paperSetId}
        order by s.position, q.position`,
  );
  const first = rows[0];
  if (!first) throw new ApiError(404, "No such paper set");
  if (first.status !== "finalized") throw new ApiError(409, `Paper set ${first.code} is not finalized`);
  const sections: ScoringSection[] = [];
  let number = 0;
  for (const row of rows) {
    if (row.label === null) continue;
    let section = sections.at(-1);
    if (!section || section.label !== row.label) {
      section = {
        label: row.label,
        marksPerQuestion: Number(row.marks_per_question),
        negativeMarks: Number(row.negative_marks ?? 0),
        answerRule: row.answer_rule ?? "single",
        countsIfSection: row.counts_if_section,
        countsIfMarks: row.counts_if_marks == null ? null : Number(row.counts_if_marks),
        questions: [],
      };
      sections.push(section);
    }
    if (row.correct === null) continue;
    number += 1;
    // The options each question offers: a sheet marking another is refused (decision 058).
    const options = typeof row.options === "string" ? (JSON.parse(row.options) as string[]) : row.options;
    (section.questions as ScoredQuestion[]).push({
      number,
      correct: row.correct,
      ...(options?.length ? { options } : {}),
    });
  }
  return {
    id: paperSetId,
    code: first.code,
    examKind: first.exam_kind,
    classLevel: Number(first.class_level),
    sections,
    questionCount: number,
  };
}

export interface SheetToStore {
  studentId: number;
  rollNumber: string;
  paperSetId: number;
  /** The line of the upload's file it came from. */
  line: number;
  /** Per question in paper order: letters sorted ("BD"), "" blank, "*" double mark. */
  answers: string[];
}

/** The tie-break chain of a level (decision 022): Level 1's for every ranked level. */
export const TIE_BREAKS = LEVEL1_TIE_BREAKS;

/** Certificate codes are made in certificate-codes.ts; the staging and the store draw them from here. */
export { newVerifyCodes } from "./certificate-codes";

/** A PostgreSQL array literal of texts ({"A,B","",…}), bound as one parameter. */
export const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
export const intArray = (values: readonly number[]) => `{${values.join(",")}}`;

/** The insert of answer_sheets' columns, in the order every select into it gives them. */
export const INSERT_SHEET = sql`insert into answer_sheets (exam_year_id, exam_kind, student_id, roll_number, paper_set_id,
  upload_id, line, answers, total, section_marks, section_counted, right_count, wrong_count, blank_count, rank_key,
  class_level, language, school_id, zone_id, state_id, prant_id, district_id, verify_code)`;

/**
 * A sheet already stored for the student (an earlier upload, a rescan) is replaced, keeping its
 * verification code so that a printed certificate stays valid.
 */
export const REPLACE_SHEET = sql`on conflict (exam_year_id, exam_kind, student_id) do update set
  roll_number = excluded.roll_number, paper_set_id = excluded.paper_set_id, upload_id = excluded.upload_id,
  line = excluded.line, answers = excluded.answers, total = excluded.total, section_marks = excluded.section_marks,
  section_counted = excluded.section_counted, right_count = excluded.right_count, wrong_count = excluded.wrong_count,
  blank_count = excluded.blank_count, rank_key = excluded.rank_key, class_level = excluded.class_level,
  language = excluded.language, school_id = excluded.school_id, zone_id = excluded.zone_id,
  state_id = excluded.state_id, prant_id = excluded.prant_id, district_id = excluded.district_id, stored_at = now()`;

/** Rows per INSERT: 20 columns of 2,000 rows bind as 20 array parameters. */
const STORE_CHUNK = 2000;

/**
 * Scores the sheets against their paper sets and stores them, one per student and level: a
 * sheet already stored for the student (an earlier upload, a rescan) is replaced, keeping its
 * verification code so that a printed certificate stays valid. The student's class, language and
 * region are copied from `students` as they are now. Resolves to the number of sheets stored.
 */
export async function storeSheets(
  db: DbOrTx,
  input: { examYearId: number; examKind: ExamLevel; uploadId: number; sheets: readonly SheetToStore[] },
  keys: Map<number, PaperKey> = new Map(),
): Promise<number> {
  let stored = 0;
  const pace = pacer();
  for (let at = 0; at < input.sheets.length; at += STORE_CHUNK) {
    const chunk = input.sheets.slice(at, at + STORE_CHUNK);
    const columns = {
      student: [] as number[],
      roll: [] as string[],
      paper: [] as number[],
      line: [] as number[],
      answers: [] as string[],
      total: [] as number[],
      sections: [] as string[],
      counted: [] as string[],
      right: [] as number[],
      wrong: [] as number[],
      blank: [] as number[],
      rankKey: [] as string[],
      code: [] as string[],
    };
    for (const sheet of chunk) {
      await pace();
      let key = keys.get(sheet.paperSetId);
      if (!key) {
        key = await paperKey(db, sheet.paperSetId);
        keys.set(sheet.paperSetId, key);
      }
      if (key.examKind !== input.examKind) {
        throw new ApiError(409, `Paper set ${key.code} is not a paper of this exam level`);
      }
      const misfit = sheetMisfit(key.sections, sheet.answers);
      if (misfit) throw new ApiError(422, `Roll number ${sheet.rollNumber}, line ${sheet.line}: ${misfit}`);
      const score = scoreSheet(key.sections, sheet.answers, { explain: false });
      columns.student.push(sheet.studentId);
      columns.roll.push(sheet.rollNumber);
      columns.paper.push(sheet.paperSetId);
      columns.line.push(sheet.line);
      columns.answers.push(sheet.answers.join(","));
      columns.total.push(score.total);
      columns.sections.push(intArray(score.sections.map((s) => s.marks)));
      columns.counted.push(`{${score.sections.map((s) => (s.counted ? "t" : "f")).join(",")}}`);
      columns.right.push(score.sections.reduce((n, s) => n + s.right, 0));
      columns.wrong.push(score.sections.reduce((n, s) => n + s.wrong, 0));
      columns.blank.push(score.sections.reduce((n, s) => n + s.blank, 0));
      columns.rankKey.push(packRankKey(rankKeys(score, TIE_BREAKS)).toString());
    }
    columns.code = newVerifyCodes(chunk.length);
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with input as (
            select * from unnest(
              ${intArray(columns.student)}::int[], ${textArray(columns.roll)}::text[], ${intArray(columns.paper)}::int[],
              ${intArray(columns.line)}::int[], ${textArray(columns.answers)}::text[], ${intArray(columns.total)}::int[],
              ${textArray(columns.sections)}::text[], ${textArray(columns.counted)}::text[], ${intArray(columns.right)}::int[],
              ${intArray(columns.wrong)}::int[], ${intArray(columns.blank)}::int[], ${`{${columns.rankKey.join(",")}}`}::bigint[],
              ${textArray(columns.code)}::text[]
            ) as i(student_id, roll_number, paper_set_id, line, answers, total, section_marks, section_counted,
                   right_count, wrong_count, blank_count, rank_key, verify_code)
          ), saved as (
            ${INSERT_SHEET}
            select ${input.examYearId}, ${input.examKind}, i.student_id, i.roll_number, i.paper_set_id, ${input.uploadId},
              i.line, i.answers, i.total, i.section_marks::int[], i.section_counted::boolean[], i.right_count,
              i.wrong_count, i.blank_count, i.rank_key, s.class_level, s.language, s.school_id, s.zone_id,
              s.state_id, s.prant_id, s.district_id, i.verify_code
            from input i join students s on s.id = i.student_id
            ${REPLACE_SHEET}
            returning 1
          )
          select count(*)::int as n from saved`,
    );
    stored += Number(rows[0]?.n ?? 0);
  }
  return stored;
}

/**
 * Rebuilds the ranks of a level's sheets (decision 036): dense ranks per class at the school,
 * district, prant, state, zone and the whole country, and the positions the awards are cut at;
 * and the level's tallies (result_tallies), ranked or not.
 * Sheets are ordered by their tie-break keys only, so the same sheets give the same ranks however
 * they were stored. A mock is never ranked (docs/domain.md, Exams, scoring and awards).
 */
export async function rankLevel(db: DbOrTx, examYearId: number, examKind: ExamLevel): Promise<void> {
  // In a transaction (a savepoint inside the caller's), so that the sort memory below is its own.
  await db.transaction(async (tx) => rebuildRanks(tx as DbOrTx, examYearId, examKind));
}

/** JIT compiling these million-row plans cost more than it saved: 31 s against 12 s for the ranks. */
async function rebuildRanks(db: DbOrTx, examYearId: number, examKind: ExamLevel): Promise<void> {
  await db.execute(sql`delete from result_ranks where exam_year_id = ${examYearId} and exam_kind = ${examKind}`);
  await db.execute(sql`delete from result_tallies where exam_year_id = ${examYearId} and exam_kind = ${examKind}`);
  await db.execute(
    sql`delete from result_school_tallies where exam_year_id = ${examYearId} and exam_kind = ${examKind}`,
  );
  await db.execute(sql`set local jit = off`);
  // Every level's figures per class, paper set and district, which the state and prant lists add up.
  await db.execute(sql`
    insert into result_tallies (exam_year_id, exam_kind, class_level, paper_set_id, zone_id, state_id, prant_id,
      district_id, sheets, total_sum, highest, qualified)
    select exam_year_id, exam_kind, class_level, paper_set_id, zone_id, state_id, prant_id, district_id, count(*)::int,
      sum(total), max(total), count(*) filter (where not (false = any(section_counted)))::int
    from answer_sheets
    where exam_year_id = ${examYearId} and exam_kind = ${examKind}
    group by exam_year_id, exam_kind, class_level, paper_set_id, zone_id, state_id, prant_id, district_id`);
  if (!(RANKED_LEVELS as readonly string[]).includes(examKind)) {
    await tallySchools(db, examYearId, examKind, false);
    return;
  }
  // One sort of the level's narrow columns by class and key, best first (in memory rather than
  // merged on disk: the default work_mem is 4 MB; not on PGlite, whose memory is this process's
  // and never shrinks: there it sorts on disk, decision 047)…
  if (!runsInProcess(db)) await db.execute(sql`set local work_mem = '256MB'`);
  const [level] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from answer_sheets where exam_year_id = ${examYearId} and exam_kind = ${examKind}`,
  );
  const sorted = copyRowsOutTransaction(
    db as Tx,
    sql`select id, exam_year_id, exam_kind, class_level, school_id, zone_id, state_id, prant_id, district_id,
          roll_number, rank_key
        from answer_sheets where exam_year_id = ${examYearId} and exam_kind = ${examKind}
        order by class_level, rank_key desc`,
    // Each batch is ranked with pauses for requests (pacer, decision 047).
    10_000,
  );
  // …then every grouping's ranks in one pass (ranking.ts groupRanker, held to the rule's denseRank
  // by a property test). Six window functions over the same rows took six sorts and 36 s a million.
  // The rows come from a cursor a batch at a time, each batch ranked and copied in before the next
  // is read: the level is never held whole (decision 047).
  const school = groupRanker<string, string>();
  const district = groupRanker<string, string>();
  const prant = groupRanker<string, string>();
  const state = groupRanker<string, string>();
  const zone = groupRanker<string, string>();
  const national = groupRanker<string, string>();
  async function* ranked(): AsyncGenerator<string> {
    // A batch of 10,000 ranked at once held the loop up to 200 ms on a busy machine (decision 047).
    const pace = pacer();
    for await (const chunk of sorted) {
      // Lines gathered and joined once: adding each to a string took three times as long.
      const out: string[] = [];
      for (const line of chunk.split("\n")) {
        if (line === "") continue;
        await pace();
        // id, year, kind, class, school, zone, state, prant, district, roll, key
        const f = line.split("\t") as [
          string,
          string,
          string,
          string,
          string,
          string,
          string,
          string,
          string,
          string,
          string,
        ];
        const [, , , classLevel, schoolId, zoneId, stateId, prantId, districtId, , key] = f;
        const inSchool = schoolId === NULL ? null : school(`${classLevel}/${schoolId}`, key);
        const schoolRank = inSchool ? `${inSchool.rank}\t` : "\\N\t";
        const schoolPosition = inSchool ? `${inSchool.position}\t` : "\\N\t";
        const inDistrict = districtId === NULL ? null : district(`${classLevel}/${districtId}`, key);
        const districtRank = inDistrict ? `${inDistrict.rank}\t` : "\\N\t";
        const districtPosition = inDistrict ? `${inDistrict.position}\t` : "\\N\t";
        const prantRank = prantId === NULL ? "\\N" : prant(`${classLevel}/${prantId}`, key).rank;
        const inState = state(`${classLevel}/${stateId}`, key);
        // The row as read, up to its key, then its ranks.
        out.push(
          `${line.slice(0, line.lastIndexOf("\t"))}\t${schoolRank}${districtRank}${prantRank}\t${inState.rank}\t` +
            `${zone(`${classLevel}/${zoneId}`, key).rank}\t${national(classLevel, key).rank}\t` +
            `${schoolPosition}${districtPosition}${inState.position}\n`,
        );
      }
      yield out.join("");
    }
  }
  await withIndexesRebuilt(db, "result_ranks", Number(level?.n ?? 0), async () => {
    for await (const batch of ranked()) await copyRowsInTransaction(db as Tx, "result_ranks", RANK_COLUMNS, [batch]);
  });
  await tallySchools(db, examYearId, examKind, true);
  // Each sheet's certificate code follows its award (decision 060).
  await issueCertificateCodes(db, examYearId, examKind);
}

/** A school topper's places (AWARDS): the school positions the tallies' toppers count. */
const SCHOOL_TOPPER_PLACES = AWARDS.find((award) => award.code === "school_topper")?.places ?? 3;

/**
 * The level's sheets per school, class, paper set and the sheets' region (result_school_tallies,
 * decision 041), and per school and region over all classes (class and paper set 0), with the
 * school toppers of a ranked level from the ranks just written: what the schools' result list
 * reads instead of each school's sheets. One scan (grouping sets) for both.
 */
async function tallySchools(db: DbOrTx, examYearId: number, examKind: ExamLevel, ranked: boolean): Promise<void> {
  await db.execute(sql`
    insert into result_school_tallies (exam_year_id, exam_kind, school_id, class_level, paper_set_id, zone_id,
      state_id, prant_id, district_id, sheets, total_sum, highest, lowest, toppers)
    select a.exam_year_id, a.exam_kind, a.school_id, coalesce(a.class_level, 0), coalesce(a.paper_set_id, 0), a.zone_id,
      a.state_id, a.prant_id, a.district_id, count(*)::int, sum(a.total), max(a.total), min(a.total), ${
        ranked ? sql`count(*) filter (where r.school_position <= ${SCHOOL_TOPPER_PLACES})::int` : sql`0`
      }
    from answer_sheets a ${ranked ? sql`join result_ranks r on r.sheet_id = a.id` : sql``}
    where a.exam_year_id = ${examYearId} and a.exam_kind = ${examKind} and a.school_id is not null
    group by grouping sets (
      (a.exam_year_id, a.exam_kind, a.school_id, a.class_level, a.paper_set_id, a.zone_id, a.state_id, a.prant_id,
        a.district_id),
      (a.exam_year_id, a.exam_kind, a.school_id, a.zone_id, a.state_id, a.prant_id, a.district_id))`);
}

/**
 * Runs a large load of `table` with its secondary indexes (neither unique nor the primary key)
 * dropped first and built again after, from their own definitions, when the load is at least as
 * large as what the table keeps: building an index over a million rows costs a fraction of adding the rows to it one by one.
 * DROP INDEX keeps readers of the table waiting until the transaction ends: use it only in the
 * last step of a job's transaction.
 */
async function withIndexesRebuilt(db: DbOrTx, table: string, rows: number, load: () => Promise<void>): Promise<void> {
  const [kept] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  const indexes =
    rows >= Number(kept?.n ?? 0)
      ? await queryRows<{ name: string; definition: string }>(
          db,
          sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
              from pg_index i join pg_class c on c.oid = i.indexrelid
              where i.indrelid = ${table}::regclass and not i.indisunique and not i.indisprimary`,
        )
      : [];
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  await load();
  if (indexes.length === 0) return;
  // Each build sorts the table once: in memory rather than merged on disk.
  if (!runsInProcess(db)) await db.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

/** COPY's text format writes a null as \N. */
const NULL = "\\N";

/** result_ranks' columns in the order rebuildRanks writes them. */
const RANK_COLUMNS = [
  "sheet_id",
  "exam_year_id",
  "exam_kind",
  "class_level",
  "school_id",
  "zone_id",
  "state_id",
  "prant_id",
  "district_id",
  "roll_number",
  "school_rank",
  "district_rank",
  "prant_rank",
  "state_rank",
  "zone_rank",
  "national_rank",
  "school_position",
  "district_position",
  "state_position",
] as const;

/** An upload that holds sheets without a file (the demo seed, tests, the benchmark's setup). */
export async function recordedUpload(
  db: DbOrTx,
  input: { examYearId: number; examKind: ExamLevel; fileName?: string; createdBy?: number | null },
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into answer_uploads (exam_year_id, exam_kind, file_name, file_key, file_bytes, format, status,
          created_by, confirmed_by, confirmed_at)
        values (${input.examYearId}, ${input.examKind}, ${input.fileName ?? "recorded.txt"}, '', 0, 'default', 'stored',
          ${input.createdBy ?? null}, ${input.createdBy ?? null}, now())
        returning id`,
  );
  return Number(rows[0]?.id);
}
