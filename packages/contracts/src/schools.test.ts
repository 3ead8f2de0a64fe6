import { describe, expect, it } from "vitest";
import { PIN_CODE_MESSAGES, pinCodeProblem, pincodeField } from "./schools";

describe("PIN and postal codes (issue 35 item 9)", () => {
  it("takes an Indian PIN code of six digits only", () => {
    expect(pinCodeProblem("110001", "IN")).toBeNull();
    expect(pinCodeProblem(" 411030 ", "IN")).toBeNull();
    for (const wrong of ["1100", "11001", "1100011", "011001", "11 0001", "ABC123"]) {
      expect(pinCodeProblem(wrong, "IN"), wrong).toBe(PIN_CODE_MESSAGES.india);
    }
  });

  it("takes a Gulf country's shorter postal codes", () => {
    expect(pinCodeProblem("1001", "BH")).toBeNull();
    expect(pinCodeProblem("PC 112", "OM")).toBeNull();
    expect(pinCodeProblem("!!", "KW")).toBe(PIN_CODE_MESSAGES.shape);
  });

  it("is the shape every form checks before the country is known", () => {
    expect(pincodeField.safeParse("1234").success).toBe(true);
    expect(pincodeField.safeParse("!!").error?.issues[0]?.message).toBe(PIN_CODE_MESSAGES.shape);
  });
});
