import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  cleanHtml,
  formulaMismatches,
  formulasOf,
  plainText,
  sourceHash,
  type VersionContent,
  versionChanges,
} from "../src/domains/papers/content";
import { searchQuery } from "../src/domains/papers/questions";

const f = (tex: string) => `<span class="ql-formula" data-value="${tex}">${tex}</span>`;
const base: VersionContent = {
  text: `<p>Simplify ${f("a^2 - b^2")}</p>`,
  options: [
    { key: "A", html: `<p>${f("(a-b)(a+b)")}</p>` },
    { key: "B", html: "<p>None</p>" },
  ],
  correct: ["A"],
  explanation: "",
  type: "single",
  difficulty: "easy",
  marks: 1,
  subject_id: 4,
};

describe("question content", () => {
  it("reads formulas back from sanitised HTML, entities decoded", () => {
    expect(formulasOf(cleanHtml(`<p>${f("x &lt; y")} and ${f("\\frac{1}{2}")}</p>`))).toEqual([
      "x < y",
      "\\frac{1}{2}",
    ]);
  });

  it("keeps formulas locked field by field, in any order", () => {
    const same = { text: `<p>${f("a^2 - b^2")} को सरल करें</p>`, options: base.options, explanation: "" };
    expect(formulaMismatches(base, same)).toEqual([]);
    const changed = {
      ...same,
      options: [
        { key: "A", html: "<p>(a-b)(a+b)</p>" },
        { key: "B", html: "<p>None</p>" },
      ],
    };
    expect(formulaMismatches(base, changed)).toEqual([
      { field: "options.0.html", message: "Keep the formulas of the option A exactly as in the source: (a-b)(a+b)" },
    ]);
    const extra = { ...same, explanation: `<p>${f("x")}</p>` };
    expect(formulaMismatches(base, extra)[0]).toMatchObject({ field: "explanation" });
  });

  it("names what changed between versions", () => {
    expect(versionChanges(null, base)).toEqual(["written"]);
    const next = {
      ...base,
      options: [...base.options, { key: "C", html: "<p>x</p>" }],
      correct: ["C"],
      marks: 2,
    };
    expect(versionChanges(base, next)).toEqual(["option C added", "correct answer", "marks"]);
    expect(versionChanges(base, { ...base })).toEqual([]);
  });

  it("hashes what translators translate only, and serialises canonically", () => {
    const otherAnswer: VersionContent = { ...base, correct: ["B"] };
    const otherWords: VersionContent = { ...base, explanation: "<p>why</p>" };
    expect(sourceHash(otherAnswer)).toBe(sourceHash(base));
    expect(sourceHash(otherWords)).not.toBe(sourceHash(base));
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
  });

  it("makes plain text for search with the formulas' TeX", () => {
    expect(plainText(`<p>Simplify&nbsp;${f("a^2")}</p><p>now</p>`)).toBe("Simplify a^2 now");
  });

  it("turns the search box into word prefixes, with no operators", () => {
    expect(searchQuery("Light  MOTION")).toBe("light:* & motion:*");
    expect(searchQuery("a&b|c:*!(d)")).toBe("a:* & b:* & c:* & d:*");
    expect(searchQuery("बल का")).toBe("बल:* & का:*");
    expect(searchQuery("%%")).toBeNull();
  });
});
