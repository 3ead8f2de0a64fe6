/**
 * An upload's lines on their way from the vendor's file to answer_sheets (decision 026). The check
 * reads the file once: each readable line is scored against its paper set (when that is a
 * finalized one of the level) and loaded with COPY into answer_upload_lines; only the last line of
 * each roll number stays, and none when that last line could not be read (decision 057). Which of them would be stored, and why the others would not, is then one
 * join with students and paper sets, run by the check for its report and by the store job, which
 * inserts the accepted lines into answer_sheets in the same statement.
 */
import type { ExamLevel } from "@repo/contracts/fees";
import { PORTAL_TIME_ZONE } from "@repo/contracts/locale";
import type { SheetProblemItem } from "@repo/contracts/results";
import type { SheetProblemKind } from "@repo/contracts/results-constants";
import {
  copyRowsIn,
  copyRowsOutTransaction,
  copyText,
  type Db,
  type DbOrTx,
  pacer,
  queryRows,
  type Tx,
} from "@repo/db";
import type { FileStorage } from "@repo/storage";
import { type SQL, sql } from "drizzle-orm";
import { JobError } from "../../kernel/jobs/jobs";
import { csvGuarded } from "../../kernel/spreadsheets/formula-guard";
import { RESCAN_WORDS } from "./dry-run";
import { packRankKey, rankKeys } from "./ranking";
import { type SheetScore, scoreSheet, sheetMisfit, storedFormScorer } from "./scoring";
import { type SheetFormat, sheetReader, storedFormLine, writesStoredForm } from "./sheet-format";
import {
  INSERT_SHEET,
  intArray,
  newVerifyCodes,
  type PaperKey,
  paperKey,
  REPLACE_SHEET,
  TIE_BREAKS,
  textArray,
} from "./store";

export interface StagedUpload {
  id: number;
  exam_year_id: number;
  exam_kind: ExamLevel;
  file_key: string;
}

/** Lines per COPY chunk. */
const CHUNK = 2_000;
/** Unreadable lines held before they are written to answer_upload_problems. */
const PROBLEMS_BATCH = 1_000;

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
  "refusal",
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

/**
 * The score columns of a line in COPY's text format, and its refusal: scored when its paper is
 * known and fits; refused (not scored) when an answer marks an option its question does not offer.
 */
function scoreFields(key: PaperKey | undefined, answers: readonly string[]): { score: string; refusal: string | null } {
  if (!key || key.questionCount !== answers.length) return { score: scoreColumns(null), refusal: null };
  const refusal = sheetMisfit(key.sections, answers);
  if (refusal) return { score: scoreColumns(null), refusal };
  return { score: scoreColumns(scoreSheet(key.sections, answers, { explain: false })), refusal: null };
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
 * The lines of a stored file as it is read (decision 047), in batches, without a byte-order mark;
 * Windows line ends are fine. The lines are numbered from 1 in the order they come.
 */
export async function* fileLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  let rest = "";
  let first = true;
  const lines = (text: string) => text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  for await (const chunk of chunks) {
    let text = rest + decoder.decode(chunk, { stream: true });
    if (first && text.length > 0) {
      text = text.replace(/^\uFEFF/, "");
      first = false;
    }
    const end = text.lastIndexOf("\n");
    if (end < 0) {
      rest = text;
      continue;
    }
    rest = text.slice(end + 1);
    yield lines(text.slice(0, end));
  }
  rest += decoder.decode();
  yield lines(first ? rest.replace(/^\uFEFF/, "") : rest);
}

/** dry-run.ts fillWords in SQL: the template's `{name}` replaced by each value's expression. */
function fillSql(template: string, values: Readonly<Record<string, SQL>>): SQL {
  let filled = sql`${template}::text`;
  for (const [name, value] of Object.entries(values)) filled = sql`replace(${filled}, ${`{${name}}`}::text, ${value})`;
  return filled;
}

/** Rows of answer_upload_problems, written as one statement. */
async function insertProblems(db: DbOrTx, uploadId: number, rows: readonly SheetProblemItem[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`insert into answer_upload_problems (upload_id, line, roll_number, kind, message)
    select ${uploadId}, line, roll, kind, message
    from unnest(${intArray(rows.map((r) => r.line))}::int[], ${textArray(rows.map((r) => r.roll))}::text[],
      ${textArray(rows.map((r) => r.kind))}::text[], ${textArray(rows.map((r) => r.message))}::text[])
      as p(line, roll, kind, message)`);
}

/**
 * Reads the upload's file as it streams from storage and loads its sheets into
 * answer_upload_lines and its unreadable lines into answer_upload_problems, replacing what an
 * earlier run left; then only each roll number's last line stays, readable or not, the earlier
 * ones becoming problems. Holds a few thousand lines at a time whatever the file's size (decision 047).
 * Runs on the database itself (COPY takes its own connection), not in a transaction. Answers the
 * number of non-blank lines.
 */
export async function stageUpload(
  db: Db,
  storage: FileStorage,
  upload: StagedUpload,
  format: SheetFormat,
): Promise<{ lines: number }> {
  const file = await storage.getStream(upload.file_key);
  if (!file) throw new JobError("The uploaded file is no longer stored. Please upload it again.");
  const read = sheetReader(format);
  const keys = await finalizedPaperKeys(db, upload);
  // Lines in the stored form (nearly all) are read and scored in one walk of the text.
  const storedForm = writesStoredForm(format);
  const scorers = new Map([...keys].map(([code, key]) => [code, storedFormScorer(key.sections, key.questionCount)]));
  const countOnly = storedFormScorer([], 0);
  await clearStaged(db, upload.id);

  let malformed: SheetProblemItem[] = [];
  let sheetLineCount = 0;

  async function* chunks(): AsyncGenerator<string> {
    let rows: string[] = [];
    let codes = newVerifyCodes(CHUNK);
    let line = 0;
    // The jobs run in the API process: the lines of a file read from disk come faster than they
    // are scored, and 10,000 of them between two pauses held the loop 130-900 ms (decision 047).
    const pace = pacer();
    for await (const batch of fileLines(file as AsyncIterable<Uint8Array>)) {
      for (const raw of batch) {
        line += 1;
        await pace();
        let sheet: { roll: string; code: string; count: number; text: string; score: string; refusal: string | null };
        const fast = storedForm ? storedFormLine(raw) : null;
        const walked = fast && (scorers.get(fast.code) ?? countOnly)(raw, fast.answersStart, fast.answersEnd);
        if (fast && walked) {
          const text = raw.slice(fast.answersStart, fast.answersEnd);
          sheet = {
            roll: fast.roll,
            code: fast.code,
            count: walked.count,
            text,
            score: scoreColumns(walked.score),
            refusal: walked.misfit ?? null,
          };
        } else {
          const result = read(raw, line);
          if (!result) continue;
          if (!("sheet" in result)) {
            sheetLineCount += 1;
            malformed.push({ kind: "malformed", line, roll: result.bad.roll ?? "", message: result.bad.message });
            if (malformed.length === PROBLEMS_BATCH) {
              await insertProblems(db, upload.id, malformed);
              malformed = [];
            }
            continue;
          }
          const { roll, code, answers, text } = result.sheet;
          sheet = { roll, code, count: answers.length, text, ...scoreFields(keys.get(code), answers) };
        }
        sheetLineCount += 1;
        rows.push(
          `${upload.id}\t${line}\t${copyText(sheet.roll)}\t${copyText(sheet.code)}\t${sheet.count}\t` +
            `${sheet.text}\t${sheet.score}\t${codes[rows.length]}\t${sheet.refusal === null ? "\\N" : copyText(sheet.refusal)}\n`,
        );
        if (rows.length === CHUNK) {
          yield rows.join("");
          rows = [];
          codes = newVerifyCodes(CHUNK);
        }
      }
    }
    if (rows.length > 0) yield rows.join("");
  }

  await copyRowsIn(db, "answer_upload_lines", COLUMNS, chunks());
  await insertProblems(db, upload.id, malformed);
  if (sheetLineCount === 0) throw new JobError("The file has no lines: is it the vendor's answer-sheet file?");
  // Statistics of this upload's lines before anything plans on them. With the previous upload's,
  // `upload_id = this one` looks like one row: the rescans' delete below joined 200,000 lines to a
  // re-run aggregate of themselves for hours, and PGlite joined 230,000 lines to the students by
  // nested loops. The delete only lowers the count, which plans no worse.
  await db.execute(sql`analyze answer_upload_lines`);
  // A roll number twice keeps its last line (vendors append rescans), read or not (decision 057):
  // the earlier staged ones go, by the database, which sorts on disk what does not fit its working
  // memory. Their message says whether the last line was refused once the join has run
  // (describeReplaced).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`with lines as (
      select roll_number, line from answer_upload_lines where upload_id = ${upload.id}
      union all
      select roll_number, line from answer_upload_problems
      where upload_id = ${upload.id} and kind = 'malformed' and roll_number <> ''
    ), last as (
      select roll_number, max(line) as line from lines group by roll_number having count(*) > 1
    ), gone as (
      delete from answer_upload_lines l using last
      where l.upload_id = ${upload.id} and l.roll_number = last.roll_number and l.line < last.line
      returning l.line, l.roll_number, last.line as last_line
    )
    insert into answer_upload_problems (upload_id, line, roll_number, kind, message)
    select ${upload.id}, line, roll_number, 'replaced_in_file', ${fillSql(RESCAN_WORDS.replaced, { line: sql`last_line::text` })}
    from gone`);
  });
  return { lines: sheetLineCount };
}

/**
 * Scores the staged lines whose paper set was finalized after the check (none, usually): the check
 * could not score them, and the store job stores only scored sheets. Their answers are checked
 * against the paper's options here, as the check does for the others (decision 058).
 */
export async function scoreLateLines(db: DbOrTx, upload: StagedUpload): Promise<number> {
  const keys = await finalizedPaperKeys(db, upload);
  if (keys.size === 0) return 0;
  // A batch at a time from a cursor (in the store job's transaction): the lines are not held whole.
  const lines = copyRowsOutTransaction(
    db as Tx,
    sql`select line, code, answers from answer_upload_lines
        where upload_id = ${upload.id} and total is null and code = any(${textArray([...keys.keys()])}::text[])`,
    CHUNK,
  );
  let scored = 0;
  const pace = pacer();
  for await (const chunk of lines) {
    const rows: string[][] = [];
    const refused: { line: number; refusal: string }[] = [];
    for (const text of chunk.split("\n")) {
      if (text === "") continue;
      await pace();
      const [line = "", code = "", answers = ""] = text.split("\t");
      const { score, refusal } = scoreFields(keys.get(code), answers.split(","));
      if (refusal) refused.push({ line: Number(line), refusal });
      const fields = score.split("\t");
      if (fields[0] !== "\\N") rows.push([line, ...fields]);
    }
    if (refused.length > 0) {
      await db.execute(sql`update answer_upload_lines l set refusal = r.refusal
        from unnest(${intArray(refused.map((r) => r.line))}::int[], ${textArray(refused.map((r) => r.refusal))}::text[])
          as r(line, refusal)
        where l.upload_id = ${upload.id} and l.line = r.line`);
    }
    if (rows.length === 0) continue;
    const column = (i: number) => `{${rows.map((r) => (i === 2 || i === 3 ? `"${r[i]}"` : r[i])).join(",")}}`;
    await db.execute(sql`update answer_upload_lines l set total = s.total, section_marks = s.marks::int[],
      section_counted = s.counted::boolean[], right_count = s.right_count, wrong_count = s.wrong_count,
      blank_count = s.blank_count, rank_key = s.rank_key
      from unnest(${column(0)}::int[], ${column(1)}::int[], ${column(2)}::text[], ${column(3)}::text[],
        ${column(4)}::int[], ${column(5)}::int[], ${column(6)}::int[], ${column(7)}::bigint[])
        as s(line, total, marks, counted, right_count, wrong_count, blank_count, rank_key)
      where l.upload_id = ${upload.id} and l.line = s.line`);
    scored += rows.length;
  }
  return scored;
}

/** Whether the upload's lines are staged (an unlogged table is empty after a database crash). */
export async function hasStagedLines(db: DbOrTx, uploadId: number): Promise<boolean> {
  const rows = await queryRows<{ staged: boolean }>(
    db,
    sql`select exists (select 1 from answer_upload_lines where upload_id = ${uploadId}) as staged`,
  );
  return Boolean(rows[0]?.staged);
}

/** Empties an upload's staged lines and its problems. */
export async function clearStaged(db: DbOrTx, uploadId: number): Promise<void> {
  await db.execute(sql`delete from answer_upload_lines where upload_id = ${uploadId}`);
  await db.execute(sql`delete from answer_upload_problems where upload_id = ${uploadId}`);
}

/**
 * The staged lines of an upload, each with its student, paper set and, when it would not be
 * stored, why not (unknown_roll, unpaid, no_paper, other_class, answer_count or not_offered) (the same rules as dry-run.ts classifySheet, which the tests hold it to).
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
          when l.refusal is not null then 'not_offered'
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

/** The join's refusals as answer_upload_problems rows: their kind and message, in SQL (`c` is classified()). */
const JOIN_PROBLEM_ROWS = sql`select upload_id, line, roll_number,
    case problem when 'unknown_roll' then 'unknown_roll' when 'unpaid' then 'unpaid' else 'wrong_paper' end,
    case problem
      when 'unknown_roll' then 'No student of this exam year has this roll number'
      when 'unpaid' then 'The student''s fee is not paid'
      when 'no_paper' then 'There is no finalized paper set ' || code || ' of this exam level'
      when 'other_class' then 'Paper set ' || code || ' is for another class than the student''s'
      when 'not_offered' then refusal
      else answer_count || ' answers for the ' || questions || ' questions of ' || code
    end
  from c where problem is not null`;

/** The kinds the join finds (the others come from reading the file). */
const JOIN_KINDS = ["unknown_roll", "unpaid", "wrong_paper"] as const satisfies readonly SheetProblemKind[];

export interface JoinedLines {
  accepted: number;
  /** Accepted sheets that replace a sheet already stored for the student. */
  replacing: number;
  byPaper: { code: string; sheets: number }[];
}

/**
 * Sorts the staged lines into stored and refused: the refused ones are written to
 * answer_upload_problems (replacing an earlier run's), so that none is held here (decision 047).
 * With `store`, the accepted lines are inserted into answer_sheets by the same statement (a sheet
 * already stored for the student is replaced, keeping its verification code, so that a printed
 * certificate stays valid), and the staged lines are deleted.
 */
export async function joinStaged(db: DbOrTx, upload: StagedUpload, options: { store: boolean }): Promise<JoinedLines> {
  // Plans of a million rows: JIT compiling them cost more than it saved (12 s against 31 s).
  await db.execute(sql`set local jit = off`);
  await db.execute(sql`delete from answer_upload_problems where upload_id = ${upload.id}
    and kind = any(${textArray(JOIN_KINDS)}::text[])`);
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
  const rows = await queryRows<{ code: string; sheets: number; replacing: number }>(
    db,
    sql`with c as materialized (${classified(upload)})${stored}, refused as (
          insert into answer_upload_problems (upload_id, line, roll_number, kind, message) ${JOIN_PROBLEM_ROWS}
        )
        select c.code, count(*)::int as sheets, count(a.id)::int as replacing
        from c left join answer_sheets a on a.exam_year_id = ${upload.exam_year_id} and a.exam_kind = ${upload.exam_kind}
          and a.student_id = c.student_id
        where c.problem is null
        group by c.code`,
  );
  const result: JoinedLines = { accepted: 0, replacing: 0, byPaper: [] };
  for (const row of rows) {
    result.accepted += Number(row.sheets);
    result.replacing += Number(row.replacing);
    result.byPaper.push({ code: row.code, sheets: Number(row.sheets) });
  }
  result.byPaper.sort((a, b) => (a.code < b.code ? -1 : 1));
  await describeReplaced(db, upload.id);
  if (options.store) await db.execute(sql`delete from answer_upload_lines where upload_id = ${upload.id}`);
  return result;
}

/**
 * The messages of the lines a rescan replaced, once the join has refused what it refuses: whether
 * the roll number's last line was refused (when read or by the join) is known only now (decision
 * 057). Written whole each time, as the check and the store job each run the join.
 */
async function describeReplaced(db: DbOrTx, uploadId: number): Promise<void> {
  await db.execute(sql`with replaced as (
      select distinct roll_number from answer_upload_problems where upload_id = ${uploadId} and kind = 'replaced_in_file'
    ), lines as (
      select roll_number, line, false as refused from answer_upload_lines where upload_id = ${uploadId}
        and roll_number in (select roll_number from replaced)
      union all
      select roll_number, line, true from answer_upload_problems where upload_id = ${uploadId}
        and kind <> 'replaced_in_file' and roll_number in (select roll_number from replaced)
    ), last as (
      select distinct on (roll_number) roll_number, line, refused from lines order by roll_number, line desc, refused desc
    )
    update answer_upload_problems r set message = case when last.refused
        then ${fillSql(RESCAN_WORDS.replacedRefused, { line: sql`last.line::text`, roll: sql`r.roll_number` })}
        else ${fillSql(RESCAN_WORDS.replaced, { line: sql`last.line::text` })} end
    from last
    where r.upload_id = ${uploadId} and r.kind = 'replaced_in_file' and r.roll_number = last.roll_number`);
}

/**
 * An upload's problems with their messages as the report shows them: each line of a roll number
 * left with no sheet from this file, whose student keeps a sheet an earlier upload stored, says
 * which (decision 057). Read when the report is written, so it names the sheet stored then.
 */
function problemRows(uploadId: number, problems: SQL = sql`answer_upload_problems`): SQL {
  const keeps = fillSql(RESCAN_WORDS.keeps, {
    roll: sql`k.roll_number`,
    upload: sql`k.upload_id::text`,
    day: sql`to_char(k.stored_at at time zone ${PORTAL_TIME_ZONE}::text, 'FMDD FMMonth YYYY')`,
  });
  return sql`select p.line, p.roll_number, p.kind, p.message || coalesce(${keeps}, '') as message
    from ${problems} p
    left join (
      select a.roll_number, a.upload_id, a.stored_at
      from answer_uploads u
      join answer_sheets a on a.exam_year_id = u.exam_year_id and a.exam_kind = u.exam_kind and a.upload_id <> u.id
      where u.id = ${uploadId}
        and a.roll_number in (select roll_number from answer_upload_problems where upload_id = ${uploadId})
        -- A roll number with a line this upload stores (or would) replaces its sheet instead.
        and not exists (
          select 1 from answer_upload_lines l where l.upload_id = ${uploadId} and l.roll_number = a.roll_number
            and not exists (select 1 from answer_upload_problems q where q.upload_id = ${uploadId} and q.line = l.line)
        )
    ) k on k.roll_number = p.roll_number
    where p.upload_id = ${uploadId}`;
}

/** An upload's problems: how many of each kind, and the first `shown` of each kind by line. */
export async function problemsSummary(
  db: DbOrTx,
  uploadId: number,
  shown: number,
): Promise<{ counts: Record<SheetProblemKind, number>; first: SheetProblemItem[] }> {
  const counts: Record<SheetProblemKind, number> = {
    malformed: 0,
    unknown_roll: 0,
    unpaid: 0,
    wrong_paper: 0,
    replaced_in_file: 0,
  };
  const tally = await queryRows<{ kind: SheetProblemKind; n: number }>(
    db,
    sql`select kind, count(*)::int as n from answer_upload_problems where upload_id = ${uploadId} group by kind`,
  );
  for (const row of tally) counts[row.kind] = Number(row.n);
  const first = await queryRows<{ kind: SheetProblemKind; line: number; roll: string; message: string }>(
    db,
    sql`select kind, line, roll_number as roll, message from (${problemRows(
      uploadId,
      // Only the shown ones are joined to the stored sheets.
      sql`(select upload_id, kind, line, roll_number, message from (
          select *, row_number() over (partition by kind order by line) as n
          from answer_upload_problems where upload_id = ${uploadId}
        ) r where n <= ${shown})`,
    )}) p order by line`,
  );
  return { counts, first: first.map((p) => ({ ...p, line: Number(p.line) })) };
}

/** A CSV cell: quoted, and guarded as every CSV the portal writes (spreadsheets/formula-guard.ts). */
const cell = (value: string | number) => `"${csvGuarded(String(value)).replace(/"/g, '""')}"`;

/**
 * The problems file (every refused line by line number: line, roll number, problem, message) as
 * it is read from the database, a batch at a time, inside the caller's transaction.
 */
export async function* problemsCsv(tx: Tx, uploadId: number): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  // A byte-order mark, so that Excel reads the text as UTF-8.
  yield encoder.encode(`\uFEFF${["Line", "Roll number", "Problem", "Message"].map(cell).join(",")}\r\n`);
  const rows = copyRowsOutTransaction(
    tx,
    sql`select line, roll_number, kind, message from (${problemRows(uploadId)}) p order by line`,
    5_000,
  );
  // 5,000 rows written out at once held the loop up to 270 ms on a busy machine (decision 047).
  const pace = pacer();
  for await (const chunk of rows) {
    let text = "";
    for (const row of chunk.split("\n")) {
      if (row === "") continue;
      text += `${copyFields(row).map(cell).join(",")}\r\n`;
      await pace();
    }
    yield encoder.encode(text);
  }
}

/** The fields of a COPY text line, unescaped (copyText's reverse). */
function copyFields(line: string): string[] {
  return line
    .split("\t")
    .map((field) =>
      field.replace(/\\(.)/g, (_, c: string) => (c === "t" ? "\t" : c === "n" ? "\n" : c === "r" ? "\r" : c)),
    );
}
