import { describe, expect, it } from "vitest";
import { canMoveOrder, formatInvoiceNumber, orderIdOf, orderReference } from "./payments-constants";

describe("payments constants", () => {
  it("quotes an order as ORD- and six digits, and reads it back however a payer types it", () => {
    expect(orderReference(42)).toBe("ORD-000042");
    expect(orderReference(1234567)).toBe("ORD-1234567");
    for (const typed of ["ORD-000042", "ord-42", " ORD000042 ", "42"]) expect(orderIdOf(typed)).toBe(42);
    for (const typed of ["", "ORD-", "ORD-4x2", "INV-42", "-42"]) expect(orderIdOf(typed)).toBeNull();
  });

  it("prints an invoice number with its exam year and six digits", () => {
    expect(formatInvoiceNumber("2026-27", 17)).toBe("2026-27/000017");
  });

  it("keeps a paid order paid except for an admin's refund", () => {
    expect(canMoveOrder("pending", "paid")).toBe(true);
    expect(canMoveOrder("paid", "refunded")).toBe(true);
    expect(canMoveOrder("paid", "failed")).toBe(false);
    expect(canMoveOrder("expired", "paid")).toBe(false);
  });
});
