import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountDue, formatMoney, minorDigits } from "./fees";

const currency = fc.constantFrom("INR", "AED", "BHD", "KWD", "OMR", "QAR", "SAR");
const fee = fc.record({ currency, amount_minor: fc.integer({ min: 1, max: 10_000_000 }) });
const count = fc.integer({ min: 0, max: 1_000_000 });

describe("amountDue", () => {
  it("is the count times the fee, in the fee's currency", () => {
    expect(amountDue(40, { currency: "INR", amount_minor: 15000 })).toEqual({ currency: "INR", amount_minor: 600000 });
    fc.assert(
      fc.property(count, fee, (n, f) => {
        expect(amountDue(n, f)).toEqual({ currency: f.currency, amount_minor: n * f.amount_minor });
      }),
    );
  });

  it("adds up: two groups of students owe what they owe together, and nobody owes nothing", () => {
    fc.assert(
      fc.property(count, count, fee, (a, b, f) => {
        const apart = (amountDue(a, f)?.amount_minor ?? 0) + (amountDue(b, f)?.amount_minor ?? 0);
        expect(amountDue(a + b, f)?.amount_minor).toBe(apart);
        expect(Number.isInteger(apart)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fee, (f) => {
        expect(amountDue(0, f)?.amount_minor).toBe(0);
      }),
    );
  });

  it("is null when no fee is set, whatever the count", () => {
    fc.assert(
      fc.property(count, (n) => {
        expect(amountDue(n, null)).toBeNull();
      }),
    );
  });

  it("refuses counts and fees that are not whole numbers, and sums past exact integers", () => {
    const inr = { currency: "INR", amount_minor: 15000 };
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => amountDue(bad, inr), String(bad)).toThrow(RangeError);
    }
    for (const bad of [0, -100, 12.5]) {
      expect(() => amountDue(3, { currency: "INR", amount_minor: bad }), String(bad)).toThrow(RangeError);
    }
    expect(() => amountDue(Number.MAX_SAFE_INTEGER, inr)).toThrow(/too large/);
  });
});

describe("formatMoney", () => {
  it("writes the currency's own decimals with Indian grouping", () => {
    expect(formatMoney({ currency: "INR", amount_minor: 15000 })).toBe("₹150.00");
    expect(formatMoney({ currency: "INR", amount_minor: 12345600 })).toBe("₹1,23,456.00");
    expect(formatMoney({ currency: "AED", amount_minor: 2500 })).toBe("AED\u00a025.00");
    expect(formatMoney({ currency: "BHD", amount_minor: 2500 })).toBe("BHD\u00a02.500");
    expect(formatMoney({ currency: "AED", amount_minor: 2500 }, "en-US")).toBe("AED\u00a025.00");
  });

  it("knows each Gulf currency's minor unit", () => {
    expect(["INR", "AED", "QAR", "SAR", "BHD", "KWD", "OMR"].map(minorDigits)).toEqual([2, 2, 2, 2, 3, 3, 3]);
  });

  it("never loses a minor unit on the way to text", () => {
    fc.assert(
      fc.property(fee, (f) => {
        const digits = minorDigits(f.currency);
        const shown = formatMoney(f, "en-US").replace(/[^\d]/g, "");
        expect(Number(shown)).toBe(f.amount_minor);
        expect(shown.length).toBeGreaterThan(digits);
      }),
    );
  });
});
