import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { EXAM_LEVELS } from "@repo/contracts/fees";
import {
  type LedgerEntry,
  ledgerListQuery,
  type ReferredStudentRow,
  referredStudentListQuery,
} from "@repo/contracts/referrals";
import { LEDGER_KIND_NAMES, ledgerStatusName, referralStatusName } from "@repo/contracts/referrals-constants";
import { classLabel, paymentStatusName } from "@repo/contracts/students-constants";
import type { ExportColumn, ExportKind } from "../../kernel/exports/kinds";
import { ledgerForExport } from "./referral-ledger";
import { referredStudentsForExport } from "./referrals";

/** The referred-students list (schools) and the commission ledger (admins), as XLSX and CSV. */

const day = (iso: string | null) => (iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`) : null);
/** Paise as rupees: spreadsheets sum them as money. */
const rupees = (minor: number) => minor / 100;
const levelName = (code: string) => EXAM_LEVELS.find((l) => l.code === code)?.name ?? code;

const referredColumns: ExportColumn<ReferredStudentRow>[] = [
  { header: "Student id", value: (s) => s.id, width: 10 },
  { header: "First name", value: (s) => s.first_name, width: 20 },
  { header: "Last name", value: (s) => s.last_name, width: 20 },
  { header: "Class", value: (s) => classLabel(s.class_level), width: 8 },
  { header: "Student's school", value: (s) => s.school_name, width: 30 },
  { header: "Phone", value: (s) => s.phone, width: 16 },
  { header: "E-mail", value: (s) => s.email, width: 28 },
  { header: "Referral", value: (s) => referralStatusName(s.referral_status), width: 10 },
  { header: "Reason", value: (s) => s.referral_reason, width: 30 },
  { header: "Payment", value: (s) => paymentStatusName(s.payment_status), width: 10 },
  { header: "Roll number", value: (s) => s.roll_number, width: 14 },
  { header: "Commission (INR)", value: (s) => rupees(s.commission_minor), width: 14 },
  { header: "Registered on", value: (s) => day(s.created_at), width: 14 },
];

const ledgerColumns: ExportColumn<LedgerEntry>[] = [
  { header: "Entry id", value: (e) => e.id, width: 10 },
  { header: "School", value: (e) => e.school_name, width: 30 },
  { header: "Student", value: (e) => e.student_name, width: 24 },
  { header: "Exam level", value: (e) => levelName(e.exam_level), width: 12 },
  { header: "Kind", value: (e) => LEDGER_KIND_NAMES[e.kind], width: 12 },
  { header: "Amount (INR)", value: (e) => rupees(e.amount_minor), width: 12 },
  { header: "Status", value: (e) => ledgerStatusName(e.status), width: 10 },
  { header: "Earned on", value: (e) => day(e.earned_at), width: 14 },
  { header: "Approved on", value: (e) => day(e.approved_at), width: 14 },
  { header: "Payout reference", value: (e) => e.payout_reference, width: 18 },
];

/** Keeps each kind's row type tied to its columns while the registry holds them side by side. */
const define = <Row, Filters>(kind: ExportKind<Row, Filters>) => kind as unknown as ExportKind<unknown, unknown>;

export const REFERRAL_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.referredStudents]: define({
    permissions: ["students.referred"],
    filters: referredStudentListQuery.omit({ page: true, per_page: true }),
    fileName: "referred-students",
    sheetName: "Referred students",
    columns: referredColumns,
    rows: (db, viewer, filters) => referredStudentsForExport(db, viewer.userId, filters),
  }),
  [EXPORT_KIND.referralLedger]: define({
    permissions: ["referrals.manage"],
    filters: ledgerListQuery.omit({ page: true, per_page: true }),
    fileName: "referral-ledger",
    sheetName: "Commission ledger",
    columns: ledgerColumns,
    rows: (db, _viewer, filters) => ledgerForExport(db, filters),
  }),
};
