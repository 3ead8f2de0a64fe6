/**
 * The tax lines of an invoice (issue 35 item 8, decision 054). The fee a payer pays is the fee
 * table's, tax included: an invoice shows how much of it is tax, never adds tax on top. All in
 * paise (the currency's minor unit), in integers: the taxable value is total × 100 / (100 + rate),
 * rounded half up to the paisa, and the tax is the rest, so the lines always add up to what was paid.
 * Without the issuer's tax number and rate (INVOICE_ISSUER_TAX_ID, INVOICE_TAX_RATE_PERCENT) the
 * invoice says it is exempt.
 */

/** The issuer's GST registration: its number and its rate in basis points (18% = 1800). */
export interface TaxRegistration {
  taxId: string;
  rateBasisPoints: number;
}

export type InvoiceTax =
  | { kind: "included"; taxableMinor: number; lines: { label: string; amountMinor: number }[] }
  | { kind: "exempt"; note: string };

export const TAX_EXEMPT_NOTE = "Tax: exempt. No GST is charged on this invoice.";

/** "18", "12.5", "0.25": a rate in basis points as people write percentages. */
export function ratePercentLabel(rateBasisPoints: number): string {
  const whole = Math.trunc(rateBasisPoints / 100);
  const hundredths = rateBasisPoints % 100;
  return hundredths === 0 ? String(whole) : `${whole}.${String(hundredths).padStart(2, "0").replace(/0$/, "")}`;
}

/** The taxable value and the tax inside a tax-inclusive total, in whole minor units (see the file's note). */
export function includedTax(totalMinor: number, rateBasisPoints: number): { taxableMinor: number; taxMinor: number } {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) throw new RangeError("totalMinor must be whole paise");
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0) throw new RangeError("rate must be basis points");
  // BigInt: total × 10,000 passes 2^53 for totals above ₹9 crore.
  const total = BigInt(totalMinor);
  const divisor = 10_000n + BigInt(rateBasisPoints);
  const taxable = (total * 10_000n * 2n + divisor) / (divisor * 2n); // half up
  return { taxableMinor: Number(taxable), taxMinor: totalMinor - Number(taxable) };
}

/** What an invoice of `totalMinor` says about tax, given the issuer's registration or none. */
export function invoiceTax(totalMinor: number, registration: TaxRegistration | null): InvoiceTax {
  if (!registration) return { kind: "exempt", note: TAX_EXEMPT_NOTE };
  const { taxableMinor, taxMinor } = includedTax(totalMinor, registration.rateBasisPoints);
  return {
    kind: "included",
    taxableMinor,
    lines: [{ label: `GST @ ${ratePercentLabel(registration.rateBasisPoints)}% (included)`, amountMinor: taxMinor }],
  };
}
