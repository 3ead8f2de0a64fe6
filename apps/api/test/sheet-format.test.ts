import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHEET_FORMAT, readSheetFile, type SheetFormat } from "../src/domains/results/sheet-format";

describe("answer-sheet files", () => {
  it("reads the default layout: roll, code, then one answer per question", () => {
    const file = "\uFEFFMH0800000123,L1-VIII-A,A,,DB,*,C\r\n\r\nmh0800000124,l1-viii-a,B,B,B,B,B\n";
    expect(readSheetFile(file)).toEqual({
      sheets: [
        { line: 1, roll: "MH0800000123", code: "L1-VIII-A", answers: ["A", "", "BD", "*", "C"], text: "A,,BD,*,C" },
        { line: 3, roll: "MH0800000124", code: "L1-VIII-A", answers: ["B", "B", "B", "B", "B"], text: "B,B,B,B,B" },
      ],
      bad: [],
    });
  });

  it("reports every bad line with its number and the reason, and keeps the good ones", () => {
    const file = [
      "MH0800000123,L1-VIII-A,A,B",
      "12,L1-VIII-A,A,B",
      "MH0800000125,,A,B",
      "MH0800000126,L1-VIII-A,A,X",
      "MH0800000127,L1-VIII-A",
      "MH0800000128,L1-VIII-A,C,D",
    ].join("\n");
    const { sheets, bad } = readSheetFile(file);
    expect(sheets.map((s) => s.line)).toEqual([1, 6]);
    expect(bad).toEqual([
      { line: 2, message: 'The roll number "12" is not one: 4 to 20 letters and digits' },
      { line: 3, roll: "MH0800000125", message: 'The paper-set code "" is not one' },
      { line: 4, roll: "MH0800000126", message: 'Question 2: "X" is not an answer (use ABCDEF, blank or *)' },
      { line: 5, roll: "MH0800000127", message: "The line has no answers" },
    ]);
  });

  it("refuses an answer in lower case, saying so, on the fast path and field by field alike (decision 058)", () => {
    const semicolon: SheetFormat = { ...DEFAULT_SHEET_FORMAT, layout: { kind: "delimited", delimiter: ";" } };
    const message =
      'Question 3: "b" is in lower case, and the scanner writes "B": ask the vendor for the file as scanned, or correct the line';
    for (const [text, format] of [
      ["MH0800000123,L1-VIII-A,A,,b,C", DEFAULT_SHEET_FORMAT],
      ["MH0800000123;L1-VIII-A;A;;b;C", semicolon],
    ] as const) {
      expect(readSheetFile(text, format)).toEqual({ sheets: [], bad: [{ line: 1, roll: "MH0800000123", message }] });
    }
    expect(readSheetFile("MH0800000123,L1-VIII-A,A,Bd").bad[0]?.message).toBe(
      'Question 2: "Bd" is in lower case, and the scanner writes "BD": ask the vendor for the file as scanned, or correct the line',
    );
  });

  it("reads another vendor's profile: fixed-width columns and digits for options", () => {
    const format: SheetFormat = {
      layout: {
        kind: "fixed",
        roll: { start: 1, width: 12 },
        code: { start: 13, width: 9 },
        answersStart: 22,
        answerWidth: 2,
      },
      alphabet: "1234",
      doubleMark: "9",
    };
    const { sheets, bad } = readSheetFile("MH0800000123L1-VIII-A1 24  9 3 \n", format);
    expect(bad).toEqual([]);
    expect(sheets[0]).toEqual({
      line: 1,
      roll: "MH0800000123",
      code: "L1-VIII-A",
      answers: ["A", "BD", "", "*", "C"],
      text: "A,BD,,*,C",
    });
  });

  it("reads a line already in the stored form exactly as field by field", () => {
    // The semicolon profile is read field by field; the default one takes the canonical-line shortcut.
    const semicolon: SheetFormat = { ...DEFAULT_SHEET_FORMAT, layout: { kind: "delimited", delimiter: ";" } };
    const field = fc.constantFrom("A", "F", "", "*", "b", "f", "AC", "aC", "G", " ");
    const line = fc.tuple(
      fc.constantFrom("MH0800000123", "mh0800000123", "KA09", "x"),
      fc.constantFrom("L1-VIII-A", "l1-viii-a", ""),
      fc.array(field, { maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
        const fields = lines.map(([roll, code, answers]) => [roll, code, ...answers]);
        const byComma = readSheetFile(fields.map((f) => f.join(",")).join("\n"));
        const bySemicolon = readSheetFile(fields.map((f) => f.join(";")).join("\n"), semicolon);
        expect(byComma.sheets).toEqual(bySemicolon.sheets);
        expect(byComma.bad).toEqual(bySemicolon.bad);
      }),
    );
  });

  it("loses no line: every non-blank line is a sheet or a reported bad line", () => {
    const field = fc.constantFrom("A", "b", "", "*", "AC", "Z", "1", " D ");
    const line = fc.tuple(
      fc.constantFrom("MH0800000123", "x", "KA0912345678"),
      fc.constantFrom("L1-VIII-A", ""),
      fc.array(field, { maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (rows) => {
        const text = rows.map(([roll, code, answers]) => [roll, code, ...answers].join(",")).join("\n");
        const { sheets, bad } = readSheetFile(text, DEFAULT_SHEET_FORMAT);
        expect(sheets.length + bad.length).toBe(text.split("\n").filter((l) => l.trim() !== "").length);
        for (const sheet of sheets) expect(sheet.answers.every((a) => /^([A-F]+|\*|)$/.test(a))).toBe(true);
      }),
    );
  });
});
