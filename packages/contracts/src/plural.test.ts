import { describe, expect, it } from "vitest";
import { COUNTED, countOf, pluralWord } from "./plural";

describe("counts in words", () => {
  it("says 1 in the singular and 0 and 2 in the plural in English", () => {
    expect(countOf(1, COUNTED.unpaidStudent)).toBe("1 unpaid student");
    expect(countOf(0, COUNTED.unpaidStudent)).toBe("0 unpaid students");
    expect(countOf(2, COUNTED.studyMaterial)).toBe("2 study materials");
    expect(countOf(1, COUNTED.studyMaterial)).toBe("1 study material");
  });

  it("writes large counts the Indian way", () => {
    expect(countOf(125000, COUNTED.student)).toBe("1,25,000 students");
  });

  it("follows the language's rules, not n === 1: Hindi's singular covers 0 and 1", () => {
    const hindi = { one: "छात्र (एकवचन)", other: "छात्र (बहुवचन)" };
    expect(pluralWord(0, hindi, "hi")).toBe(hindi.one);
    expect(pluralWord(1, hindi, "hi")).toBe(hindi.one);
    expect(pluralWord(2, hindi, "hi")).toBe(hindi.other);
    expect(pluralWord(0, COUNTED.student, "en")).toBe("students");
  });

  it("uses `other` when a language's category has no form of its own", () => {
    // Arabic (and so a language whose rules have "few" and "many") falls back to other.
    expect(pluralWord(3, { one: "one", other: "other" }, "ar")).toBe("other");
    expect(pluralWord(3, { one: "one", few: "few", other: "other" }, "ar")).toBe("few");
  });
});
