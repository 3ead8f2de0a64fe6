import { describe, expect, it } from "vitest";
import { examSittings } from "./exam-sittings";

const item = (exam_level: string, class_id: number, starts_at: string, note: string | null = null) => ({
  id: class_id,
  exam_year: "2026-27",
  exam_level,
  class_id,
  starts_at,
  duration_minutes: 90,
  note,
  updated_at: starts_at,
});

describe("exam sittings", () => {
  it("puts classes that sit together on one line, in time order", () => {
    const level1 = "2026-12-13T04:30:00.000Z";
    const mock = "2026-12-06T05:30:00.000Z";
    const items = [
      ...[6, 7, 8, 9, 10, 11].map((c) => item("level1", c, level1)),
      item("mock", 9, mock),
      item("mock", 6, mock),
      item("level2", 10, "2027-02-07T04:30:00.000Z", "At the district centre"),
    ];
    expect(examSittings(items)).toEqual([
      { level: "Mock exam", starts_at: mock, duration_minutes: 90, classes: "VI, IX", note: null },
      { level: "Level 1", starts_at: level1, duration_minutes: 90, classes: "VI-XI", note: null },
      {
        level: "Level 2",
        starts_at: "2027-02-07T04:30:00.000Z",
        duration_minutes: 90,
        classes: "X",
        note: "At the district centre",
      },
    ]);
    expect(examSittings([])).toEqual([]);
  });
});
