import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { languageName } from "@repo/contracts/languages";
import { type InactiveStudentRow, inactiveStudentQuery } from "@repo/contracts/student-accounts";
import { INACTIVE_CAUSE_NAMES } from "@repo/contracts/student-accounts-constants";
import { type StudentRow, studentListQuery } from "@repo/contracts/students";
import { classLabel, genderName, paymentStatusName } from "@repo/contracts/students-constants";
import { defineExport, type ExportColumn, type ExportRegistry } from "../../kernel/exports/kinds";
import { inactiveStudentsForExport } from "./student-accounts";
import { listStudentsForExport } from "./students";

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

export const calendarDate = (value: string | null) => (value ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : null);

export const studentColumns: ExportColumn<StudentRow>[] = [
  { header: "Student id", value: (s) => s.id, width: 10 },
  { header: "First name", value: (s) => s.first_name, width: 20 },
  { header: "Last name", value: (s) => s.last_name, width: 20 },
  { header: "Class", value: (s) => classLabel(s.class_level), width: 8 },
  { header: "Language", value: (s) => languageName(s.language), width: 12 },
  { header: "Gender", value: (s) => (s.gender ? genderName(s.gender) : null), width: 10 },
  { header: "Date of birth", value: (s) => calendarDate(s.date_of_birth), width: 14 },
  { header: "Parent's name", value: (s) => s.parent_name, width: 24 },
  { header: "Phone", value: (s) => s.phone, width: 16 },
  { header: "E-mail", value: (s) => s.email, width: 28 },
  { header: "School", value: (s) => s.school_name, width: 30 },
  { header: "Exam year", value: (s) => s.exam_year, width: 10 },
  { header: "Payment", value: (s) => paymentStatusName(s.payment_status), width: 10 },
  { header: "Roll number", value: (s) => s.roll_number, width: 14 },
  { header: "Registered on", value: (s) => calendarDate(s.created_at), width: 14 },
];

/** The students lists' exports (docs/domain.md, Services every feature shares: exports). */
export const STUDENT_EXPORT_KINDS: ExportRegistry = {
  [EXPORT_KIND.students]: defineExport({
    permissions: ["students.view"],
    filters: studentListQuery.omit({ page: true, per_page: true }),
    fileName: "students",
    sheetName: "Students",
    columns: studentColumns,
    rows: (db, viewer, filters) => listStudentsForExport(db, viewer, filters),
  }),
  [EXPORT_KIND.inactiveStudents]: defineExport({
    permissions: ["paySupport.manage"],
    filters: inactiveStudentQuery.omit({ page: true, per_page: true }),
    fileName: "inactive-students",
    sheetName: "Inactive students",
    columns: inactiveStudentColumns,
    rows: (db, _viewer, filters) => inactiveStudentsForExport(db, filters),
  }),
};
