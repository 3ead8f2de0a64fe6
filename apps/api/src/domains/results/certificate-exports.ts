import { type OwnSchoolResultRow, ownSchoolResultsFilters } from "@repo/contracts/certificates";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { classLabel } from "@repo/contracts/students-constants";
import type { ExportColumn, ExportKind } from "../../kernel/exports/kinds";
import { schoolResultsForExport } from "./certificates";

/** The school app's Results list as XLSX and CSV, with the list's filters and the school's scope. */

const columns: ExportColumn<OwnSchoolResultRow>[] = [
  { header: "Roll number", value: (r) => r.roll_number, width: 14 },
  { header: "First name", value: (r) => r.first_name, width: 18 },
  { header: "Last name", value: (r) => r.last_name, width: 18 },
  { header: "Class", value: (r) => classLabel(r.class_level), width: 8 },
  { header: "School", value: (r) => r.school_name, width: 30 },
  { header: "Level", value: (r) => examLevelLabel(r.level), width: 10 },
  { header: "Total marks", value: (r) => r.total, width: 12 },
  { header: "School rank", value: (r) => r.school_rank, width: 12 },
  { header: "Award", value: (r) => r.award_name, width: 18 },
  { header: "Certificate code", value: (r) => r.verify_code, width: 16 },
];

export const CERTIFICATE_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.ownSchoolResults]: {
    permissions: ["results.own"],
    filters: ownSchoolResultsFilters,
    fileName: "results",
    sheetName: "Results",
    columns,
    rows: (db, viewer, filters) => schoolResultsForExport(db, viewer, filters),
  } satisfies ExportKind<OwnSchoolResultRow, typeof ownSchoolResultsFilters._output> as unknown as ExportKind<
    unknown,
    unknown
  >,
};
