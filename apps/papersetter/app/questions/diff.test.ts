import { describe, expect, it } from "vitest";
import { hasChanges, htmlWordDiff, joinParts, plainTextOf, versionDiffs, wordDiff } from "./diff";

describe("plainTextOf", () => {
  it("keeps what a reader sees: a line per paragraph, formulas as TeX, pictures named", () => {
    expect(
      plainTextOf(
        '<p>What is <strong>the value</strong> of <span class="ql-formula" data-value="x^2 + 1">x^2 + 1</span>?</p><p><br></p><ul><li>one&nbsp;&amp; two</li></ul><p><img src="data:image/png;base64,AAAA" alt=""></p>',
      ),
    ).toBe("What is the value of x^2 + 1 ?\none & two\n[image]");
  });

  it("reads a formula once, whatever Quill rendered inside its span", () => {
    expect(
      plainTextOf(
        '<p>E = <span class="ql-formula" data-value="mc^2"><span contenteditable="false"><span class="katex">mc<sup>2</sup></span></span></span> holds</p>',
      ),
    ).toBe("E = mc^2 holds");
    expect(plainTextOf('<p><span class="ql-formula" data-value="a &lt; b">a &lt; b</span></p>')).toBe("a < b");
  });

  it("is empty for an empty editor", () => {
    expect(plainTextOf("<p><br></p>")).toBe("");
    expect(plainTextOf("")).toBe("");
  });
});

describe("wordDiff", () => {
  it("marks the words that changed and keeps the rest", () => {
    const parts = wordDiff("Which of these is the SI unit of force?", "Which of these is the SI unit of energy?");
    expect(parts).toEqual([
      { kind: "same", text: "Which of these is the SI unit of" },
      { kind: "del", text: "force?" },
      { kind: "ins", text: "energy?" },
    ]);
    expect(joinParts(parts)).toBe("Which of these is the SI unit of [-force?-] [+energy?+]");
    expect(hasChanges(parts)).toBe(true);
  });

  it("finds insertions and deletions in the middle, at the start and at the end", () => {
    expect(joinParts(wordDiff("a b c d", "a x b d e"))).toBe("a [+x+] b [-c-] d [+e+]");
    expect(joinParts(wordDiff("one two", "zero one two"))).toBe("[+zero+] one two");
    expect(joinParts(wordDiff("", "new text"))).toBe("[+new text+]");
    expect(joinParts(wordDiff("old text", ""))).toBe("[-old text-]");
  });

  it("is all kept for equal texts, whatever their spacing", () => {
    const parts = wordDiff("same  words here", "same words   here");
    expect(parts).toEqual([{ kind: "same", text: "same words here" }]);
    expect(hasChanges(parts)).toBe(false);
    expect(wordDiff("", "")).toEqual([]);
  });

  it("keeps line breaks as their own tokens", () => {
    expect(joinParts(wordDiff("first line\nsecond line", "first line\nthird line"))).toBe(
      "first line\n[-second-] [+third+] line",
    );
    expect(joinParts(wordDiff("a", "a\nb"))).toBe("a[+\nb+]");
  });

  it("is the shortest edit: a moved word is one deletion and one insertion", () => {
    const parts = wordDiff("x y z w", "y z w x");
    expect(parts.filter((p) => p.kind !== "same")).toHaveLength(2);
    expect(joinParts(parts)).toBe("[-x-] y z w [+x+]");
  });

  it("shows a rewrite beyond its edit limit as replaced, not as a slow diff", () => {
    const before = Array.from({ length: 1500 }, (_, i) => `a${i}`).join(" ");
    const after = Array.from({ length: 1500 }, (_, i) => `b${i}`).join(" ");
    const parts = wordDiff(before, after);
    expect(parts.map((p) => p.kind)).toEqual(["del", "ins"]);
  });
});

describe("htmlWordDiff", () => {
  it("diffs what a reader sees of two versions' HTML", () => {
    const parts = htmlWordDiff(
      '<p>Find <span class="ql-formula" data-value="x^2">x^2</span> when x = 3.</p>',
      '<p>Find <span class="ql-formula" data-value="x^3">x^3</span> when <em>x</em> = 3.</p>',
    );
    expect(joinParts(parts)).toBe("Find [-x^2-] [+x^3+] when x = 3.");
  });
});

describe("versionDiffs", () => {
  const version = (text: string, correct: string[], options = ["<p>Joule</p>", "<p>Newton</p>"]) => ({
    content: {
      text,
      options: options.map((html, i) => ({ key: "ABCDEF"[i] as string, html })),
      correct,
      explanation: "",
    },
    question_type: "single",
    difficulty: "medium",
    marks: 1,
    subject: "Physics",
  });

  it("names each field that changed from the version before", () => {
    const diffs = versionDiffs(
      version("<p>The SI unit of force?</p>", ["B"]),
      version("<p>The SI unit of energy?</p>", ["A"], ["<p>Joule</p>", "<p>Newton</p>", "<p>Watt</p>"]),
    );
    expect(diffs.filter((d) => d.changed).map((d) => d.field)).toEqual(["question text", "option C", "correct answer"]);
    expect(joinParts(diffs.find((d) => d.field === "question text")?.parts ?? [])).toBe(
      "The SI unit of [-force?-] [+energy?+]",
    );
    expect(joinParts(diffs.find((d) => d.field === "correct answer")?.parts ?? [])).toBe("[-B-] [+A+]");
  });

  it("shows the first version as wholly written", () => {
    const diffs = versionDiffs(null, version("<p>New</p>", ["A"]));
    expect(diffs.find((d) => d.field === "question text")).toMatchObject({
      changed: true,
      parts: [{ kind: "ins", text: "New" }],
    });
    expect(diffs.find((d) => d.field === "explanation")).toMatchObject({ changed: false, parts: [] });
  });
});
