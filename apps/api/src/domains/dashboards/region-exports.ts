import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { LANGUAGE_CODES, languageName } from "@repo/contracts/languages";
import {
  type RegionSchoolRow,
  type RegionStudentRow,
  regionSchoolFilters,
  regionStudentFilters,
} from "@repo/contracts/region-lists";
import { SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import {
  CLASS_LEVELS,
  classLabel,
  GENDERS,
  genderName,
  PAYMENT_STATUSES,
  paymentStatusName,
} from "@repo/contracts/students-constants";
import { sql } from "drizzle-orm";
import type { ExportColumn, ExportKind } from "../../kernel/exports/kinds";
import {
  dateField,
  dayField,
  labelField,
  numberField,
  programmeDay,
  textField,
} from "../../kernel/spreadsheets/columns";
import { regionSchoolsForExport, regionStudentsForExport, regionStudentsSelect } from "./region-lists";

/** The region-wide lists of students and schools as XLSX and CSV, with the list's filters. */

const day = (value: string | null) => (value ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : null);

const studentColumns: ExportColumn<RegionStudentRow>[] = [
  { header: "Student id", value: (s) => s.id, width: 10, field: numberField(sql`s.id`) },
  { header: "First name", value: (s) => s.first_name, width: 18, field: textField(sql`s.first_name`) },
  { header: "Last name", value: (s) => s.last_name, width: 18, field: textField(sql`s.last_name`) },
  {
    header: "Class",
    value: (s) => classLabel(s.class_level),
    width: 8,
    field: labelField(sql`s.class_level`, CLASS_LEVELS, classLabel),
  },
  {
    header: "Language",
    value: (s) => languageName(s.language),
    width: 12,
    field: labelField(sql`s.language`, LANGUAGE_CODES, languageName),
  },
  {
    header: "Gender",
    value: (s) => (s.gender ? genderName(s.gender) : null),
    width: 10,
    field: labelField(
      sql`s.gender`,
      GENDERS.map((g) => g.code),
      genderName,
    ),
  },
  { header: "Date of birth", value: (s) => day(s.date_of_birth), width: 14, field: dateField(sql`s.date_of_birth`) },
  { header: "Parent's name", value: (s) => s.parent_name, width: 22, field: textField(sql`s.parent_name`) },
  { header: "Phone", value: (s) => s.phone, width: 15, field: textField(sql`s.contact_phone`) },
  { header: "E-mail", value: (s) => s.email, width: 26, field: textField(sql`s.contact_email`) },
  {
    header: "School",
    value: (s) => s.school_name,
    width: 32,
    field: textField(sql`coalesce(sc.name, s.unlisted_school_name, '')`),
  },
  {
    header: "Individual",
    value: (s) => (s.individual ? "Yes" : "No"),
    width: 10,
    field: textField(sql`case when s.source = 'sif' then 'Yes' else 'No' end`),
  },
  { header: "Zone", value: (s) => s.zone, width: 12, field: textField(sql`r.zone`) },
  { header: "State", value: (s) => s.state, width: 18, field: textField(sql`r.state`) },
  { header: "Prant", value: (s) => s.prant, width: 18, field: textField(sql`r.prant`) },
  { header: "District", value: (s) => s.district, width: 18, field: textField(sql`r.district`) },
  {
    header: "Payment",
    value: (s) => paymentStatusName(s.payment_status),
    width: 10,
    field: labelField(
      sql`s.payment_status`,
      PAYMENT_STATUSES.map((p) => p.code),
      paymentStatusName,
    ),
  },
  { header: "Roll number", value: (s) => s.roll_number, width: 14, field: textField(sql`s.roll_number`) },
  {
    header: "Registered on",
    value: (s) => programmeDay(s.created_at),
    width: 18,
    field: dayField(sql`s.created_at`),
  },
];

const categoryName = (id: number) => SCHOOL_CATEGORIES.find((c) => c.id === id)?.name ?? String(id);

const schoolColumns: ExportColumn<RegionSchoolRow>[] = [
  { header: "School id", value: (s) => s.id, width: 10 },
  { header: "School", value: (s) => s.name, width: 36 },
  { header: "Category", value: (s) => categoryName(s.category_id), width: 16 },
  { header: "Active", value: (s) => (s.is_active ? "Yes" : "No"), width: 8 },
  { header: "Zone", value: (s) => s.zone, width: 12 },
  { header: "State", value: (s) => s.state, width: 18 },
  { header: "Prant", value: (s) => s.prant, width: 18 },
  { header: "District", value: (s) => s.district, width: 18 },
  { header: "City", value: (s) => s.city, width: 18 },
  { header: "Contact", value: (s) => s.contact_name, width: 22 },
  { header: "Phone", value: (s) => s.contact_phone, width: 15 },
  { header: "E-mail", value: (s) => s.email, width: 28 },
  { header: "E-mail verified", value: (s) => (s.email_verified ? "Yes" : "No"), width: 10 },
  { header: "Master institute", value: (s) => s.master_institute, width: 24 },
  { header: "Students", value: (s) => s.students, width: 10 },
  { header: "Paid", value: (s) => s.paid, width: 8 },
  { header: "Pending", value: (s) => s.pending, width: 8 },
  { header: "Unpaid", value: (s) => s.unpaid, width: 8 },
  { header: "Registered on", value: (s) => programmeDay(s.created_at), width: 18 },
];

export const REGION_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.regionStudents]: {
    permissions: ["students.total"],
    filters: regionStudentFilters,
    fileName: "students",
    replica: true,
    sheetName: "Students",
    columns: studentColumns,
    rows: (db, viewer, filters) => regionStudentsForExport(db, viewer, filters as never),
    select: (db, viewer, filters) => regionStudentsSelect(db, viewer, filters as never),
  } as ExportKind<RegionStudentRow, unknown> as ExportKind<unknown, unknown>,
  [EXPORT_KIND.regionSchools]: {
    permissions: ["schools.total"],
    filters: regionSchoolFilters,
    fileName: "schools",
    replica: true,
    sheetName: "Schools",
    columns: schoolColumns,
    rows: (db, viewer, filters) => regionSchoolsForExport(db, viewer, filters as never),
  } as ExportKind<RegionSchoolRow, unknown> as ExportKind<unknown, unknown>,
};
