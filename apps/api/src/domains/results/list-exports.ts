import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { languageName } from "@repo/contracts/languages";
import {
  type PrantResultRow,
  prantResultFilters,
  type SchoolResultRow,
  type StateResultRow,
  type StudentResultRow,
  schoolResultFilterShape,
  stateResultFilters,
  studentResultFilters,
} from "@repo/contracts/result-lists";
import { AWARDS } from "@repo/contracts/results-constants";
import { classLabel } from "@repo/contracts/students-constants";
import type { ExportColumn, ExportKind } from "../../kernel/exports/kinds";
import { prantResults, schoolResultsForExport, stateResults, studentResultsForExport } from "./lists";

/** The result lists as XLSX and CSV, with the list's filters and scope (issue 15: every list exports). */

const awardName = (code: string | null) => AWARDS.find((a) => a.code === code)?.name ?? null;
const section = (row: StudentResultRow, label: string) => row.sections.find((s) => s.label === label)?.marks ?? null;

const studentColumns: ExportColumn<StudentResultRow>[] = [
  { header: "Roll number", value: (s) => s.roll_number, width: 14 },
  { header: "First name", value: (s) => s.first_name, width: 18 },
  { header: "Last name", value: (s) => s.last_name, width: 18 },
  { header: "Class", value: (s) => classLabel(s.class_level), width: 8 },
  { header: "Language", value: (s) => languageName(s.language), width: 12 },
  { header: "School", value: (s) => s.school_name, width: 32 },
  { header: "District", value: (s) => s.district, width: 18 },
  { header: "Prant", value: (s) => s.prant, width: 18 },
  { header: "State", value: (s) => s.state, width: 18 },
  { header: "Paper set", value: (s) => s.paper_set, width: 14 },
  { header: "Total marks", value: (s) => s.total, width: 10 },
  // The defaults have two sections (docs/domain.md, Exams, scoring and awards); a section not counted is named in its own column.
  { header: "Section A", value: (s) => section(s, "A"), width: 10 },
  { header: "Section B", value: (s) => section(s, "B"), width: 10 },
  {
    header: "Not counted",
    value: (s) =>
      s.sections
        .filter((x) => !x.counted)
        .map((x) => `Section ${x.label}`)
        .join(", ") || null,
    width: 12,
  },
  { header: "Right", value: (s) => s.right, width: 8 },
  { header: "Wrong", value: (s) => s.wrong, width: 8 },
  { header: "Blank", value: (s) => s.blank, width: 8 },
  { header: "School rank", value: (s) => s.ranks?.school ?? null, width: 10 },
  { header: "District rank", value: (s) => s.ranks?.district ?? null, width: 10 },
  { header: "State rank", value: (s) => s.ranks?.state ?? null, width: 10 },
  { header: "National rank", value: (s) => s.ranks?.national ?? null, width: 10 },
  { header: "Award", value: (s) => awardName(s.award), width: 16 },
];

const schoolColumns: ExportColumn<SchoolResultRow>[] = [
  { header: "School id", value: (s) => s.school_id, width: 10 },
  { header: "School", value: (s) => s.name, width: 36 },
  { header: "District", value: (s) => s.district, width: 18 },
  { header: "Prant", value: (s) => s.prant, width: 18 },
  { header: "State", value: (s) => s.state, width: 18 },
  { header: "Sheets", value: (s) => s.sheets, width: 8 },
  { header: "Average", value: (s) => s.average, width: 10 },
  { header: "Highest", value: (s) => s.highest, width: 10 },
  { header: "Lowest", value: (s) => s.lowest, width: 10 },
  { header: "School toppers", value: (s) => s.toppers, width: 10 },
];

const stateColumns: ExportColumn<StateResultRow>[] = [
  { header: "State", value: (s) => s.state, width: 22 },
  { header: "Zone", value: (s) => s.zone, width: 14 },
  { header: "Sheets", value: (s) => s.sheets, width: 10 },
  { header: "Average", value: (s) => s.average, width: 10 },
  { header: "Highest", value: (s) => s.highest, width: 10 },
  { header: "Qualified", value: (s) => s.qualified, width: 10 },
];

const prantColumns: ExportColumn<PrantResultRow>[] = [
  { header: "State", value: (s) => s.state, width: 22 },
  { header: "Prant", value: (s) => s.prant ?? "No prant", width: 22 },
  { header: "Sheets", value: (s) => s.sheets, width: 10 },
  { header: "Average", value: (s) => s.average, width: 10 },
  { header: "Highest", value: (s) => s.highest, width: 10 },
  { header: "State camp", value: (s) => s.state_camp, width: 10 },
  { header: "National camp", value: (s) => s.national_camp, width: 10 },
  { header: "Qualified", value: (s) => s.qualified, width: 10 },
];

const once = async function* <Row>(rows: Promise<Row[]>): AsyncGenerator<Row[]> {
  yield await rows;
};

// Each kind is allowed by results.view; a mock list also needs results.mock, which the rows check
// (so that the first batch, read before streaming, answers 403 as JSON).
export const RESULT_LIST_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.studentResults]: {
    permissions: ["results.view"],
    filters: studentResultFilters,
    fileName: "student-results",
    replica: true,
    sheetName: "Student results",
    columns: studentColumns,
    rows: (db, viewer, filters) => studentResultsForExport(db, viewer, filters as never),
  } as ExportKind<StudentResultRow, unknown> as ExportKind<unknown, unknown>,
  [EXPORT_KIND.schoolResults]: {
    permissions: ["results.view"],
    filters: schoolResultFilterShape,
    fileName: "school-results",
    replica: true,
    sheetName: "School results",
    columns: schoolColumns,
    rows: (db, viewer, filters) => schoolResultsForExport(db, viewer, filters as never),
  } as ExportKind<SchoolResultRow, unknown> as ExportKind<unknown, unknown>,
  [EXPORT_KIND.stateResults]: {
    permissions: ["results.view"],
    filters: stateResultFilters,
    fileName: "state-results",
    replica: true,
    sheetName: "State results",
    columns: stateColumns,
    rows: (db, viewer, filters) => once(stateResults(db, viewer, filters as never).then((r) => r.items)),
  } as ExportKind<StateResultRow, unknown> as ExportKind<unknown, unknown>,
  [EXPORT_KIND.prantResults]: {
    permissions: ["results.view"],
    filters: prantResultFilters,
    fileName: "prant-results",
    replica: true,
    sheetName: "Prant results",
    columns: prantColumns,
    rows: (db, viewer, filters) => once(prantResults(db, viewer, filters as never).then((r) => r.items)),
  } as ExportKind<PrantResultRow, unknown> as ExportKind<unknown, unknown>,
};
