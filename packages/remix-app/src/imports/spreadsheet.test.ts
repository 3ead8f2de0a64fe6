import { describe, expect, it } from "vitest";
import { type ImportPreview, previewProblems, tooLargeMessage } from "./spreadsheet";

describe("the import's words", () => {
  it("say a file's size to a tenth of a megabyte, and the limit", () => {
    expect(tooLargeMessage(21 * 1024 * 1024, 20 * 1024 * 1024)).toBe(
      "The file is 21 MB; at most 20 MB can be imported at once. Split it into smaller files.",
    );
    expect(tooLargeMessage(5.56 * 1024 * 1024, 5 * 1024 * 1024)).toMatch(/^The file is 5\.6 MB; at most 5 MB/);
  });

  it("give each previewed row's mistakes in one sentence, by the template's headers", () => {
    const preview = {
      columns: [{ key: "class_level", header: "Class", found: "Std", column: "C" }],
      rows: [
        { row: 2, values: {}, student: {}, errors: [] },
        {
          row: 3,
          values: {},
          student: null,
          errors: [
            { field: "class_level", message: "Choose a class from VI to XI" },
            { field: "phone", message: "Enter a phone number" },
          ],
        },
      ],
    } as unknown as ImportPreview;
    expect(previewProblems(preview)).toEqual([
      { row: 3, message: "Class: Choose a class from VI to XI; phone: Enter a phone number" },
    ]);
  });
});
