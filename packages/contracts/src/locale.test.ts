import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "./languages";
import { dateFormats, indiaWallTimeToIso, isoToIndiaWallTime } from "./locale";

describe("India wall time", () => {
  it("reads a datetime-local value as India time", () => {
    expect(indiaWallTimeToIso("2026-12-01T09:00")).toBe("2026-12-01T03:30:00.000Z");
    expect(indiaWallTimeToIso("2026-12-01T09:00:30")).toBe("2026-12-01T03:30:30.000Z");
  });

  it("moves a time just after midnight in India to the previous UTC day, and back", () => {
    expect(indiaWallTimeToIso("2027-01-01T00:15")).toBe("2026-12-31T18:45:00.000Z");
    expect(isoToIndiaWallTime("2026-12-31T18:45:00.000Z")).toBe("2027-01-01T00:15");
    expect(isoToIndiaWallTime("2026-12-31T18:29:00Z")).toBe("2026-12-31T23:59");
  });

  it("shows an instant given with any offset as India's wall time", () => {
    expect(isoToIndiaWallTime("2026-12-01T09:00:00+05:30")).toBe("2026-12-01T09:00");
    expect(isoToIndiaWallTime("2026-12-01T00:00:00-08:00")).toBe("2026-12-01T13:30");
  });

  it("round-trips every wall time", () => {
    for (const wall of ["2026-03-08T02:30", "2026-11-01T01:30", "2028-02-29T23:59"]) {
      expect(isoToIndiaWallTime(indiaWallTimeToIso(wall) ?? "")).toBe(wall);
    }
  });

  it("refuses what is not a wall time or not a real date", () => {
    expect(indiaWallTimeToIso("")).toBeNull();
    expect(indiaWallTimeToIso("2026-12-01")).toBeNull();
    expect(indiaWallTimeToIso("2026-12-01T09:00:00Z")).toBeNull();
    expect(indiaWallTimeToIso("2026-02-30T09:00")).toBeNull();
    expect(indiaWallTimeToIso("2026-12-01T25:00")).toBeNull();
    expect(isoToIndiaWallTime("soon")).toBe("");
  });
});

describe("dates and times in each language (issue 35 item 7)", () => {
  const exam = "2026-12-13T04:30:00.000Z";

  it("writes English with am/pm and every other language with a 24-hour clock, never a Latin am/pm", () => {
    expect(dateFormats("en").at(exam)).toBe("Sunday, 13 December 2026, 10:00 am");
    for (const code of LANGUAGE_CODES.filter((c) => c !== "en")) {
      const written = dateFormats(code).at(exam);
      expect(written, code).toContain("10:00");
      expect(written, code).not.toMatch(/\b(am|pm|AM|PM|at)\b/);
    }
  });

  it("puts the time where the language's template says, once", () => {
    expect(dateFormats("hi").at(exam, "{date}, {time} बजे")).toBe("रविवार, 13 दिसंबर 2026, 10:00 बजे");
    expect(dateFormats("ur").date(exam)).toBe("اتوار، 13 دسمبر، 2026");
  });

  it("writes a calendar day and a range without a time zone moving them", () => {
    expect(dateFormats("en").days("2027-01-10", "2027-01-12")).toBe("10–12 January 2027");
    expect(dateFormats("ta").days("2027-01-10")).toBe("10 ஜனவரி, 2027");
  });
});
