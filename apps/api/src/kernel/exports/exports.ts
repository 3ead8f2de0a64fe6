import type { Readable } from "node:stream";
import type { Permission } from "@repo/auth/permissions";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { languageName } from "@repo/contracts/languages";
import { type IndividualStudentRow, individualStudentQuery } from "@repo/contracts/sif";
import { type InactiveStudentRow, inactiveStudentQuery } from "@repo/contracts/student-accounts";
import { INACTIVE_CAUSE_NAMES } from "@repo/contracts/student-accounts-constants";
import { type StudentRow, studentListQuery } from "@repo/contracts/students";
import { classLabel, genderName, paymentStatusName } from "@repo/contracts/students-constants";
import { copyCsvOut, type Db, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { COORDINATOR_EXPORT_KINDS } from "../../domains/accounts/coordinator-exports";
import { CONTENT_EXPORT_KINDS } from "../../domains/content/content-exports";
import { REGION_EXPORT_KINDS } from "../../domains/dashboards/region-exports";
import { INSTITUTE_EXPORT_KINDS } from "../../domains/institutes/institute-exports";
import { listIndividualStudentsForExport } from "../../domains/institutes/sif";
import { PAYMENT_EXPORT_KINDS } from "../../domains/payments/payment-exports";
import { REFERRAL_EXPORT_KINDS } from "../../domains/referrals/referral-exports";
import { CERTIFICATE_EXPORT_KINDS } from "../../domains/results/certificate-exports";
import { RESULT_LIST_EXPORT_KINDS } from "../../domains/results/list-exports";
import { RESULT_WINNER_EXPORT_KINDS } from "../../domains/results/winner-exports";
import { inactiveStudentsForExport } from "../../domains/students/student-accounts";
import { listStudentsForExport } from "../../domains/students/students";
import { ApiError } from "../http/errors";
import { validated } from "../http/validation";
import { csvFieldSql, type ExportField, fieldValueSql, xlsxCellSql, xlsxRowSql } from "../spreadsheets/columns";
import {
  type CellValue,
  CSV_TYPE,
  csvFromCopy,
  csvStream,
  type ListColumn,
  XLSX_TYPE,
  xlsxStream,
} from "../spreadsheets/index";
import { columnLetter, xlsxOfRows } from "../spreadsheets/xlsx-writer";

/**
 * List exports (docs/domain.md, Services every feature shares: exports): every list screen
 * exports its current filters through POST /api/export/{kind}. A kind names who may export it,
 * its filters (the list's own schema), its columns and a row source that pages through the
 * database with the caller's scope, so an export shows exactly what the list shows.
 */

export type ExportFormat = "xlsx" | "csv";
export const EXPORT_FORMATS = ["xlsx", "csv"] as const;

export interface ExportViewer {
  userId: number;
  roleId: number;
  can(permission: Permission): boolean;
}

export interface ExportColumn<Row> extends ListColumn {
  value(row: Row): CellValue;
  /**
   * The same field as PostgreSQL computes it (spreadsheets/columns.ts): a kind whose columns all
   * have one, and that has `select`, is written by the database (decision 019).
   */
  field?: ExportField;
}

/** Ids after `after`, up to and with `through` (null: to the end). */
export type IdRange = { after: number; through: number | null };

/** A list's rows as a query selecting `fields`: all of them, or those with ids in `range`. */
export type ExportSelect = (fields: SQL, range?: IdRange) => SQL;

export interface ExportKind<Row, Filters> {
  /** Any one of these permissions lets a caller export the kind. */
  permissions: readonly Permission[];
  /** The list's filters (the JSON body); unknown fields are refused like in the list itself. */
  filters: z.ZodType<Filters>;
  /** The file's name without extension; a date is added. */
  fileName: string;
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  /** The rows in batches, scoped to the viewer exactly like the list. */
  rows(db: Db, viewer: ExportViewer, filters: Filters): AsyncIterable<Row[]>;
  /**
   * The same rows as a query selecting `fields` (from the columns' `field`), in the list's order;
   * with a range, those with ids in it, the id first as `_id`; the viewer's scope is read once.
   * CSV goes through COPY on the PostgreSQL server, XLSX rows come as sheet XML: a million rows at
   * the database's speed, where Node spent most of the time making and collecting objects
   * (decision 019).
   */
  select?(db: Db, viewer: ExportViewer, filters: Filters): Promise<ExportSelect>;
}

const inactiveStudentColumns: ExportColumn<InactiveStudentRow>[] = [
  { header: "Student id", value: (s) => s.student_id, width: 10 },
  { header: "Name", value: (s) => s.name, width: 28 },
  { header: "Username", value: (s) => s.username, width: 18 },
  { header: "Class", value: (s) => classLabel(s.class_level), width: 8 },
  { header: "Roll number", value: (s) => s.roll_number, width: 14 },
  { header: "Payment", value: (s) => paymentStatusName(s.payment_status), width: 10 },
  { header: "School", value: (s) => s.school_name, width: 32 },
  { header: "Why inactive", value: (s) => INACTIVE_CAUSE_NAMES[s.cause], width: 20 },
  { header: "Switched off", value: (s) => (s.deactivated_at ? new Date(s.deactivated_at) : null), width: 18 },
  { header: "Reason", value: (s) => s.reason, width: 40 },
  { header: "By", value: (s) => s.deactivated_by, width: 20 },
];

/** Keeps each kind's row type tied to its columns while the registry holds them side by side. */
const defineExport = <Row, Filters>(kind: ExportKind<Row, Filters>) => kind as ExportKind<unknown, unknown>;

const date = (value: string | null) => (value ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : null);

const studentColumns: ExportColumn<StudentRow>[] = [
  { header: "Student id", value: (s) => s.id, width: 10 },
  { header: "First name", value: (s) => s.first_name, width: 20 },
  { header: "Last name", value: (s) => s.last_name, width: 20 },
  { header: "Class", value: (s) => classLabel(s.class_level), width: 8 },
  { header: "Language", value: (s) => languageName(s.language), width: 12 },
  { header: "Gender", value: (s) => (s.gender ? genderName(s.gender) : null), width: 10 },
  { header: "Date of birth", value: (s) => date(s.date_of_birth), width: 14 },
  { header: "Parent's name", value: (s) => s.parent_name, width: 24 },
  { header: "Phone", value: (s) => s.phone, width: 16 },
  { header: "E-mail", value: (s) => s.email, width: 28 },
  { header: "School", value: (s) => s.school_name, width: 30 },
  { header: "Exam year", value: (s) => s.exam_year, width: 10 },
  { header: "Payment", value: (s) => paymentStatusName(s.payment_status), width: 10 },
  { header: "Roll number", value: (s) => s.roll_number, width: 14 },
  { header: "Registered on", value: (s) => date(s.created_at), width: 14 },
];

const individualStudentColumns: ExportColumn<IndividualStudentRow>[] = [
  ...studentColumns.filter(
    (c) => !["School", "Exam year", "Payment", "Roll number", "Registered on"].includes(c.header),
  ),
  { header: "School", value: (s) => s.school_name, width: 30 },
  { header: "School listed", value: (s) => (s.school_listed ? "Yes" : "No (named by the student)"), width: 12 },
  { header: "Zone", value: (s) => s.zone, width: 14 },
  { header: "State", value: (s) => s.state, width: 18 },
  { header: "District", value: (s) => s.district, width: 18 },
  { header: "Referred by", value: (s) => s.referred_by, width: 30 },
  { header: "Referral", value: (s) => s.referral_status, width: 10 },
  { header: "Payment", value: (s) => paymentStatusName(s.payment_status), width: 10 },
  { header: "Roll number", value: (s) => s.roll_number, width: 14 },
  { header: "Registered on", value: (s) => date(s.created_at), width: 14 },
] as ExportColumn<IndividualStudentRow>[];

/** Every exportable list, by the kind in the path. Add a list here and its screen can export it. */
export const EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.students]: defineExport({
    permissions: ["students.view"],
    filters: studentListQuery.omit({ page: true, per_page: true }),
    fileName: "students",
    sheetName: "Students",
    columns: studentColumns,
    rows: (db, viewer, filters) => listStudentsForExport(db, viewer, filters),
  }),
  [EXPORT_KIND.individualStudents]: defineExport({
    permissions: ["students.regionLists"],
    filters: individualStudentQuery.omit({ page: true, per_page: true }),
    fileName: "individual-students",
    sheetName: "Individual students",
    columns: individualStudentColumns,
    rows: (db, viewer, filters) => listIndividualStudentsForExport(db, viewer, filters),
  }),
  [EXPORT_KIND.inactiveStudents]: defineExport({
    permissions: ["paySupport.manage"],
    filters: inactiveStudentQuery.omit({ page: true, per_page: true }),
    fileName: "inactive-students",
    sheetName: "Inactive students",
    columns: inactiveStudentColumns,
    rows: (db, _viewer, filters) => inactiveStudentsForExport(db, filters),
  }),
  ...CONTENT_EXPORT_KINDS,
  ...REFERRAL_EXPORT_KINDS,
  ...INSTITUTE_EXPORT_KINDS,
  ...PAYMENT_EXPORT_KINDS,
  ...COORDINATOR_EXPORT_KINDS,
  ...REGION_EXPORT_KINDS,
  ...CERTIFICATE_EXPORT_KINDS,
  ...RESULT_LIST_EXPORT_KINDS,
  ...RESULT_WINNER_EXPORT_KINDS,
};

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
  db: Db,
  viewer: ExportViewer,
  kindName: string,
  format: ExportFormat,
  body: unknown,
  /**
   * `sql: false` writes the file in Node even where the database could, `batchRows` sets the
   * database's batch, `afterCut` runs once the XLSX's batches are cut (the tests comparing the
   * paths, and rows changing while a file is written).
   */
  options: { sql?: boolean; batchRows?: number; afterCut?: () => Promise<void> } = {},
): Promise<ExportFile> {
  const kind = Object.hasOwn(EXPORT_KINDS, kindName) ? EXPORT_KINDS[kindName] : undefined;
  if (!kind) throw new ApiError(404, `There is no export called "${kindName}"`);
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
