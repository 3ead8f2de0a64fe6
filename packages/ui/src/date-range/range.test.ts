import { describe, expect, it } from "vitest";
import { formatRange, isIsoDate, isValidRange, presetRange, toIsoDate } from "./range";

const today = new Date(2025, 2, 15); // 15 March 2025

describe("presetRange", () => {
  it.each([
    ["today", "2025-03-15", "2025-03-15"],
    ["yesterday", "2025-03-14", "2025-03-14"],
    ["last7", "2025-03-09", "2025-03-15"],
    ["last30", "2025-02-14", "2025-03-15"],
    ["thisMonth", "2025-03-01", "2025-03-15"],
    ["lastMonth", "2025-02-01", "2025-02-28"],
  ] as const)("%s is %s – %s", (preset, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });
  it("crosses year ends", () => {
    expect(presetRange("lastMonth", new Date(2025, 0, 10))).toEqual({ from: "2024-12-01", to: "2024-12-31" });
  });
});

describe("validation", () => {
  it("checks real calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("15/03/2025")).toBe(false);
    expect(toIsoDate(new Date(2025, 0, 5))).toBe("2025-01-05");
  });
  it("needs the start on or before the end", () => {
    expect(isValidRange({ from: "2025-03-01", to: "2025-03-31" })).toBe(true);
    expect(isValidRange({ from: "2025-03-31", to: "2025-03-01" })).toBe(false);
    expect(isValidRange({ from: "2025-03-01" })).toBe(true);
    expect(isValidRange({})).toBe(true);
    expect(isValidRange({ to: "nope" })).toBe(false);
  });
});

describe("formatRange", () => {
  it("writes ranges, single days and open ends", () => {
    expect(formatRange({ from: "2025-04-01", to: "2025-04-30" })).toBe("1 Apr 2025 – 30 Apr 2025");
    expect(formatRange({ from: "2025-04-01", to: "2025-04-01" })).toBe("1 Apr 2025");
    expect(formatRange({ from: "2025-04-01" })).toBe("From 1 Apr 2025");
    expect(formatRange({ to: "2025-04-30" })).toBe("Until 30 Apr 2025");
    expect(formatRange({})).toBe("");
  });
});
