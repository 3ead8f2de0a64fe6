/**
 * The invoice of a paid order as an HTML document for the PDF service: numbered, the programme's
 * and the payer's details, one line per student (or study material), then once, after the last
 * line, the tax lines (or the exempt note, invoice-tax.ts) and the total, and how it was paid; each
 * page says "Page n of N". Names print as their owners wrote them, in any script
 * (`dir="auto"` lets an Urdu name run right to left inside a left-to-right invoice).
 * A pure function: the route gathers the data, this lays it out.
 */
import { formatMoney } from "@repo/contracts/fees";
import { PORTAL_LOCALE, PORTAL_TIME_ZONE } from "@repo/contracts/locale";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { escapeHtml, fontFaceCss, footerFontCss, PDF_FONT_STACK, type PdfRenderer } from "../../kernel/pdf";
import type { InvoiceTax } from "./invoice-tax";

export interface InvoiceParty {
  name: string;
  /** Lines of the postal address, in order. */
  address: string[];
  email?: string | null;
  phone?: string | null;
  /** A tax registration (GSTIN) when there is one. */
  taxId?: string | null;
}

export interface InvoiceLine {
  description: string;
  /** A second, smaller line: class and roll number, or a material's language. */
  detail?: string | null;
  amountMinor: number;
}

export interface InvoiceDocument {
  /** As printed, e.g. "2026-27/000017". */
  number: string;
  /** When the order was paid. */
  issuedAt: Date;
  currency: string;
  issuer: InvoiceParty;
  billedTo: InvoiceParty;
  /** The order's reference and how it was paid: a gateway payment id, or a reference given by hand. */
  order: { reference: string; paidWith: string };
  lines: InvoiceLine[];
  /** The tax inside the total, or the exempt note (invoiceTax). */
  tax: InvoiceTax;
  totalMinor: number;
}

const money = (currency: string, amountMinor: number) => formatMoney({ currency, amount_minor: amountMinor });
const date = (value: Date) =>
  new Intl.DateTimeFormat(PORTAL_LOCALE, { dateStyle: "long", timeZone: PORTAL_TIME_ZONE }).format(value);

function party(title: string, who: InvoiceParty): string {
  const lines = [
    ...who.address,
    who.email ? `E-mail: ${who.email}` : null,
    who.phone ? `Phone: ${who.phone}` : null,
    who.taxId ? `GSTIN: ${who.taxId}` : null,
  ].filter((line): line is string => Boolean(line));
  return `<section class="party"><h2>${escapeHtml(title)}</h2><p class="name" dir="auto">${escapeHtml(who.name)}</p>${lines
    .map((line) => `<p dir="auto">${escapeHtml(line)}</p>`)
    .join("")}</section>`;
}

/** The whole document; `fontCss` is the PDF service's @font-face rules (fontFaceCss()). */
export function invoiceHtml(invoice: InvoiceDocument, fontCss: string): string {
  const amount = (minor: number) => escapeHtml(money(invoice.currency, minor));
  const rows = invoice.lines
    .map(
      (line, i) =>
        `<tr><td class="num">${i + 1}</td><td><span dir="auto">${escapeHtml(line.description)}</span>${
          line.detail ? `<br><small dir="auto">${escapeHtml(line.detail)}</small>` : ""
        }</td><td class="amount">${amount(line.amountMinor)}</td></tr>`,
    )
    .join("");
  const totalRow = (label: string, minor: number, className = "") =>
    `<tr${className ? ` class="${className}"` : ""}><th>${escapeHtml(label)}</th><td class="amount">${amount(minor)}</td></tr>`;
  // The totals are a table of their own after the lines: a <tfoot> would repeat on every page.
  const totals =
    invoice.tax.kind === "included"
      ? [
          totalRow("Taxable value", invoice.tax.taxableMinor),
          ...invoice.tax.lines.map((line) => totalRow(line.label, line.amountMinor)),
          totalRow("Total paid", invoice.totalMinor, "total"),
        ].join("")
      : `${totalRow("Total paid", invoice.totalMinor, "total")}<tr class="note"><td colspan="2">${escapeHtml(invoice.tax.note)}</td></tr>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.number)}</title>
<style>
${fontCss}
* { box-sizing: border-box; }
body { font-family: ${PDF_FONT_STACK}; font-size: 10pt; color: #1b1f24; margin: 0; }
header { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 2px solid #2f9e6a; padding-bottom: 8pt; }
h1 { font-size: 20pt; margin: 0; color: #2f9e6a; }
h2 { font-size: 9pt; text-transform: uppercase; letter-spacing: .05em; color: #5b6470; margin: 0 0 4pt; }
p { margin: 0 0 2pt; }
.name { font-weight: 600; font-size: 11pt; }
.meta { text-align: right; }
.parties { display: flex; gap: 24pt; margin: 14pt 0; }
.party { flex: 1; }
table { width: 100%; border-collapse: collapse; }
thead th { text-align: left; font-size: 9pt; color: #5b6470; border-bottom: 1px solid #c9ced6; padding: 4pt; }
td { padding: 4pt; border-bottom: 1px solid #eceff3; vertical-align: top; }
tr { break-inside: avoid; }
small { color: #5b6470; }
.num { width: 28pt; color: #5b6470; }
.amount { text-align: right; white-space: nowrap; width: 90pt; }
.totals { width: auto; margin: 6pt 0 0 auto; break-inside: avoid; }
.totals th { text-align: right; font-weight: 400; padding: 4pt 12pt 4pt 4pt; }
.totals .total th, .totals .total td { font-weight: 600; font-size: 11pt; border-top: 2px solid #1b1f24; border-bottom: 0; }
.totals .note td { text-align: right; font-size: 8.5pt; color: #5b6470; border: 0; }
footer { margin-top: 16pt; font-size: 8.5pt; color: #5b6470; }
</style></head>
<body>
<header>
  <div><p class="name" dir="auto">${escapeHtml(invoice.issuer.name)}</p></div>
  <div class="meta"><h1>Invoice</h1>
    <p>No. <strong>${escapeHtml(invoice.number)}</strong></p>
    <p>Date: ${escapeHtml(date(invoice.issuedAt))}</p>
    <p>Order: ${escapeHtml(invoice.order.reference)}</p></div>
</header>
<div class="parties">${party("From", invoice.issuer)}${party("Billed to", invoice.billedTo)}</div>
<table>
  <thead><tr><th class="num">#</th><th>Description</th><th class="amount">Amount</th></tr></thead>
  <tbody>${rows}</tbody>
</table>
<table class="totals" aria-label="Totals"><tbody>${totals}</tbody></table>
<footer>
  <p>Paid with: ${escapeHtml(invoice.order.paidWith)}. ${escapeHtml(countOf(invoice.lines.length, COUNTED.item))}.</p>
  <p>This invoice was issued by the portal and is valid without a signature.</p>
</footer>
</body></html>`;
}

/** Every page's foot: the invoice's number and "Page n of N" (Chromium fills the numbers in). */
export function invoiceFooterTemplate(invoice: InvoiceDocument): string {
  return `<style>${footerFontCss()}</style><div dir="ltr" style="font-family:'PDF Footer Sans',sans-serif;font-size:8pt;color:#5b6470;box-sizing:border-box;width:100%;padding:0 12mm;display:flex;justify-content:space-between"><span>Invoice ${escapeHtml(invoice.number)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}

/** The invoice as an A4 PDF, with room at the foot of each page for its page number. */
export async function renderInvoicePdf(renderer: PdfRenderer, invoice: InvoiceDocument): Promise<Uint8Array> {
  return renderer.render(invoiceHtml(invoice, await fontFaceCss()), {
    format: "A4",
    margin: { top: "12mm", right: "12mm", bottom: "16mm", left: "12mm" },
    footerTemplate: invoiceFooterTemplate(invoice),
  });
}
