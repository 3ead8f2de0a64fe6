import { describe, expect, it } from "vitest";
import { tooLargeMessage } from "./spreadsheet";

describe("the import's words", () => {
  it("say a file's size to a tenth of a megabyte, and the limit", () => {
    expect(tooLargeMessage(21 * 1024 * 1024, 20 * 1024 * 1024)).toBe(
      "The file is 21 MB; at most 20 MB can be imported at once. Split it into smaller files.",
    );
    expect(tooLargeMessage(5.56 * 1024 * 1024, 5 * 1024 * 1024)).toMatch(/^The file is 5\.6 MB; at most 5 MB/);
  });
});
