/**
 * What a payer sees of its payments: its orders (payment history) and the invoice of each paid
 * one. A payer is a school account (its school's own orders), a master institute (the orders it
 * placed for its schools) or a student paying for itself. Pay support and admins may open any
 * order's invoice.
 */

import { inGroup, ROLE, ROLE_GROUPS } from "@repo/auth/roles";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { PaymentHistoryQuery, PaymentHistoryRow } from "@repo/contracts/payment-history";
import { formatInvoiceNumber, isOpenOrder, orderReference, orderReleasesAt } from "@repo/contracts/payments-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { masterInstitutes, users } from "@repo/db/schema";
import { eq, type SQL, sql } from "drizzle-orm";
import { ApiError, notFound } from "../../kernel/http/errors";
import { findAccountScope, type SchoolScope } from "../schools/ownership";
import type { InvoiceDocument, InvoiceParty } from "./invoice-document";
import { invoiceTax } from "./invoice-tax";

export interface Payer {
  userId: number;
  roleId: number;
}

type PayerScope = SchoolScope | { kind: "student"; userId: number } | { kind: "staff" };

async function scopeOf(db: DbOrTx, payer: Payer): Promise<PayerScope> {
  if (payer.roleId === ROLE.paySupport || inGroup(ROLE_GROUPS.admins, payer.roleId)) return { kind: "staff" };
  const scope = await findAccountScope(db, payer);
  if (!scope) throw notFound("Payer");
  // A student's orders are those it placed itself (the pay-my-fee page).
  return scope.kind === "student" ? { kind: "student", userId: payer.userId } : scope;
}

/** The orders a scope owns. A school's own orders are those its school accounts placed, not its students'. */
function owns(scope: PayerScope): SQL {
  switch (scope.kind) {
    case "staff":
      return sql`true`;
    case "student":
      return sql`o.payer_user_id = ${scope.userId}`;
    case "institute":
      return sql`o.master_institute_id = ${scope.masterInstituteId}`;
    case "school":
      return sql`o.school_id = ${scope.schoolId} and o.master_institute_id is null
        and o.payer_user_id in (select id from users where school_id = ${scope.schoolId} and role_id in (${ROLE.school}, ${ROLE.institute}))`;
  }
}

/** The start of a day in India time, as an instant: filters count days as the payer lives them. */
const indiaDayStart = (day: string) => `${day}T00:00:00+05:30`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

interface OrderRow {
  id: number;
  purpose: PaymentHistoryRow["purpose"];
  status: PaymentHistoryRow["status"];
  currency: string;
  amount_minor: string | number;
  items: string | number;
  names: string[] | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  invoice_number: number | null;
  year_label: string;
  status_reason: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function summaryOf(names: string[], items: number): string {
  const shown = names.slice(0, 2).join(", ");
  return items > names.slice(0, 2).length ? `${shown} and ${items - Math.min(2, names.length)} more` : shown;
}

export async function listPaymentHistory(
  db: DbOrTx,
  payer: Payer,
  query: PaymentHistoryQuery,
): Promise<Page<PaymentHistoryRow>> {
  const scope = await scopeOf(db, payer);
  const from = query["created_at[from]"];
  const to = query["created_at[to]"];
  const where = sql.join(
    [
      owns(scope),
      from ? sql`o.created_at >= ${indiaDayStart(from)}::timestamptz` : undefined,
      to ? sql`o.created_at < ${indiaDayStart(nextDay(to))}::timestamptz` : undefined,
      query.status ? sql`o.status = ${query.status}` : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
  const offset = (query.page - 1) * query.per_page;
  const [rows, [count]] = await Promise.all([
    queryRows<OrderRow>(
      db,
      sql`select o.id, o.purpose, o.status, o.currency, o.amount_minor, o.created_at, o.paid_at,
            o.invoice_number, o.status_reason, y.label as year_label,
            (select count(*) from payment_order_items i where i.order_id = o.id) as items,
            (select array_agg(description order by i.id) from (
               select i.id, i.description from payment_order_items i where i.order_id = o.id order by i.id limit 2
             ) i) as names
          from payment_orders o join exam_years y on y.id = o.exam_year_id
          where ${where}
          order by o.created_at desc, o.id desc
          limit ${query.per_page} offset ${offset}`,
    ),
    queryRows<{ total: string | number }>(db, sql`select count(*) as total from payment_orders o where ${where}`),
  ]);
  const items = rows.map(
    (row): PaymentHistoryRow => ({
      id: row.id,
      reference: orderReference(row.id),
      purpose: row.purpose,
      status: row.status,
      amount: { currency: row.currency, amount_minor: Number(row.amount_minor) },
      items: Number(row.items),
      summary: summaryOf(row.names ?? [], Number(row.items)),
      created_at: iso(row.created_at) ?? "",
      paid_at: iso(row.paid_at),
      invoice_number: row.invoice_number === null ? null : formatInvoiceNumber(row.year_label, row.invoice_number),
      status_reason: row.status_reason,
      releases_at: isOpenOrder(row.status) ? orderReleasesAt(row.created_at).toISOString() : null,
    }),
  );
  return pageOf(items, Number(count?.total ?? 0), query.page, query.per_page);
}

/** Who issues invoices: the programme office (ApiConfig.invoiceIssuer), with the GST rate its fees include. */
export type InvoiceIssuer = InvoiceParty & { taxRateBasisPoints?: number | null };

/**
 * The invoice of one paid order as its document, or 404 when the payer does not own the order
 * (another school's order is as absent as a missing one) and 409 when it is not paid.
 */
export async function invoiceOf(
  db: DbOrTx,
  payer: Payer,
  orderId: number,
  issuer: InvoiceIssuer,
): Promise<{ document: InvoiceDocument; fileName: string }> {
  const scope = await scopeOf(db, payer);
  const [order] = await queryRows<{
    id: number;
    status: string;
    currency: string;
    amount_minor: string | number;
    paid_at: Date | string | null;
    invoice_number: number | null;
    year_label: string;
    provider: string;
    provider_payment_id: string | null;
    manual_reference: string | null;
    school_id: number | null;
    master_institute_id: number | null;
    payer_user_id: number;
  }>(
    db,
    sql`select o.id, o.status, o.currency, o.amount_minor, o.paid_at, o.invoice_number, y.label as year_label,
          o.provider, o.provider_payment_id, o.manual_reference, o.school_id, o.master_institute_id, o.payer_user_id
        from payment_orders o join exam_years y on y.id = o.exam_year_id
        where o.id = ${orderId} and ${owns(scope)}`,
  );
  if (!order) throw notFound(`Order ${orderReference(orderId)}`);
  if (order.invoice_number === null || order.paid_at === null) {
    throw new ApiError(
      409,
      `Order ${orderReference(orderId)} is not paid, so it has no invoice yet. The invoice is ready as soon as the payment is confirmed.`,
    );
  }
  const lines = await queryRows<{
    description: string;
    amount_minor: number;
    class_level: number | null;
    roll_number: string | null;
    exam_level: string | null;
  }>(
    db,
    sql`select i.description, i.amount_minor, s.class_level, s.roll_number, i.exam_level
        from payment_order_items i left join students s on s.id = i.student_id
        where i.order_id = ${orderId} order by i.id`,
  );
  const number = formatInvoiceNumber(order.year_label, order.invoice_number);
  const document: InvoiceDocument = {
    number,
    issuedAt: new Date(order.paid_at),
    currency: order.currency,
    issuer,
    billedTo: await billedTo(db, order),
    order: {
      reference: orderReference(order.id),
      paidWith: order.manual_reference
        ? `payment recorded by pay support, reference ${order.manual_reference}`
        : `online payment ${order.provider_payment_id ?? ""}`.trim(),
    },
    lines: lines.map((line) => ({
      description: line.description,
      detail:
        line.class_level === null
          ? null
          : [
              classLabel(line.class_level),
              line.exam_level === "level1" ? "Level 1" : line.exam_level === "level2" ? "Level 2" : null,
              line.roll_number ? `Roll ${line.roll_number}` : null,
            ]
              .filter(Boolean)
              .join(" · "),
      amountMinor: line.amount_minor,
    })),
    tax: invoiceTax(
      Number(order.amount_minor),
      issuer.taxId && issuer.taxRateBasisPoints != null
        ? { taxId: issuer.taxId, rateBasisPoints: issuer.taxRateBasisPoints }
        : null,
    ),
    totalMinor: Number(order.amount_minor),
  };
  return { document, fileName: `invoice-${number.replace(/[^\w-]+/g, "-")}.pdf` };
}

async function billedTo(
  db: DbOrTx,
  order: { school_id: number | null; master_institute_id: number | null; payer_user_id: number },
): Promise<InvoiceParty> {
  if (order.master_institute_id !== null) {
    const [institute] = await db
      .select({ name: masterInstitutes.name, email: masterInstitutes.email, phone: masterInstitutes.contactPhone })
      .from(masterInstitutes)
      .where(eq(masterInstitutes.id, order.master_institute_id));
    return {
      name: institute?.name ?? "Master institute",
      address: [],
      email: institute?.email,
      phone: institute?.phone,
    };
  }
  const [school] = await queryRows<{
    name: string;
    address: string | null;
    pincode: string | null;
    city: string | null;
    state: string | null;
    email: string;
    contact_phone: string | null;
  }>(
    db,
    sql`select s.name, s.address, s.pincode, c.name as city, st.name as state, s.email, s.contact_phone
        from schools s left join cities c on c.id = s.city_id left join states st on st.id = s.state_id
        where s.id = ${order.school_id}`,
  );
  const [payer] = await db
    .select({ name: users.name, roleId: users.roleId, email: users.email })
    .from(users)
    .where(eq(users.id, order.payer_user_id));
  const place = [school?.city, [school?.state, school?.pincode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const schoolAddress = [school?.address, place].filter((line): line is string => Boolean(line));
  if (payer?.roleId === ROLE.student) {
    // A student paying for itself is billed by name, at its school.
    return { name: payer.name, address: school ? [school.name, ...schoolAddress] : [], email: payer.email };
  }
  return { name: school?.name ?? "School", address: schoolAddress, email: school?.email, phone: school?.contact_phone };
}
