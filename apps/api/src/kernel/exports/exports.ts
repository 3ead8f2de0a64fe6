import type { Readable } from "node:stream";
import { copyCsvOut, type Db, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { ApiError } from "../http/errors";
import { validated } from "../http/validation";
import { csvFieldSql, type ExportField, fieldValueSql, xlsxCellSql, xlsxRowSql } from "../spreadsheets/columns";
import { CSV_TYPE, csvFromCopy, csvStream, XLSX_TYPE, xlsxStream } from "../spreadsheets/index";
import { columnLetter, xlsxOfRows } from "../spreadsheets/xlsx-writer";
import type { ExportFormat, ExportRegistry, ExportSelect, ExportViewer, IdRange } from "./kinds";

export type {
  ExportColumn,
  ExportFormat,
  ExportKind,
  ExportRegistry,
  ExportSelect,
  ExportViewer,
  IdRange,
} from "./kinds";
export { EXPORT_FORMATS } from "./kinds";

// The export engine (docs/domain.md, Services every feature shares: exports): files from any
// domain's kinds (kinds.ts), which src/export-registry.ts puts together.

/**
 * A COPY holds its pool connection until the download ends, however slow the reader: past this
 * many at once, a CSV is written by Node, whose batches hold a connection only while they read.
 */
export const MAX_COPY_EXPORTS = 3;
let copyExports = 0;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * Starts an export: checks the kind, the caller's permission and the filters (before anything is
 * streamed, so those fail as ordinary JSON errors), then streams the rows as they are read.
 */
export async function startExport(
  kinds: ExportRegistry,
  primary: Db,
  viewer: ExportViewer,
  kindName: string,
  format: ExportFormat,
  body: unknown,
  /**
   * `sql: false` writes the file in Node even where the database could, `batchRows` sets the
   * database's batch, `afterCut` runs once the XLSX's batches are cut (the tests comparing the
   * paths, and rows changing while a file is written).
   */
  options: { sql?: boolean; batchRows?: number; afterCut?: () => Promise<void>; reports?: Db } = {},
): Promise<ExportFile> {
  const kind = Object.hasOwn(kinds, kindName) ? kinds[kindName] : undefined;
  if (!kind) throw new ApiError(404, `There is no export called "${kindName}"`);
  // `reports` (the read replica, or the primary) serves the kinds marked replica-safe (decision 067).
  const db = kind.replica && options.reports ? options.reports : primary;
  if (!kind.permissions.some((permission) => viewer.can(permission))) {
    throw new ApiError(403, "You do not have permission to do this.");
  }
  const filters = validated(kind.filters, body ?? {});
  const stamp = new Date().toISOString().slice(0, 10);
  const csvFile = (csv: ReadableStream<Uint8Array>) => ({
    fileName: `${kind.fileName}-${stamp}.csv`,
    contentType: CSV_TYPE,
    body: csv,
  });
  const fields = kind.columns.flatMap((column) => (column.field ? [column.field] : []));
  const select =
    options.sql !== false && fields.length === kind.columns.length && kind.select
      ? await kind.select(db, viewer, filters)
      : undefined;
  if (select && format === "csv" && copyExports < MAX_COPY_EXPORTS) {
    const values = sql.join(
      fields.map((field) => csvFieldSql(field)),
      sql`, `,
    );
    copyExports++;
    let records: Readable | null = null;
    try {
      records = await copyCsvOut(db, select(values));
    } finally {
      if (records) records.once("close", () => copyExports--);
      else copyExports--;
    }
    if (records) return csvFile(csvFromCopy({ columns: kind.columns }, records));
  }
  const xlsxFile = (xlsx: ReadableStream<Uint8Array>) => ({
    fileName: `${kind.fileName}-${stamp}.xlsx`,
    contentType: XLSX_TYPE,
    body: xlsx,
  });
  if (select && format === "xlsx") {
    const rows = sheetRowsBySql(db, select, fields, options.batchRows ?? SHEET_BATCH_ROWS, options.afterCut);
    // The first batch is read now: a scope or filter error becomes a JSON answer, not a broken download.
    const first = await rows.next();
    const all = (async function* () {
      if (first.done) return;
      yield first.value;
      yield* rows;
    })();
    return xlsxFile(xlsxOfRows({ sheetName: kind.sheetName, columns: kind.columns }, all));
  }
  const iterator = kind.rows(db, viewer, filters)[Symbol.asyncIterator]();
  // The first batch is read now: a scope or filter error becomes a JSON answer, not a broken download.
  const first = await iterator.next();
  const batches = (async function* () {
    let next = first;
    while (!next.done) {
      yield next.value.map((row) => kind.columns.map((column) => column.value(row)));
      next = await iterator.next();
    }
  })();
  return format === "xlsx"
    ? xlsxFile(xlsxStream({ sheetName: kind.sheetName, columns: kind.columns }, batches))
    : csvFile(csvStream({ columns: kind.columns }, batches));
}

const SHEET_BATCH_ROWS = 5000;

/** Batches the database builds at once: its work per row is the export's largest cost. */
const SHEET_PARALLEL_READS = 2;

/**
 * A list's sheet rows as PostgreSQL writes them (`<row r="2">…</row>`, columns.ts), one string per
 * batch. One pass over the ids cuts the list into batches of ids, which are built on two
 * connections at once and zipped in order as they arrive.
 */
async function* sheetRowsBySql(
  db: Db,
  select: ExportSelect,
  fields: readonly ExportField[],
  batchRows: number,
  afterCut?: () => Promise<void>,
): AsyncGenerator<string> {
  const values = sql.join(
    fields.map((field, i) => sql`${fieldValueSql(field)} as ${sql.raw(`v${i}`)}`),
    sql`, `,
  );
  const row = xlsxRowSql(
    fields.map((field, i) => xlsxCellSql(field, sql.raw(`p.v${i}`), columnLetter(i), sql`p.n`)),
    sql`p.n`,
  );
  // The last id of every full batch; the final batch runs to the end.
  const ends = await queryRows<{ id: number }>(
    db,
    sql`select x._id as id from (select b._id, row_number() over (order by b._id) as rn
          from (${select(sql`null`, { after: 0, through: null })}) b) x
        where x.rn % ${batchRows} = 0 order by x._id`,
  );
  const ranges: IdRange[] = [...ends, null].map((end, k) => ({
    after: k === 0 ? 0 : Number(ends[k - 1]?.id),
    through: end === null ? null : Number(end.id),
  }));
  await afterCut?.();
  /** A batch's rows numbered from `first`. */
  const read = async (range: IdRange, first: number) => {
    const [batch] = await queryRows<{ xml: string | null; rows: number }>(
      db,
      sql`select string_agg(${row}, '' order by p._id) as xml, count(*)::int as rows
          from (select b.*, (${first - 1}::bigint + row_number() over (order by b._id))::text as n
            from (${select(values, range)}) b) p`,
    );
    return { xml: batch?.xml ?? "", rows: Number(batch?.rows ?? 0), first };
  };
  let written = 0;
  let next = 0;
  const pending: { range: IdRange; reading: ReturnType<typeof read> }[] = [];
  const more = () => {
    while (pending.length < SHEET_PARALLEL_READS && next < ranges.length) {
      const range = ranges[next++] as IdRange;
      // Numbered as if the batches before it are full, which they are unless rows changed meanwhile.
      const reading = read(range, 2 + written + pending.length * batchRows);
      // If the reader stops early, reads under way must not become unhandled rejections.
      reading.catch(() => undefined);
      pending.push({ range, reading });
    }
  };
  more();
  while (pending.length > 0) {
    const { range, reading } = pending.shift() as (typeof pending)[number];
    let batch = await reading;
    // A batch before it had more or fewer rows than a full one (rows added, changed or deleted
    // while the file is written): this one is read again, numbered right.
    if (batch.first !== 2 + written) batch = await read(range, 2 + written);
    written += batch.rows;
    more();
    if (batch.xml) yield batch.xml;
  }
}
