import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { type IndividualStudentRow, individualStudentQuery } from "@repo/contracts/sif";
import { paymentStatusName } from "@repo/contracts/students-constants";
import { defineExport, type ExportColumn, type ExportRegistry } from "../../kernel/exports/kinds";
import { calendarDate, studentColumns } from "../students/student-exports";
import { listIndividualStudentsForExport } from "./sif";

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
  { header: "Registered on", value: (s) => calendarDate(s.created_at), width: 14 },
] as ExportColumn<IndividualStudentRow>[];

/** The individually registered students' export (decision 013), for coordinators. */
export const SIF_EXPORT_KINDS: ExportRegistry = {
  [EXPORT_KIND.individualStudents]: defineExport({
    permissions: ["students.regionLists"],
    filters: individualStudentQuery.omit({ page: true, per_page: true }),
    fileName: "individual-students",
    sheetName: "Individual students",
    columns: individualStudentColumns,
    rows: (db, viewer, filters) => listIndividualStudentsForExport(db, viewer, filters),
  }),
};
