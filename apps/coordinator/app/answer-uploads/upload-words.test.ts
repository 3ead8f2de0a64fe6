import { describe, expect, it } from "vitest";
import { deletedText, reportFigures } from "./upload-words";

/** The report of a check that accepted 14 sheets and refused 2 lines. */
const report = {
  lines: 16,
  accepted: 14,
  replacing_stored: 3,
  counts: { malformed: 1, unknown_roll: 1, unpaid: 0, wrong_paper: 0, replaced_in_file: 0 },
  by_paper: [{ code: "L1-VIII-A", sheets: 14 }],
  problems: [],
};
const shown = (figures: ReturnType<typeof reportFigures>) => figures.map((f) => [f.label, f.value]);

describe("an upload's report says what is true now (issue 36 item 5)", () => {
  it("a discarded upload does not say its sheets were stored", () => {
    const discarded = { status: "deleted" as const, stored_sheets: null, current_sheets: 0, deleted_at: null };
    expect(shown(reportFigures(discarded, report))).toEqual([
      ["Lines read", 16],
      ["Sheets the check accepted", 14],
      ["Sheets stored now", 0],
      ["Lines refused", 2],
    ]);
    expect(deletedText(discarded)).toBe("Deleted without being stored: nothing of this file was stored.");
  });

  it("a stored upload deleted since says what it stored and that it stores nothing now", () => {
    const deleted = { status: "deleted" as const, stored_sheets: 14, current_sheets: 0, deleted_at: null };
    expect(shown(reportFigures(deleted, report))).toEqual([
      ["Lines read", 16],
      ["Sheets stored, then deleted", 14],
      ["Sheets stored now", 0],
      ["Lines refused", 2],
    ]);
    expect(deletedText(deleted)).toBe(
      "Deleted: the 14 sheets it stored were taken away or had been replaced by later uploads; none of its sheets is stored now.",
    );
  });

  it("a checked and a stored upload keep their figures", () => {
    const checked = { status: "checked" as const, stored_sheets: null, current_sheets: 0 };
    expect(shown(reportFigures(checked, report))).toEqual([
      ["Lines read", 16],
      ["Sheets to store", 14],
      ["Of which replace stored sheets", 3],
      ["Lines refused", 2],
    ]);
    const stored = { status: "stored" as const, stored_sheets: 14, current_sheets: 14 };
    expect(shown(reportFigures(stored, report))[1]).toEqual(["Sheets stored", 14]);
  });
});
