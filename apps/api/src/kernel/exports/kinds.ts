import type { Permission } from "@repo/auth/permissions";
import type { Db } from "@repo/db";
import type { SQL } from "drizzle-orm";
import type { z } from "zod";
import type { ExportField } from "../spreadsheets/columns";
import type { CellValue, ListColumn } from "../spreadsheets/index";

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
  /**
   * A report that may be read on the read replica (decision 067): coordinators' region and result
   * lists. Unset for money and for what a school or student checks right after changing it.
   */
  replica?: true;
}

/** Keeps each kind's row type tied to its columns while the registry holds them side by side. */
export const defineExport = <Row, Filters>(kind: ExportKind<Row, Filters>) => kind as ExportKind<unknown, unknown>;

/** Every exportable list by the kind in the path (composed in src/export-registry.ts). */
export type ExportRegistry = Readonly<Record<string, ExportKind<unknown, unknown>>>;
