import { parseEnv } from "@repo/contracts/env";
import { describe, expect, it } from "vitest";
import { apiEnvSchema } from "../../env";
import { includedTax, invoiceTax, ratePercentLabel, TAX_EXEMPT_NOTE } from "./invoice-tax";

describe("the tax inside an invoice's total", () => {
  it("splits a tax-inclusive total into taxable value and tax that add up to it exactly", () => {
    // ₹450.00 at 18%: 45000 / 1.18 = 38135.59… → 38136 paise, tax 6864.
    expect(includedTax(45000, 1800)).toEqual({ taxableMinor: 38136, taxMinor: 6864 });
    for (const total of [1, 99, 15000, 45000, 123457, 6_000_000]) {
      for (const rate of [0, 500, 1200, 1800, 2800, 1250]) {
        const { taxableMinor, taxMinor } = includedTax(total, rate);
        expect(taxableMinor + taxMinor).toBe(total);
        expect(Math.abs(taxableMinor * (10000 + rate) - total * 10000)).toBeLessThanOrEqual((10000 + rate) / 2);
      }
    }
  });

  it("rounds the taxable value half up to the paisa", () => {
    // 59 / 1.18 = 50 exactly; 1 / 1.18 = 0.847… → 1; 2950 at 18% = 2500 exactly.
    expect(includedTax(59, 1800)).toEqual({ taxableMinor: 50, taxMinor: 9 });
    expect(includedTax(1, 1800)).toEqual({ taxableMinor: 1, taxMinor: 0 });
    // 105 at 5%: 100 exactly; 21 at 5%: 20 exactly; 3 at 20% = 2.5 → 3 (half up).
    expect(includedTax(3, 2000)).toEqual({ taxableMinor: 3, taxMinor: 0 });
  });

  it("stays exact for totals past a JavaScript number's safe product", () => {
    const total = 9_000_000_000_000; // ₹9,000 crore in paise: total × 10,000 is past 2^53
    const { taxableMinor, taxMinor } = includedTax(total, 1800);
    expect(taxableMinor + taxMinor).toBe(total);
    expect(taxableMinor).toBe(7_627_118_644_068);
  });

  it("refuses amounts that are not whole paise", () => {
    expect(() => includedTax(10.5, 1800)).toThrow(RangeError);
    expect(() => includedTax(-1, 1800)).toThrow(RangeError);
  });

  it("gives a GST line with the rate when the issuer is registered, else the exempt note", () => {
    expect(invoiceTax(45000, { taxId: "07AAAAA0000A1Z5", rateBasisPoints: 1800 })).toEqual({
      kind: "included",
      taxableMinor: 38136,
      lines: [{ label: "GST @ 18% (included)", amountMinor: 6864 }],
    });
    expect(invoiceTax(45000, null)).toEqual({ kind: "exempt", note: TAX_EXEMPT_NOTE });
    expect(ratePercentLabel(1250)).toBe("12.5");
    expect(ratePercentLabel(25)).toBe("0.25");
  });
});

describe("the tax configuration", () => {
  const parse = (env: Record<string, string>) => parseEnv("api", apiEnvSchema, env);
  it("reads the rate once, as basis points, beside the issuer's tax number", () => {
    const env = parse({ INVOICE_ISSUER_TAX_ID: "07AAAAA0000A1Z5", INVOICE_TAX_RATE_PERCENT: "18" });
    expect(env.INVOICE_TAX_RATE_PERCENT).toBe(1800);
    expect(parse({ INVOICE_ISSUER_TAX_ID: "x", INVOICE_TAX_RATE_PERCENT: "12.5" }).INVOICE_TAX_RATE_PERCENT).toBe(1250);
    expect(parse({}).INVOICE_TAX_RATE_PERCENT).toBeUndefined();
  });

  it("refuses a rate without a tax number, and a rate that is not a percentage, naming the variable", () => {
    expect(() => parse({ INVOICE_TAX_RATE_PERCENT: "18" })).toThrow(/INVOICE_ISSUER_TAX_ID/);
    expect(() => parse({ INVOICE_ISSUER_TAX_ID: "x", INVOICE_TAX_RATE_PERCENT: "18%" })).toThrow(
      /INVOICE_TAX_RATE_PERCENT/,
    );
  });
});
