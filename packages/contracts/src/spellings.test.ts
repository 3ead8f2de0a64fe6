import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";
import { SCHOOL_BOARDS, SCHOOL_CATEGORIES } from "./schools-constants";
import {
  BOARD_SPELLINGS,
  boardOf,
  CATEGORY_SPELLINGS,
  CLASS_SPELLINGS,
  CLASS_WORDS,
  categoryOf,
  classOf,
  GENDER_SPELLINGS,
  genderOf,
  LANGUAGE_SPELLINGS,
  languageOf,
  spellingsMarkdown,
} from "./spellings";
import { normalizeDate, studentFields } from "./students";
import { CLASS_LEVELS, GENDERS } from "./students-constants";

const DOC = fileURLToPath(new URL("../../../docs/domain/accepted-spellings.md", import.meta.url));

describe("the accepted spellings (issue 35 item 4)", () => {
  it("reads every gender spelling, in any case and spacing", () => {
    for (const gender of GENDERS) {
      for (const spelling of GENDER_SPELLINGS[gender.code]) {
        expect(genderOf(spelling), spelling).toBe(gender.code);
        expect(genderOf(` ${spelling.toUpperCase()} `), spelling).toBe(gender.code);
      }
    }
    expect(genderOf("M")).toBe("male");
    expect(genderOf("f")).toBe("female");
    expect(genderOf("पुरुष")).toBe("male");
    expect(genderOf("X")).toBeUndefined();
  });

  it("has a spelling of every gender in each of the 14 languages' scripts", () => {
    // One sample letter of each script the programme's languages use (Hindi, Marathi and
    // Sanskrit share Devanagari; Bengali and Assamese share one script).
    const scripts = [
      /\p{Script=Devanagari}/u,
      /\p{Script=Tamil}/u,
      /\p{Script=Telugu}/u,
      /\p{Script=Kannada}/u,
      /\p{Script=Malayalam}/u,
      /\p{Script=Gujarati}/u,
      /\p{Script=Gurmukhi}/u,
      /\p{Script=Bengali}/u,
      /\p{Script=Oriya}/u,
      /\p{Script=Arabic}/u,
    ];
    for (const gender of GENDERS) {
      for (const script of scripts) {
        expect(
          GENDER_SPELLINGS[gender.code].some((s) => script.test(s)),
          `${gender.code} ${script}`,
        ).toBe(true);
      }
    }
  });

  it("reads every language by code, English name, own name and other spellings", () => {
    for (const language of LANGUAGES) {
      for (const spelling of LANGUAGE_SPELLINGS[language.code])
        expect(languageOf(spelling), spelling).toBe(language.code);
      expect(languageOf(language.native)).toBe(language.code);
      expect(languageOf(language.name.toLowerCase())).toBe(language.code);
    }
    expect(languageOf("हिंदी")).toBe("hi");
    expect(languageOf("हिन्दी")).toBe("hi");
    // ड़ as one code point (U+095C) and as ड + nukta are the same word.
    expect(languageOf("\u0909\u095c\u093f\u092f\u093e")).toBe("or");
    expect(languageOf("\u0909\u0921\u093c\u093f\u092f\u093e")).toBe("or");
    expect(languageOf("Klingon")).toBeUndefined();
  });

  it("reads classes as 8, 8th, VIII, Class 8, 8th class, Std VIII, कक्षा 8", () => {
    for (const level of CLASS_LEVELS) {
      for (const spelling of CLASS_SPELLINGS[level]) {
        expect(classOf(spelling), spelling).toBe(level);
        for (const word of CLASS_WORDS) {
          expect(classOf(`${word} ${spelling}`), `${word} ${spelling}`).toBe(level);
          expect(classOf(`${spelling} ${word}`), `${spelling} ${word}`).toBe(level);
        }
      }
    }
    expect(classOf("viii")).toBe(8);
    expect(classOf("Class-8")).toBeUndefined();
    expect(classOf("12")).toBeUndefined();
  });

  it("reads boards and categories by their short forms", () => {
    for (const board of SCHOOL_BOARDS) {
      for (const spelling of BOARD_SPELLINGS[board.id] ?? []) expect(boardOf(spelling), spelling).toBe(board.id);
    }
    for (const category of SCHOOL_CATEGORIES) {
      for (const spelling of CATEGORY_SPELLINGS[category.id] ?? [])
        expect(categoryOf(spelling), spelling).toBe(category.id);
    }
    expect(boardOf("C.B.S.E.")).toBe(1);
    expect(categoryOf("Govt.")).toBe(1);
  });

  it("reads the usual date forms", () => {
    const forms = [
      "15/08/2012",
      "15-8-2012",
      "15.08.2012",
      "15/08/12",
      "2012-08-15",
      "2012/08/15",
      "2012.8.15",
      "15 Aug 2012",
      "15 August 2012",
      "15-Aug-2012",
      "15th Aug 2012",
      "15-aug-12",
      "Aug 15, 2012",
      "August 15 2012",
      "41136",
      "2012-08-15T00:00:00.000Z",
    ];
    for (const form of forms) expect(normalizeDate(form), form).toBe("2012-08-15");
    expect(normalizeDate(41136)).toBe("2012-08-15");
    expect(normalizeDate("15 Sept 2012")).toBe("2012-09-15");
    expect(normalizeDate("31 Feb 2012")).toBe("31 Feb 2012");
    expect(normalizeDate("15 Ma 2012")).toBe("15 Ma 2012");
  });

  it("lets a student row typed as people type it through the form's schema", () => {
    const parsed = studentFields.safeParse({
      first_name: "Asha",
      class_level: "Class 8",
      language: "हिंदी",
      gender: "F",
      date_of_birth: "15 Aug 2012",
      parent_name: "Suresh",
      phone: "9876543210",
    });
    expect(parsed.success && parsed.data).toMatchObject({
      class_level: 8,
      language: "hi",
      gender: "female",
      date_of_birth: "2012-08-15",
    });
  });

  it("is what docs/domain/accepted-spellings.md says (the doc cannot drift from the code)", () => {
    if (process.env.UPDATE_SPELLINGS_DOC) writeFileSync(DOC, spellingsMarkdown());
    // The formatter pads the tables' cells (npx biome check --write): compare the cells.
    const cells = (markdown: string) =>
      markdown
        .trim()
        .split("\n")
        .map((line) =>
          line.startsWith("|")
            ? line
                .split("|")
                .map((cell) => cell.trim().replace(/^-+$/, "-"))
                .join("|")
            : line,
        );
    expect(cells(readFileSync(DOC, "utf8"))).toEqual(cells(spellingsMarkdown()));
  });
});
