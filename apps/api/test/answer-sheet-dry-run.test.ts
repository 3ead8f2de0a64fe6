import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dryRun, type KnownPaper, type KnownStudent } from "../src/services/results/dry-run";
import { readSheetFile } from "../src/services/results/sheet-format";

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
    const report = dryRun(readSheetFile(file), students, papers, new Set(["MH0800000002"]));
    expect(report.accepted.map((s) => s.line)).toEqual([2]);
    expect(report.replacedInFile.map((p) => [p.line, p.message])).toEqual([
      [1, "Replaced by line 9, which has the same roll number"],
      [7, "Replaced by line 9, which has the same roll number"],
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
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), (rows) => {
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
      }),
    );
  });
});
