import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import {
  gccSchoolListQuery,
  type InstituteSchoolRow,
  instituteSchoolListQuery,
  type MasterInstituteRow,
  masterInstituteListQuery,
} from "@repo/contracts/master-institutes";
import { SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import type { ExportColumn, ExportKind } from "../../kernel/exports/kinds";
import { instituteOf, listSchoolsForExport } from "./institute-schools";
import { listMasterInstitutesForExport } from "./master-institutes";

/**
 * The exports of the master institutes feature: LMS's institutes and GCC schools, and a master
 * institute's own schools. Each is scoped exactly like its list.
 */

const day = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);
const money = (row: InstituteSchoolRow) => (row.amount_due ? row.amount_due.amount_minor / 100 : null);

const schoolColumns: ExportColumn<InstituteSchoolRow>[] = [
  { header: "School id", value: (s) => s.id, width: 10 },
  { header: "School", value: (s) => s.name, width: 32 },
  { header: "Category", value: (s) => SCHOOL_CATEGORIES.find((c) => c.id === s.category_id)?.name ?? null, width: 14 },
  { header: "Username", value: (s) => s.username, width: 16 },
  { header: "E-mail", value: (s) => s.email, width: 28 },
  { header: "Contact", value: (s) => s.contact_name, width: 20 },
  { header: "Phone", value: (s) => s.contact_phone, width: 16 },
  { header: "State", value: (s) => s.state, width: 16 },
  { header: "District", value: (s) => s.district, width: 16 },
  { header: "City", value: (s) => s.city, width: 16 },
  { header: "PIN code", value: (s) => s.pincode, width: 10 },
  { header: "Master institute", value: (s) => s.master_institute, width: 24 },
  { header: "Students", value: (s) => s.students, width: 10 },
  { header: "Paid", value: (s) => s.paid, width: 8 },
  { header: "Pending", value: (s) => s.pending, width: 8 },
  { header: "Unpaid", value: (s) => s.unpaid, width: 8 },
  { header: "Currency", value: (s) => s.amount_due?.currency ?? null, width: 8 },
  { header: "Amount due", value: money, width: 12 },
  { header: "Active", value: (s) => (s.is_active ? "Yes" : "No"), width: 8 },
  { header: "Registered on", value: (s) => day(s.created_at), width: 14 },
];

const instituteColumns: ExportColumn<MasterInstituteRow>[] = [
  { header: "Institute id", value: (i) => i.id, width: 10 },
  { header: "Master institute", value: (i) => i.name, width: 32 },
  { header: "Username", value: (i) => i.username, width: 16 },
  { header: "E-mail", value: (i) => i.email, width: 28 },
  { header: "Contact", value: (i) => i.contact_name, width: 20 },
  { header: "Phone", value: (i) => i.contact_phone, width: 16 },
  { header: "Schools", value: (i) => i.schools, width: 10 },
  { header: "Students", value: (i) => i.students, width: 10 },
  { header: "Paid students", value: (i) => i.paid_students, width: 12 },
  { header: "Active", value: (i) => (i.is_active ? "Yes" : "No"), width: 8 },
  { header: "Created on", value: (i) => day(i.created_at), width: 14 },
];

const defineExport = <Row, Filters>(kind: ExportKind<Row, Filters>) => kind as ExportKind<unknown, unknown>;

export const INSTITUTE_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.masterInstitutes]: defineExport({
    permissions: ["masterInstitutes.manage"],
    filters: masterInstituteListQuery.omit({ page: true, per_page: true }),
    fileName: "master-institutes",
    sheetName: "Master institutes",
    columns: instituteColumns,
    rows: (db, _viewer, filters) => listMasterInstitutesForExport(db, filters),
  }),
  [EXPORT_KIND.instituteSchools]: defineExport({
    permissions: ["institute.schools.manage"],
    filters: instituteSchoolListQuery.omit({ page: true, per_page: true }),
    fileName: "schools",
    sheetName: "Schools",
    columns: schoolColumns,
    rows: async function* (db, viewer, filters) {
      const masterInstituteId = await instituteOf(db, viewer);
      yield* listSchoolsForExport(db, { kind: "institute", masterInstituteId }, filters);
    },
  }),
  [EXPORT_KIND.gccSchools]: defineExport({
    permissions: ["schools.gcc"],
    filters: gccSchoolListQuery.omit({ page: true, per_page: true }),
    fileName: "gcc-schools",
    sheetName: "GCC schools",
    columns: schoolColumns,
    rows: (db, _viewer, filters) => listSchoolsForExport(db, { kind: "gcc" }, filters),
  }),
};
