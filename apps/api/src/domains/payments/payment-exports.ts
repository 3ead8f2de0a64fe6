import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import {
  type SchoolBalanceRow,
  type SupportOrderRow,
  schoolBalanceQuery,
  supportOrderQuery,
} from "@repo/contracts/pay-support";
import {
  CAPTURE_OUTCOME_NAMES,
  ORDER_STATUS_NAMES,
  RAISED_REQUEST_STATUS_NAMES,
} from "@repo/contracts/payments-constants";
import { type RaisedRequestRow, raisedRequestQuery } from "@repo/contracts/raised-requests";
import type { ExportColumn, ExportKind } from "../../kernel/exports/kinds";
import { supportOrdersForExport } from "./pay-support";
import { raisedRequestsForExport } from "./raised-requests";
import { schoolBalancesForExport } from "./school-balances";

/** The pay-support desk's lists (orders, raised requests) as XLSX and CSV. */

const when = (iso: string | null) => (iso ? new Date(iso) : null);
/** Minor units as the currency's main unit: spreadsheets sum them as money. */
const major = (minor: number) => minor / 100;

const orderColumns: ExportColumn<SupportOrderRow>[] = [
  { header: "Order", value: (o) => o.reference, width: 12 },
  { header: "Created", value: (o) => when(o.created_at), width: 18 },
  { header: "Status", value: (o) => ORDER_STATUS_NAMES[o.status], width: 12 },
  { header: "Payer", value: (o) => o.payer_name, width: 30 },
  { header: "Payer username", value: (o) => o.payer_username, width: 18 },
  { header: "Referred by", value: (o) => o.referred_by, width: 30 },
  { header: "Students", value: (o) => o.students, width: 10 },
  { header: "For", value: (o) => o.summary, width: 40 },
  { header: "Currency", value: (o) => o.amount.currency, width: 9 },
  { header: "Amount", value: (o) => major(o.amount.amount_minor), width: 12 },
  { header: "Gateway", value: (o) => o.provider, width: 10 },
  { header: "Paid", value: (o) => when(o.paid_at), width: 18 },
  { header: "Invoice", value: (o) => o.invoice_number, width: 16 },
  { header: `${CAPTURE_OUTCOME_NAMES.mismatch}`, value: (o) => o.mismatches, width: 14 },
  { header: "Refunds due", value: (o) => o.refunds_due, width: 12 },
  { header: "Note", value: (o) => o.status_reason, width: 40 },
];

const requestColumns: ExportColumn<RaisedRequestRow & { message: string }>[] = [
  { header: "Request", value: (r) => r.id, width: 9 },
  { header: "Raised", value: (r) => when(r.created_at), width: 18 },
  { header: "Status", value: (r) => RAISED_REQUEST_STATUS_NAMES[r.status], width: 12 },
  { header: "Requester", value: (r) => r.requester_name, width: 30 },
  { header: "Username", value: (r) => r.requester_username, width: 18 },
  { header: "Order", value: (r) => r.order_reference, width: 12 },
  { header: "Subject", value: (r) => r.subject, width: 36 },
  { header: "Message", value: (r) => r.message, width: 60 },
  { header: "Attachment", value: (r) => (r.has_attachment ? "Yes" : "No"), width: 11 },
  { header: "Last change", value: (r) => when(r.updated_at), width: 18 },
];

const balanceColumns: ExportColumn<SchoolBalanceRow>[] = [
  { header: "School id", value: (b) => b.school_id, width: 10 },
  { header: "School", value: (b) => b.name, width: 34 },
  { header: "Username", value: (b) => b.username, width: 18 },
  { header: "State", value: (b) => b.state, width: 18 },
  { header: "Students", value: (b) => b.students, width: 10 },
  { header: "Paid", value: (b) => b.paid, width: 8 },
  { header: "Payment not finished", value: (b) => b.pending, width: 12 },
  { header: "Unpaid", value: (b) => b.unpaid, width: 8 },
  { header: "Currency", value: (b) => b.paid_amount.currency, width: 9 },
  { header: "Amount paid", value: (b) => major(b.paid_amount.amount_minor), width: 14 },
  { header: "Amount due", value: (b) => (b.due_amount ? major(b.due_amount.amount_minor) : null), width: 14 },
];

const defineExport = <Row, Filters>(kind: ExportKind<Row, Filters>) => kind as ExportKind<unknown, unknown>;

export const PAYMENT_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.supportOrders]: defineExport({
    // Admins read Student Payments (to refund an order) and export it like pay support.
    permissions: ["paySupport.orders"],
    filters: supportOrderQuery.omit({ page: true, per_page: true }),
    fileName: "orders",
    sheetName: "Orders",
    columns: orderColumns,
    rows: (db, _viewer, filters) => supportOrdersForExport(db, filters),
  }),
  [EXPORT_KIND.schoolBalances]: defineExport({
    permissions: ["paySupport.manage"],
    filters: schoolBalanceQuery.omit({ page: true, per_page: true }),
    fileName: "school-balances",
    sheetName: "School balances",
    columns: balanceColumns,
    rows: (db, _viewer, filters) => schoolBalancesForExport(db, filters),
  }),
  [EXPORT_KIND.raisedRequests]: defineExport({
    permissions: ["raisedRequests.view"],
    filters: raisedRequestQuery.omit({ page: true, per_page: true }),
    fileName: "raised-requests",
    sheetName: "Raised requests",
    columns: requestColumns,
    rows: (db, viewer, filters) => raisedRequestsForExport(db, viewer, filters),
  }),
};
