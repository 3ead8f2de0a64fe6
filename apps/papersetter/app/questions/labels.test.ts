import { describe, expect, it } from "vitest";
import { paperSetText } from "./labels";

describe("a question's paper sets", () => {
  it("names the version a finalized set prints, and a draft by its state", () => {
    expect(paperSetText({ code: "L1-VIII-A", status: "finalized", printed_version: 3 })).toBe(
      "L1-VIII-A (finalized, prints v3)",
    );
    expect(paperSetText({ code: "L1-VIII-B", status: "draft", printed_version: null })).toBe("L1-VIII-B (draft)");
  });
});
