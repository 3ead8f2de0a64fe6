/**
 * An upload's lines on their way from the vendor's file to answer_sheets (decision 026). The check
 * reads the file once: each readable line is scored against its paper set (when that is a
 * finalized one of the level) and loaded with COPY into answer_upload_lines; only the last line of
 * each roll number stays. Which of them would be stored, and why the others would not, is then one
 * join with students and paper sets, run by the check for its report and by the store job, which
 * inserts the accepted lines into answer_sheets in the same statement.
 */
import type { ExamLevel } from "@repo/contracts/fees";
import type { SheetProblemItem } from "@repo/contracts/results";
import type { SheetProblemKind } from "@repo/contracts/results-constants";
import { copyRowsIn, copyText, type Db, type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { JobError } from "../jobs";
import type { FileStorage } from "../storage";
import { packRankKey, rankKeys } from "./ranking";
import { type SheetScore, scoreSheet, storedFormScorer } from "./scoring";
import { type SheetFormat, sheetLines, sheetReader, storedFormLine, writesStoredForm } from "./sheet-format";
import { INSERT_SHEET, newVerifyCodes, type PaperKey, paperKey, REPLACE_SHEET, TIE_BREAKS } from "./store";

export interface StagedUpload {
  id: number;
  exam_year_id: number;
  exam_kind: ExamLevel;
  file_key: string;
}

/** What only reading the file can tell: lines that are no sheet, and lines a later one replaced. */
export interface StagedFile {
  /** Non-blank lines. */
  lines: number;
  /** malformed and replaced_in_file problems, by line. */
  problems: SheetProblemItem[];
}

/**
 * The jobs run in the API process: a million lines read without a pause would hold every request
 * for seconds, so the reader lets waiting requests through every so many lines.
 */
const YIELD_EVERY = 10_000;
/** Lines per COPY chunk. */
const CHUNK = 2_000;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

const COLUMNS = [
  "upload_id",
  "line",
  "roll_number",
  "code",
  "answer_count",
  "answers",
  "total",
  "section_marks",
  "section_counted",
  "right_count",
  "wrong_count",
  "blank_count",
  "rank_key",
  "verify_code",
] as const;

/** The level's finalized paper sets of the exam year, with their keys, by code as sheets write it. */
export async function finalizedPaperKeys(db: DbOrTx, upload: StagedUpload): Promise<Map<string, PaperKey>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from paper_sets where exam_year_id = ${upload.exam_year_id} and exam_kind = ${upload.exam_kind}
        and status = 'finalized' order by id`,
  );
  const keys = new Map<string, PaperKey>();
  for (const row of rows) {
    const key = await paperKey(db, Number(row.id));
    keys.set(key.code.toUpperCase(), key);
  }
  return keys;
}

/** The score columns of a line in COPY's text format: scored when its paper is known and fits. */
function scoreFields(key: PaperKey | undefined, answers: readonly string[]): string {
  return scoreColumns(
    key && key.questionCount === answers.length ? scoreSheet(key.sections, answers, { explain: false }) : null,
  );
}

function scoreColumns(score: SheetScore | null): string {
  if (!score) return "\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N";
  let right = 0;
  let wrong = 0;
  let blank = 0;
  for (const s of score.sections) {
    right += s.right;
    wrong += s.wrong;
    blank += s.blank;
  }
  return [
    score.total,
    `{${score.sections.map((s) => s.marks).join(",")}}`,
    `{${score.sections.map((s) => (s.counted ? "t" : "f")).join(",")}}`,
    right,
    wrong,
    blank,
    packRankKey(rankKeys(score, TIE_BREAKS)).toString(),
  ].join("\t");
}

/**
 * Reads the upload's file and loads its sheets into answer_upload_lines, replacing what an earlier
 * run left. Runs on the database itself (COPY takes its own connection), not in a transaction.
 */
export async function stageUpload(
  db: Db,
  storage: FileStorage,
  upload: StagedUpload,
  format: SheetFormat,
): Promise<StagedFile> {
  const bytes = await storage.get(upload.file_key);
  if (!bytes) throw new JobError("The uploaded file is no longer stored. Please upload it again.");
  const lines = sheetLines(new TextDecoder().decode(bytes));
  const read = sheetReader(format);
  const keys = await finalizedPaperKeys(db, upload);
  // Lines in the stored form (nearly all) are read and scored in one walk of the text.
  const storedForm = writesStoredForm(format);
  const scorers = new Map([...keys].map(([code, key]) => [code, storedFormScorer(key.sections, key.questionCount)]));
  const countOnly = storedFormScorer([], 0);
  await clearStaged(db, upload.id);

  const problems: SheetProblemItem[] = [];
  const lastLine = new Map<string, number>();
  /** Lines whose roll number came again later: [line, roll]. */
  const replaced: [number, string][] = [];
  let sheetLineCount = 0;

  async function* chunks(): AsyncGenerator<string> {
    let rows: string[] = [];
    let codes = newVerifyCodes(CHUNK);
    for (let index = 0; index < lines.length; index++) {
      if (index % YIELD_EVERY === 0) await yieldToRequests();
      const raw = lines[index] as string;
      const line = index + 1;
      let sheet: { roll: string; code: string; count: number; text: string; score: string };
      const fast = storedForm ? storedFormLine(raw) : null;
      const walked = fast && (scorers.get(fast.code) ?? countOnly)(raw, fast.answersStart, fast.answersEnd);
      if (fast && walked) {
        const text = raw.slice(fast.answersStart, fast.answersEnd);
        sheet = { roll: fast.roll, code: fast.code, count: walked.count, text, score: scoreColumns(walked.score) };
      } else {
        const result = read(raw, line);
        if (!result) continue;
        if (!("sheet" in result)) {
          sheetLineCount += 1;
          problems.push({ kind: "malformed", line, roll: result.bad.roll ?? "", message: result.bad.message });
          continue;
        }
        const { roll, code, answers, text } = result.sheet;
        sheet = { roll, code, count: answers.length, text, score: scoreFields(keys.get(code), answers) };
      }
      sheetLineCount += 1;
      const earlier = lastLine.get(sheet.roll);
      if (earlier !== undefined) replaced.push([earlier, sheet.roll]);
      lastLine.set(sheet.roll, line);
      rows.push(
        `${upload.id}\t${line}\t${copyText(sheet.roll)}\t${copyText(sheet.code)}\t${sheet.count}\t` +
          `${sheet.text}\t${sheet.score}\t${codes[rows.length]}\n`,
      );
      if (rows.length === CHUNK) {
        yield rows.join("");
        rows = [];
        codes = newVerifyCodes(CHUNK);
      }
    }
    if (rows.length > 0) yield rows.join("");
  }

  await copyRowsIn(db, "answer_upload_lines", COLUMNS, chunks());
  if (sheetLineCount === 0) throw new JobError("The file has no lines: is it the vendor's answer-sheet file?");
  // A roll number twice keeps its last line (vendors append rescans): the earlier ones go.
  for (let at = 0; at < replaced.length; at += 10_000) {
    const batch = replaced.slice(at, at + 10_000).map(([line]) => line);
    await db.execute(
      sql`delete from answer_upload_lines where upload_id = ${upload.id} and line = any(${`{${batch.join(",")}}`}::int[])`,
    );
  }
  for (const [line, roll] of replaced) {
    problems.push({
      kind: "replaced_in_file",
      line,
      roll,
      message: `Replaced by line ${lastLine.get(roll)}, which has the same roll number`,
    });
  }
  return { lines: sheetLineCount, problems };
}

/**
 * Scores the staged lines whose paper set was finalized after the check (none, usually): the check
 * could not score them, and the store job stores only scored sheets.
 */
export async function scoreLateLines(db: DbOrTx, upload: StagedUpload): Promise<number> {
  const keys = await finalizedPaperKeys(db, upload);
  if (keys.size === 0) return 0;
  const rows = await queryRows<{ line: number; code: string; answers: string }>(
    db,
    sql`select line, code, answers from answer_upload_lines
        where upload_id = ${upload.id} and total is null and code = any(${`{${[...keys.keys()].join(",")}}`}::text[])`,
  );
  for (const row of rows) {
    const answers = row.answers.split(",");
    const fields = scoreFields(keys.get(row.code), answers).split("\t");
    if (fields[0] === "\\N") continue;
    const [total, marks, counted, right, wrong, blank, rankKey] = fields;
    await db.execute(sql`update answer_upload_lines set total = ${Number(total)}, section_marks = ${marks}::int[],
      section_counted = ${counted}::boolean[], right_count = ${Number(right)}, wrong_count = ${Number(wrong)},
      blank_count = ${Number(blank)}, rank_key = ${rankKey}::bigint
      where upload_id = ${upload.id} and line = ${Number(row.line)}`);
  }
  return rows.length;
}

/** Whether the upload's lines are staged (an unlogged table is empty after a database crash). */
export async function hasStagedLines(db: DbOrTx, uploadId: number): Promise<boolean> {
  const rows = await queryRows<{ staged: boolean }>(
    db,
    sql`select exists (select 1 from answer_upload_lines where upload_id = ${uploadId}) as staged`,
  );
  return Boolean(rows[0]?.staged);
}

export async function clearStaged(db: DbOrTx, uploadId: number): Promise<void> {
  await db.execute(sql`delete from answer_upload_lines where upload_id = ${uploadId}`);
}

/** Why the join refuses a staged line; null when it would be stored. */
type JoinProblem = "unknown_roll" | "unpaid" | "no_paper" | "other_class" | "answer_count";

/**
 * The staged lines of an upload, each with its student, paper set and, when it would not be
 * stored, why not (the same rules as dry-run.ts classifySheet, which the tests hold it to).
 */
function classified(upload: StagedUpload): SQL {
  return sql`select l.*, s.id as student_id, s.class_level, s.language, s.school_id, s.zone_id, s.state_id,
        s.prant_id, s.district_id, p.id as paper_set_id, p.questions,
        case
          when s.id is null then 'unknown_roll'
          when s.payment_status <> 'paid' then 'unpaid'
          when p.id is null then 'no_paper'
          when p.class_level <> s.class_level then 'other_class'
          when l.answer_count <> p.questions then 'answer_count'
        end as problem
      from answer_upload_lines l
      left join students s on s.exam_year_id = ${upload.exam_year_id} and s.roll_number = l.roll_number
      left join (
        select ps.id, upper(ps.code) as code, ps.class_level,
          (select count(*)::int from paper_set_questions q where q.paper_set_id = ps.id) as questions
        from paper_sets ps
        where ps.exam_year_id = ${upload.exam_year_id} and ps.exam_kind = ${upload.exam_kind} and ps.status = 'finalized'
      ) p on p.code = l.code
      where l.upload_id = ${upload.id}`;
}

const PROBLEM_KIND: Record<JoinProblem, SheetProblemKind> = {
  unknown_roll: "unknown_roll",
  unpaid: "unpaid",
  no_paper: "wrong_paper",
  other_class: "wrong_paper",
  answer_count: "wrong_paper",
};

function problemMessage(row: {
  problem: JoinProblem;
  code: string;
  answer_count: number;
  questions: number | null;
}): string {
  switch (row.problem) {
    case "unknown_roll":
      return "No student of this exam year has this roll number";
    case "unpaid":
      return "The student's fee is not paid";
    case "no_paper":
      return `There is no finalized paper set ${row.code} of this exam level`;
    case "other_class":
      return `Paper set ${row.code} is for another class than the student's`;
    case "answer_count":
      return `${row.answer_count} answers for the ${row.questions} questions of ${row.code}`;
  }
}

export interface JoinedLines {
  accepted: number;
  /** Accepted sheets that replace a sheet already stored for the student. */
  replacing: number;
  byPaper: { code: string; sheets: number }[];
  problems: SheetProblemItem[];
}

/**
 * Sorts the staged lines into stored and refused. With `store`, the accepted lines are inserted
 * into answer_sheets by the same statement (a sheet already stored for the student is replaced,
 * keeping its verification code, so that a printed certificate stays valid), and the staged lines
 * are deleted.
 */
export async function joinStaged(db: DbOrTx, upload: StagedUpload, options: { store: boolean }): Promise<JoinedLines> {
  // Plans of a million rows: JIT compiling them cost more than it saved (12 s against 31 s).
  await db.execute(sql`set local jit = off`);
  const stored = options.store
    ? sql`, saved as (
        ${INSERT_SHEET}
        select ${upload.exam_year_id}, ${upload.exam_kind}, student_id, roll_number, paper_set_id, upload_id, line,
          answers, total, section_marks, section_counted, right_count, wrong_count, blank_count, rank_key,
          class_level, language, school_id, zone_id, state_id, prant_id, district_id, verify_code
        from c where problem is null
        ${REPLACE_SHEET}
      )`
    : sql``;
  const rows = await queryRows<{
    problem: JoinProblem | null;
    line: number | null;
    roll_number: string | null;
    code: string;
    answer_count: number | null;
    questions: number | null;
    sheets: number | null;
    replacing: number | null;
  }>(
    db,
    sql`with c as materialized (${classified(upload)})${stored}
        select problem, line, roll_number, code, answer_count, questions, null::int as sheets, null::int as replacing
        from c where problem is not null
        union all
        select null, null, null, c.code, null, null, count(*)::int, count(a.id)::int
        from c left join answer_sheets a on a.exam_year_id = ${upload.exam_year_id} and a.exam_kind = ${upload.exam_kind}
          and a.student_id = c.student_id
        where c.problem is null
        group by c.code`,
  );
  const result: JoinedLines = { accepted: 0, replacing: 0, byPaper: [], problems: [] };
  for (const row of rows) {
    if (row.problem === null) {
      result.accepted += Number(row.sheets);
      result.replacing += Number(row.replacing);
      result.byPaper.push({ code: row.code, sheets: Number(row.sheets) });
      continue;
    }
    result.problems.push({
      kind: PROBLEM_KIND[row.problem],
      line: Number(row.line),
      roll: row.roll_number ?? "",
      message: problemMessage({
        problem: row.problem,
        code: row.code,
        answer_count: Number(row.answer_count),
        questions: row.questions === null ? null : Number(row.questions),
      }),
    });
  }
  result.byPaper.sort((a, b) => (a.code < b.code ? -1 : 1));
  if (options.store) await clearStaged(db, upload.id);
  return result;
}
