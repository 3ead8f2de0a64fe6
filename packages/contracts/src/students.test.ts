import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bankDetailsBody, schoolRegistrationBody } from "./schools";
import { ageOn, normalizeDate, rollNumber, studentFields, studentKey } from "./students";

const good = {
  first_name: "Asha",
  last_name: "Rao",
  class_level: 8,
  language: "hi",
  gender: "female",
  date_of_birth: "2013-08-15",
  parent_name: "Suresh Rao",
  phone: "9876543210",
  email: "",
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("studentFields", () => {
  it("accepts a student as a school writes it in a spreadsheet", () => {
    const parsed = studentFields.parse({
      ...good,
      first_name: "  Asha   Devi ",
      class_level: "VIII",
      language: "Hindi",
      gender: " Female",
      date_of_birth: "15/08/2013",
      phone: "+91 98765-43210",
      email: " Asha@Example.ORG ",
    });
    expect(parsed).toMatchObject({
      first_name: "Asha Devi",
      class_level: 8,
      language: "hi",
      gender: "female",
      date_of_birth: "2013-08-15",
      phone: "+919876543210",
      email: "asha@example.org",
    });
  });

  it("takes Devanagari names and language names in their own script", () => {
    const parsed = studentFields.parse({ ...good, first_name: "आशा", language: "हिन्दी", class_level: "Class 6" });
    expect(parsed).toMatchObject({ first_name: "आशा", language: "hi", class_level: 6 });
  });

  it("names the field and the fix for every bad value", () => {
    const result = studentFields.safeParse({
      first_name: "",
      last_name: "=HYPERLINK(2)",
      class_level: "XII",
      language: "French",
      gender: "x",
      date_of_birth: "31/02/2013",
      parent_name: "=HYPERLINK(1)",
      phone: "12345",
      email: "not-an-email",
    });
    expect(messages(result)).toEqual({
      first_name: "Enter the first name",
      // The last name follows the same rule as the other names (it once let a formula through).
      last_name: "The last name cannot start with = + - or @",
      class_level: "Choose a class from VI to XI",
      language: "Choose one of the 14 exam languages, e.g. English or Hindi",
      gender: "Choose female, male or other",
      date_of_birth: "Enter the date of birth as a date, e.g. 2012-08-15 or 15/08/2012",
      parent_name: "The parent's name cannot start with = + - or @",
      phone: "Enter a phone number of 10 to 15 digits, e.g. 9876543210",
      email: "Enter an e-mail address like name@example.com, or leave it empty",
    });
  });

  it("refuses a date of birth that does not fit classes VI to XI", () => {
    const result = studentFields.safeParse({ ...good, date_of_birth: "2024-01-01" });
    expect(messages(result).date_of_birth).toMatch(/8 to 21 years old/);
  });
});

describe("normalizeDate", () => {
  it("reads spreadsheet serial numbers, day-first dates and Date objects", () => {
    expect(normalizeDate(41501)).toBe("2013-08-15");
    expect(normalizeDate("41501")).toBe("2013-08-15");
    expect(normalizeDate("15-08-2013")).toBe("2013-08-15");
    expect(normalizeDate("15.8.2013")).toBe("2013-08-15");
    expect(normalizeDate(new Date("2013-08-15T00:00:00Z"))).toBe("2013-08-15");
    expect(normalizeDate("2013-02-30")).toBe("2013-02-30");
  });

  it("gives back a real calendar date or the text unchanged", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const [y, m, d] = iso.split("-");
          expect(normalizeDate(`${d}/${m}/${y}`)).toBe(iso);
          expect(normalizeDate(iso)).toBe(iso);
        },
      ),
    );
  });
});

describe("ageOn", () => {
  it("counts whole years, birthdays included", () => {
    expect(ageOn("2013-08-15", "2026-08-14")).toBe(12);
    expect(ageOn("2013-08-15", "2026-08-15")).toBe(13);
  });
});

describe("studentKey (the duplicate rule)", () => {
  it("ignores case, spacing and phone punctuation", () => {
    const a = studentFields.parse(good);
    const b = studentFields.parse({ ...good, first_name: "ASHA ", last_name: " rao", phone: "+91 98765 43210" });
    expect(studentKey(b)).toBe(studentKey(a));
  });

  it("tells apart students who differ in name, birth date or phone", () => {
    const a = studentFields.parse(good);
    expect(studentKey(studentFields.parse({ ...good, first_name: "Asma" }))).not.toBe(studentKey(a));
    expect(studentKey(studentFields.parse({ ...good, date_of_birth: "2013-08-16" }))).not.toBe(studentKey(a));
    expect(studentKey(studentFields.parse({ ...good, phone: "9876543211" }))).not.toBe(studentKey(a));
  });
});

describe("rollNumber", () => {
  it("joins the state, the class and a six-digit sequence", () => {
    expect(rollNumber(27, 8, 123)).toBe("2708000123");
    expect(rollNumber(3, 11, 999_999)).toBe("0311999999");
    expect(() => rollNumber(3, 11, 1_000_000)).toThrow(RangeError);
  });
});

describe("school forms", () => {
  const registration = {
    school_name: "Jnana Prabodhini",
    category_id: "2",
    board_id: "1",
    zone_id: "1",
    state_id: "2",
    address: "510 Sadashiv Peth",
    pincode: "411030",
    contact_name: "R. Kulkarni",
    contact_phone: "9876543210",
    email: "Office@JP.edu.in",
    username: "jnana.prabodhini",
    password: "Strong@123",
    confirm_password: "Strong@123",
  };

  it("accepts a registration and lower-cases the e-mail", () => {
    expect(schoolRegistrationBody.parse(registration)).toMatchObject({ email: "office@jp.edu.in", category_id: 2 });
  });

  it("says which registration fields are wrong", () => {
    const result = schoolRegistrationBody.safeParse({
      ...registration,
      password: "weak",
      confirm_password: "other",
      pincode: "!",
    });
    expect(Object.keys(messages(result)).sort()).toEqual(["confirm_password", "password", "pincode"]);
  });

  it("checks the IFSC by format and the account number twice", () => {
    const result = bankDetailsBody.safeParse({
      account_holder: "Jnana Prabodhini",
      account_number: "123456789012",
      confirm_account_number: "123456789013",
      ifsc: "sbin0001234",
      bank_name: "SBI",
      branch: "Pune",
      password: "x",
    });
    expect(messages(result)).toEqual({ confirm_account_number: "The account numbers do not match" });
    expect(bankDetailsBody.safeParse({ ...result, ifsc: "SBIN1001234" }).success).toBe(false);
  });
});
