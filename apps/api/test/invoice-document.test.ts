import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type InvoiceDocument, renderInvoicePdf } from "../src/domains/payments/invoice-document";
import { invoiceTax, TAX_EXEMPT_NOTE } from "../src/domains/payments/invoice-tax";
import { createPdfRenderer } from "../src/kernel/pdf";

const pdf = createPdfRenderer();
afterAll(() => pdf.close());
const dir = mkdtempSync(path.join(tmpdir(), "invoice-test-"));

async function textOf(invoice: InvoiceDocument, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, await renderInvoicePdf(pdf, invoice));
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);
  const pageText = (page: number) =>
    execFileSync("pdftotext", ["-f", String(page), "-l", String(page), file, "-"], { encoding: "utf8" }).replace(
      /\s+/g,
      " ",
    );
  return {
    text: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " "),
    pages,
    byPage: Array.from({ length: pages }, (_, i) => pageText(i + 1)),
  };
}

const invoice: InvoiceDocument = {
  number: "2026-27/000017",
  issuedAt: new Date("2026-11-24T20:00:00Z"), // 25 November in India
  currency: "INR",
  issuer: {
    name: "Science Exam Programme Office",
    address: ["12 Science Marg", "New Delhi 110001"],
    email: "office@example.org",
  },
  billedTo: {
    name: "सरस्वती विद्या मंदिर",
    address: ["Civil Lines", "Nagpur, Maharashtra 440001"],
    email: "school@example.org",
  },
  order: { reference: "ORD-000042", paidWith: "online payment pay_Demo123" },
  tax: invoiceTax(45000, null),
  lines: [
    { description: "Asha Verma", detail: "Class VIII · Level 1 · Roll 27080000001", amountMinor: 15000 },
    { description: "रवि कुमार", detail: "Class IX · Level 1 · Roll 27090000002", amountMinor: 15000 },
    { description: "زینب خان", detail: "Class X · Level 1 · Roll 27100000003", amountMinor: 15000 },
  ],
  totalMinor: 45000,
};

describe("the invoice document", () => {
  it("prints its number, date, both parties, every student and the total, names as written", async () => {
    const { text, pages } = await textOf(invoice, "three");
    expect(pages).toBe(1);
    // pdftotext may split a shaped Indic word at a glyph boundary ("कु मार"): compare without spaces.
    const squash = (value: string) => value.replace(/[\s\u200e\u200f\u202a-\u202e]/g, "");
    for (const part of [
      "Invoice",
      "2026-27/000017",
      "25 November 2026",
      "ORD-000042",
      "Science Exam Programme Office",
      "सरस्वती विद्या मंदिर",
      "Asha Verma",
      "रवि कुमार",
      "Roll 27090000002",
      "₹450.00",
      "pay_Demo123",
      "3 items",
    ]) {
      expect(squash(text), part).toContain(squash(part));
    }
    // Urdu runs right to left; pdftotext gives its letters back in visual runs, so check each one.
    expect(text).toMatch(/ز/);
    expect(text).toMatch(/خ/);
    expect(text).not.toContain("Taxable value");
    expect(text).toContain(TAX_EXEMPT_NOTE);
    expect(text).toContain("Page 1 of 1");
  });

  it("says 1 item, not 1 items", async () => {
    const one = { ...invoice, lines: invoice.lines.slice(0, 1), totalMinor: 15000, tax: invoiceTax(15000, null) };
    expect((await textOf(one, "one")).text).toContain("1 item.");
  });

  it("prints the taxable value and the GST inside the total when the issuer is registered", async () => {
    const { text } = await textOf(
      { ...invoice, tax: invoiceTax(45000, { taxId: "07AAAAA0000A1Z5", rateBasisPoints: 1800 }) },
      "taxed",
    );
    expect(text).toContain("Taxable value ₹381.36");
    expect(text).toContain("GST @ 18% (included) ₹68.64");
    expect(text).toContain("Total paid ₹450.00");
    expect(text).not.toContain(TAX_EXEMPT_NOTE);
  });

  it("runs over several pages for a large school and keeps every line", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => ({
      description: `Student ${String(i + 1).padStart(3, "0")}`,
      detail: "Class VI · Level 1",
      amountMinor: 15000,
    }));
    const { text, pages, byPage } = await textOf(
      { ...invoice, lines, totalMinor: 400 * 15000, tax: invoiceTax(400 * 15000, null) },
      "large",
    );
    expect(pages).toBeGreaterThan(5);
    expect(text).toContain("Student 001");
    expect(text).toContain("Student 400");
    // The totals once, after the last line; every page numbered "Page n of N".
    expect(text.match(/Total paid/g)).toHaveLength(1);
    expect(byPage.at(-1)).toContain("Total paid ₹60,000.00");
    byPage.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages}`);
    });
    // A page after the first is full of lines: no room is kept for a repeated total.
    expect(byPage[1]?.match(/Student \d{3}/g)?.length).toBeGreaterThanOrEqual(20);
  });
});
