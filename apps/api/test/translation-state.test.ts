import { describe, expect, it } from "vitest";
import { translationState, unfinishedTranslationMessage } from "../src/domains/papers/translation-state";

/** A translation's state and the words Check and Finalize use for it (issue 36 item 8). */
describe("a translation's state", () => {
  it("is missing without one, stale for other English words whatever its status, else its status", () => {
    expect(translationState(null, "h2")).toBe("missing");
    expect(translationState({ status: "done", source_hash: "h1" }, "h2")).toBe("stale");
    expect(translationState({ status: "draft", source_hash: "h1" }, "h2")).toBe("stale");
    expect(translationState({ status: "draft", source_hash: "h2" }, "h2")).toBe("draft");
    expect(translationState({ status: "done", source_hash: "h2" }, "h2")).toBe("done");
  });

  it("is said as what it is: missing, a draft, or stale with the English versions", () => {
    const question = { id: 12, section: "B", version: 4 };
    expect(unfinishedTranslationMessage(question, { language: "hi", state: "missing", source_version: null })).toBe(
      "Question 12 (section B) has no translation into Hindi",
    );
    expect(unfinishedTranslationMessage(question, { language: "ur", state: "draft", source_version: 4 })).toBe(
      "Question 12 (section B): the translation into Urdu is a draft, not yet marked done",
    );
    expect(unfinishedTranslationMessage(question, { language: "ta", state: "stale", source_version: 2 })).toBe(
      "Question 12 (section B): the translation into Tamil is stale: it was made for version 2 of the English, which is now version 4",
    );
  });
});
