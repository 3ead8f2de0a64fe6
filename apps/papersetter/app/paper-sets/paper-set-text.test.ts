import { describe, expect, it } from "vitest";
import {
  bankFilterOf,
  countsIfNote,
  gateOptions,
  moved,
  newerNote,
  problemView,
  ruleLine,
  shortHash,
  translationsNote,
  versionLabel,
} from "./paper-set-text";

const languages = [
  { code: "en", id: 1 },
  { code: "hi", id: 2 },
];

describe("how a paper set is worded", () => {
  it("says a section's marks rule in one line", () => {
    expect(ruleLine({ question_count: 40, marks_per_question: 1, negative_marks: 0, answer_rule: "single" })).toBe(
      "40 questions, 1 mark each, no negative marks; one correct answer",
    );
    expect(ruleLine({ question_count: 1, marks_per_question: 2, negative_marks: 0.5, answer_rule: "multiple" })).toBe(
      "1 question, 2 marks each, 0.5 marks off a wrong answer; one or more correct answers, all must be marked",
    );
  });

  it("says when a section counts only after another", () => {
    // The printed paper's sentence, from the set's own values (decision 059).
    expect(countsIfNote({ title: "Section B", counts_if_section: "A", counts_if_marks: 3 })).toBe(
      "Section B counts only when Section A reaches 3 marks",
    );
    expect(countsIfNote({ title: "Section B", counts_if_section: null, counts_if_marks: null })).toBeNull();
    expect(gateOptions([{ label: "A" }, { label: "B" }, { label: "C" }], "B").map((o) => o.value)).toEqual([
      "",
      "A",
      "C",
    ]);
  });

  it("shortens a hash and maps a level to the bank's filters", () => {
    expect(shortHash("773380d18a739baf6b497b246799ba4c")).toBe("773380d18a73");
    expect(shortHash(null)).toBe("");
    expect(bankFilterOf("mock")).toEqual({ is_mock: 1, class_level: 1 });
    expect(bankFilterOf("level1")).toEqual({ is_mock: 0, class_level: 1 });
    expect(bankFilterOf("level2")).toEqual({ is_mock: 0, class_level: 2 });
  });
});

describe("a finalize problem", () => {
  it("links a missing translation to translating it, with the language's id", () => {
    const view = problemView(
      { code: "translation", message: "m", question_id: 3, section: "A", language: "hi" },
      languages,
      0,
    );
    expect(view.href).toBe("/paper-editor-admin/translate?question_id=3&language_id=2");
    expect(view.linkLabel).toBe("Translate question 3 into Hindi");
  });

  it("links a question to its page, and a section count to nothing", () => {
    expect(
      problemView({ code: "review", message: "m", question_id: 5, section: "B", language: null }, languages, 1).href,
    ).toBe("/paper-editor-admin/question?id=5");
    // A language the set does not list still finds its id among the 14 (Urdu is 14).
    expect(
      problemView({ code: "translation", message: "m", question_id: 5, section: "B", language: "ur" }, languages, 2)
        .href,
    ).toBe("/paper-editor-admin/translate?question_id=5&language_id=14");
    expect(
      problemView({ code: "count", message: "m", question_id: null, section: "A", language: null }, languages, 3).href,
    ).toBeNull();
  });
});

describe("moving a question", () => {
  it("swaps it with its neighbour, and leaves the ends alone", () => {
    expect(moved([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe("how a set's question says what the set prints (decision 061)", () => {
  it("names the printed version and any newer one of a finalized set, the newest in a draft", () => {
    const since = "2026-12-06T07:35:00.000Z";
    expect(newerNote({ version: 3, newer: { version: 4, since } })).toBe(
      "v3 printed; v4 exists since 6 Dec 2026, 1:05 pm",
    );
    expect(newerNote({ version: 3, newer: null })).toBeNull();
    expect(versionLabel({ version: 3, newer: null }, true)).toBe("v3 printed");
    expect(versionLabel({ version: 4, newer: null }, false)).toBe("v4");
  });

  it("lists a finalized set's pinned translations, and a draft's translation states", () => {
    const hindi = { name: "Hindi", version: 1, status: "done" };
    const urdu = { name: "Urdu", version: 2, status: "stale" };
    expect(translationsNote({ translations: [hindi], translations_done: 1 }, true)).toBe(
      "1 translation printed: Hindi v1",
    );
    expect(translationsNote({ translations: [], translations_done: 0 }, true)).toBe("No translation printed");
    expect(translationsNote({ translations: [hindi, urdu], translations_done: 1 }, false)).toBe(
      "1 of 2 translations done: Hindi done, Urdu stale",
    );
    expect(translationsNote({ translations: [], translations_done: 0 }, false)).toBe("English only");
  });
});
