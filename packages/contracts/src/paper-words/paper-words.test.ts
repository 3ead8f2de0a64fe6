import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../languages";
import { en } from "./en";
import {
  durationIn,
  instructionsIn,
  PAPER_WORDS,
  PAPER_WORDS_REVIEW,
  qualifyingRule,
  sectionTitleIn,
  untranslatedSetTexts,
} from "./index";

/** Every word of a table by its path ("answerRules.single"), as a list of [path, text]. */
function entries(words: unknown, prefix = ""): [string, string][] {
  if (typeof words === "string") return [[prefix, words]];
  return Object.entries(words as Record<string, unknown>).flatMap(([key, value]) =>
    entries(value, prefix ? `${prefix}.${key}` : key),
  );
}
const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the paper words of the 14 languages (decision 062)", () => {
  const english = new Map(entries(en));

  it("has a table and a review entry for each exam language", () => {
    expect(Object.keys(PAPER_WORDS).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(Object.keys(PAPER_WORDS_REVIEW).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const [code, review] of Object.entries(PAPER_WORDS_REVIEW)) {
      expect(review.status === "source", code).toBe(code === "en");
      if (review.status === "reviewed") {
        expect(review.by.trim(), code).not.toBe("");
        expect(review.on, code).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  for (const code of LANGUAGE_CODES) {
    it(`${code}: has every entry English has, and no other, each with the same {places}`, () => {
      const words = new Map(entries(PAPER_WORDS[code]));
      const missing = [...english.keys()].filter((path) => !words.has(path));
      const extra = [...words.keys()].filter((path) => !english.has(path));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [path, text] of words) {
        expect(text.trim(), `${code} ${path} is empty`).not.toBe("");
        expect(places(text), `${code} ${path}`).toEqual(places(english.get(path) ?? ""));
      }
    });

    if (code !== "en") {
      it(`${code}: is translated, no English word left in place`, () => {
        // Option letters (A)..(D) and the places stay Latin; any other Latin word is English left behind.
        const latin = entries(PAPER_WORDS[code]).filter(([, text]) =>
          /[a-z]{2}/i.test(text.replace(/\{\w+\}/g, "").replace(/\([A-F]\)/g, "")),
        );
        expect(latin.map(([path]) => path)).toEqual([]);
      });
    }
  }
});

describe("a set's texts in a paper's language", () => {
  it("writes durations and the qualifying rule with the language's words and plural forms", () => {
    expect(durationIn("en", 90)).toBe("1 hour 30 minutes");
    expect(durationIn("en", 120)).toBe("2 hours");
    expect(durationIn("hi", 90)).toBe("1 घंटा 30 मिनट");
    expect(qualifyingRule("en", { section: "Section B", other: "A", marks: 20 })).toBe(
      "Section B counts only when Section A reaches 20 marks",
    );
    expect(qualifyingRule("en", { section: "Section B", other: "A", marks: 1 })).toBe(
      "Section B counts only when Section A reaches 1 mark",
    );
    expect(qualifyingRule("hi", { section: "खंड B", other: "A", marks: 20 })).toBe(
      "खंड B तभी गिना जाएगा जब खंड A में 20 अंक हों",
    );
  });

  it("prints the standard instructions and default section titles in the language", () => {
    expect(instructionsIn("ur", [...en.standardInstructions]).map((l) => l.text)).toEqual(
      PAPER_WORDS.ur.standardInstructions,
    );
    expect(sectionTitleIn("hi", { label: "B", title: "Section B" })).toEqual({ text: "खंड B", untranslated: false });
    expect(
      untranslatedSetTexts("hi", {
        instructions: [...en.standardInstructions],
        sections: [{ label: "A", title: "Section A" }],
      }),
    ).toEqual([]);
  });

  it("marks a setter's own English texts untranslated on a paper in another language, never on an English one", () => {
    const set = { instructions: ["Bring your admit card."], sections: [{ label: "A", title: "Physics" }] };
    expect(instructionsIn("hi", set.instructions)).toEqual([{ text: "Bring your admit card.", untranslated: true }]);
    expect(instructionsIn("en", set.instructions)).toEqual([{ text: "Bring your admit card.", untranslated: false }]);
    expect(untranslatedSetTexts("hi", set)).toEqual([
      { what: "instructions", section: null },
      { what: "section", section: "A" },
    ]);
    expect(untranslatedSetTexts("en", set)).toEqual([]);
    expect(untranslatedSetTexts("hi", { instructions: [], sections: [] })).toEqual([]);
  });
});
