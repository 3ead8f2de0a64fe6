import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDateTime } from "./format";

describe("portal formats", () => {
  it("writes moments in India's time zone, day first", () => {
    expect(formatDateTime("2026-11-23T10:35:00Z")).toBe("23 Nov 2026, 4:05 pm");
    expect(formatDate("2026-11-23T20:00:00Z")).toBe("24 Nov 2026");
  });

  it("writes nothing for nothing or for an unreadable value", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });

  it("groups counts the Indian way", () => {
    expect(formatCount(123456)).toBe("1,23,456");
    expect(formatCount(1000000)).toBe("10,00,000");
  });
});
