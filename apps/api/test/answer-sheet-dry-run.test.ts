import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dryRun, type KnownPaper, type KnownStudent } from "../src/domains/results/dry-run";
import { readSheetFile } from "../src/domains/results/sheet-format";

const students = new Map<string, KnownStudent>([
  ["MH0800000001", { paid: true, classLevel: 8 }],
  ["MH0800000002", { paid: true, classLevel: 8 }],
  ["MH0800000003", { paid: false, classLevel: 8 }],
  ["MH0900000004", { paid: true, classLevel: 9 }],
]);
const papers = new Map<string, KnownPaper>([["L1-VIII-A", { classLevel: 8, questionCount: 3 }]]);

describe("the dry run of an answer-sheet upload", () => {
  it("sorts a file into what would be stored and every reason a sheet would not be", () => {
    const file = [
      "MH0800000001,L1-VIII-A,A,B,C", // 1: replaced by its rescan on line 7
      "MH0800000002,L1-VIII-A,A,,*", // 2: stored
      "MH0800000003,L1-VIII-A,A,B,C", // 3: unpaid
      "MH0800009999,L1-VIII-A,A,B,C", // 4: unknown roll number
      "MH0900000004,L1-VIII-A,A,B,C", // 5: the paper is for class VIII, the student is in IX
      "MH0800000002X,L1-VIII-A,A", // 6: unknown (another roll number)
      "MH0800000001,L1-VIII-A,D,D,D", // 7: the rescan of line 1, stored
      "bad line", // 8: malformed
      "MH0800000001,L1-VIII-B,A,B,C", // 9: another rescan of 1, of a paper that does not exist
    ].join("\n");
    const report = dryRun(
      readSheetFile(file),
      students,
      papers,
      new Map([["MH0800000002", { upload: 1, day: "1 December 2026" }]]),
    );
    expect(report.accepted.map((s) => s.line)).toEqual([2]);
    expect(report.replacedInFile.map((p) => [p.line, p.message])).toEqual([
      [1, "Replaced by line 9 (refused), so roll MH0800000001 has no sheet from this file"],
      [7, "Replaced by line 9 (refused), so roll MH0800000001 has no sheet from this file"],
    ]);
    expect(report.unpaid.map((p) => p.line)).toEqual([3]);
    expect(report.unknownRolls.map((p) => p.line)).toEqual([4, 6]);
    expect(report.wrongPapers.map((p) => [p.line, p.message])).toEqual([
      [5, "Paper set L1-VIII-A is for another class than the student's"],
      [9, "There is no finalized paper set L1-VIII-B of this exam level"],
    ]);
    expect(report.malformed.map((b) => b.line)).toEqual([8]);
    expect(report.replacingStored).toEqual(["MH0800000002"]);
  });

  it("lets a roll number's last line decide even when it cannot be read: no sheet, and both lines reported", () => {
    const file = [
      "MH0800000001,L1-VIII-A,A,B,C", // 1: replaced by line 3, which is refused
      "MH0800000002,L1-VIII-A,A,B,C", // 2: replaced by line 4, which is stored
      "MH0800000001,L1-VIII-A,A,Z,C", // 3: an answer no paper has
      "MH0800000002,L1-VIII-A,D,D,D", // 4: stored
    ].join("\n");
    const report = dryRun(readSheetFile(file), students, papers);
    expect(report.accepted.map((s) => s.line)).toEqual([4]);
    expect(report.replacedInFile.map((p) => [p.line, p.message])).toEqual([
      [1, "Replaced by line 3 (refused), so roll MH0800000001 has no sheet from this file"],
      [2, "Replaced by line 4, which has the same roll number"],
    ]);
    expect(report.malformed.map((b) => [b.line, b.roll])).toEqual([[3, "MH0800000001"]]);
  });

  it("says on each refused line of a roll number that it keeps the sheet an earlier upload stored", () => {
    const file = [
      "MH0800000001,L1-VIII-A,A,B,C", // 1: replaced by line 2, refused (2 answers)
      "MH0800000001,L1-VIII-A,A,B", // 2
      "MH0800000002,L1-VIII-A,A,B,C", // 3: stored, replacing the stored sheet
      "MH0800000002,L1-VIII-A,A,Z,C", // 4: unreadable, but not the last line of its roll number
      "MH0800000002,L1-VIII-A,A,B,D", // 5: the last line, stored
    ].join("\n");
    const stored = new Map([
      ["MH0800000001", { upload: 7, day: "1 December 2026" }],
      ["MH0800000002", { upload: 7, day: "1 December 2026" }],
    ]);
    const report = dryRun(readSheetFile(file), students, papers, stored);
    const keeps = "; roll MH0800000001 keeps the sheet stored from upload 7 on 1 December 2026";
    expect(report.replacedInFile.map((p) => [p.line, p.message])).toEqual([
      [1, `Replaced by line 2 (refused), so roll MH0800000001 has no sheet from this file${keeps}`],
      [3, "Replaced by line 5, which has the same roll number"],
    ]);
    expect(report.wrongPapers.map((p) => [p.line, p.message])).toEqual([
      [2, `2 answers for the 3 questions of L1-VIII-A${keeps}`],
    ]);
    expect(report.malformed.map((b) => b.message)).toEqual([
      'Question 2: "Z" is not an answer (use ABCDEF, blank or *)',
    ]);
    expect(report.replacingStored).toEqual(["MH0800000002"]);
  });

  it("refuses a sheet whose number of answers is not the paper's", () => {
    const report = dryRun(readSheetFile("MH0800000001,L1-VIII-A,A,B"), students, papers);
    expect(report.wrongPapers).toEqual([
      { line: 1, roll: "MH0800000001", message: "2 answers for the 3 questions of L1-VIII-A" },
    ]);
  });

  it("refuses a sheet marking an option its question does not offer, naming both (decision 058)", () => {
    const offered = new Map<string, KnownPaper>([
      [
        "L1-VIII-A",
        {
          classLevel: 8,
          questionCount: 3,
          options: [
            ["A", "B", "C", "D"],
            ["A", "B"],
            ["A", "B", "C", "D"],
          ],
        },
      ],
    ]);
    const report = dryRun(
      readSheetFile("MH0800000001,L1-VIII-A,E,A,B\nMH0800000002,L1-VIII-A,D,C,*"),
      students,
      offered,
    );
    expect(report.wrongPapers).toEqual([
      { line: 1, roll: "MH0800000001", message: "Question 1 has options A–D; the sheet marks E" },
      { line: 2, roll: "MH0800000002", message: "Question 2 has options A and B; the sheet marks C" },
    ]);
    expect(report.accepted).toEqual([]);
  });

  it("accounts for every line, and stores at most one sheet per roll number", () => {
    const roll = fc.constantFrom(...students.keys(), "MH0800009999");
    const line = fc.tuple(
      roll,
      fc.constantFrom("L1-VIII-A", "XX-1"),
      fc.array(fc.constantFrom("A", "", "*"), { minLength: 2, maxLength: 4 }),
    );
    // Some lines unreadable ("Z"): they are a roll number's line as much as the others.
    const anyLine = fc.tuple(
      roll,
      fc.constantFrom("L1-VIII-A", "XX-1"),
      fc.array(fc.constantFrom("A", "", "*", "Z"), { minLength: 2, maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(line, anyLine), { maxLength: 25 }), (rows) => {
        const read = readSheetFile(rows.map(([r, c, a]) => [r, c, ...a].join(",")).join("\n"));
        const report = dryRun(read, students, papers);
        const reported =
          report.accepted.length +
          report.malformed.length +
          report.unknownRolls.length +
          report.unpaid.length +
          report.wrongPapers.length +
          report.replacedInFile.length;
        expect(reported).toBe(rows.length);
        expect(new Set(report.accepted.map((s) => s.roll)).size).toBe(report.accepted.length);
        // Only a roll number's last line is ever stored.
        for (const sheet of report.accepted) {
          expect(sheet.line).toBe(rows.map(([r]) => r).lastIndexOf(sheet.roll) + 1);
        }
      }),
    );
  });
});
