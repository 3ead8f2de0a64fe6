import { describe, expect, it } from "vitest";
import { changePasswordBody, PASSWORD_MESSAGES } from "./auth";

const messages = (input: unknown) => {
  const result = changePasswordBody.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("change-password rules (docs/domain.md, Form rules)", () => {
  it("accepts a strong new password that differs from the old one and is confirmed", () => {
    expect(
      messages({ old_password: "Demo@12345", new_password: "Better#2026", confirm_password: "Better#2026" }),
    ).toEqual([]);
  });

  it("requires each field", () => {
    expect(messages({ old_password: "", new_password: "", confirm_password: "" })).toEqual([
      `old_password: ${PASSWORD_MESSAGES.required}`,
      `new_password: ${PASSWORD_MESSAGES.required}`,
      `confirm_password: ${PASSWORD_MESSAGES.required}`,
    ]);
    expect(messages({})).toContain(`old_password: ${PASSWORD_MESSAGES.required}`);
  });

  it("enforces 8 to 100 symbols", () => {
    expect(messages({ old_password: "Demo@12345", new_password: "Ab1!", confirm_password: "Ab1!" })).toEqual([
      `new_password: ${PASSWORD_MESSAGES.min}`,
      `confirm_password: ${PASSWORD_MESSAGES.min}`,
    ]);
    const long = `Aa1!${"x".repeat(97)}`;
    expect(messages({ old_password: "Demo@12345", new_password: long, confirm_password: long })).toEqual([
      `new_password: ${PASSWORD_MESSAGES.max}`,
      `confirm_password: ${PASSWORD_MESSAGES.max}`,
    ]);
  });

  it("needs one lowercase, one uppercase, one digit and one of !@#$%^&*", () => {
    for (const weak of ["alllowercase1!", "ALLUPPERCASE1!", "NoDigitsHere!", "NoSpecial123", "Wrong_special1"]) {
      expect(messages({ old_password: "Demo@12345", new_password: weak, confirm_password: weak })).toEqual([
        `new_password: ${PASSWORD_MESSAGES.complexity}`,
      ]);
    }
  });

  it("says when the confirmation does not match and when the new password is the old one", () => {
    expect(
      messages({ old_password: "Demo@12345", new_password: "Better#2026", confirm_password: "Better#2027" }),
    ).toEqual([`confirm_password: ${PASSWORD_MESSAGES.mismatch}`]);
    expect(
      messages({ old_password: "Demo@12345", new_password: "Demo@12345", confirm_password: "Demo@12345" }),
    ).toEqual([`new_password: ${PASSWORD_MESSAGES.sameAsOld}`]);
  });

  it("rejects unknown fields", () => {
    expect(
      messages({
        old_password: "Demo@12345",
        new_password: "Better#2026",
        confirm_password: "Better#2026",
        role_id: 3,
      }),
    ).toHaveLength(1);
  });
});
