import { PAPER_DEFAULTS, qualifyingRuleSentence } from "@repo/contracts/papers-constants";
import { describe, expect, it } from "vitest";
import { qualifyingRuleProblems, type RuledSection, sectionMaximum } from "../src/domains/papers/qualifying";

/** Level 1's sections as a new set copies them: A 40 × 1 mark; B counts once A reaches 20. */
const level1 = (): RuledSection[] =>
  PAPER_DEFAULTS.level1.sections.map((s) => ({
    label: s.label,
    question_count: s.questionCount,
    marks_per_question: s.marksPerQuestion,
    counts_if_section: s.countsIfSection ?? null,
    counts_if_marks: s.countsIfMarks ?? null,
  }));
const resized = (sections: RuledSection[], label: string, change: Partial<RuledSection>) =>
  sections.map((s) => (s.label === label ? { ...s, ...change } : s));

describe("qualifying rules (decision 059)", () => {
  it("accepts the defaults, a rule at the gate's maximum and no rule at all", () => {
    expect(qualifyingRuleProblems(level1())).toEqual([]);
    expect(qualifyingRuleProblems(resized(level1(), "B", { counts_if_marks: 40 }))).toEqual([]);
    expect(qualifyingRuleProblems(resized(level1(), "B", { counts_if_section: null, counts_if_marks: null }))).toEqual(
      [],
    );
    expect(sectionMaximum({ question_count: 15, marks_per_question: 2 })).toBe(30);
    expect(sectionMaximum({ question_count: 3, marks_per_question: 0.25 })).toBe(0.75);
  });

  it("starts every level's new set with rules within reach", () => {
    for (const defaults of Object.values(PAPER_DEFAULTS)) {
      const sections = defaults.sections.map((s) => ({
        label: s.label,
        question_count: s.questionCount,
        marks_per_question: s.marksPerQuestion,
        counts_if_section: s.countsIfSection ?? null,
        counts_if_marks: s.countsIfMarks ?? null,
      }));
      expect(qualifyingRuleProblems(sections)).toEqual([]);
    }
  });

  it("refuses a mark above the gate's maximum, naming the section, the mark and the maximum", () => {
    // The paper: Section A cut to 3 questions, the rule left at 20.
    const problems = qualifyingRuleProblems(resized(level1(), "A", { question_count: 3 }));
    expect(problems).toEqual([
      {
        section: "B",
        gate: "A",
        field: "counts_if_marks",
        message:
          "Section B counts only when Section A reaches 20 marks, but Section A has at most 3 marks (3 questions of 1 mark): lower the mark to 3 or less, or remove the rule",
      },
    ]);
    // Marks per question count too: 3 questions of 2 marks hold 6.
    expect(
      qualifyingRuleProblems(
        resized(resized(level1(), "A", { question_count: 3, marks_per_question: 2 }), "B", { counts_if_marks: 6 }),
      ),
    ).toEqual([]);
    expect(
      qualifyingRuleProblems(
        resized(resized(level1(), "A", { question_count: 3, marks_per_question: 2 }), "B", { counts_if_marks: 6.5 }),
      )[0]?.message,
    ).toMatch(/reaches 6.5 marks, but Section A has at most 6 marks/);
  });

  it("refuses a gate that does not exist, the section itself, a loop, and half a rule", () => {
    const message = (change: Partial<RuledSection>) =>
      qualifyingRuleProblems(resized(level1(), "B", change)).map((p) => [p.field, p.message]);
    expect(message({ counts_if_section: "C" })).toEqual([
      ["counts_if_section", "Section B counts only when Section C reaches 20 marks, but this paper has no Section C"],
    ]);
    expect(message({ counts_if_section: "B" })).toEqual([
      ["counts_if_section", "Section B cannot depend on its own marks: choose another section, or remove the rule"],
    ]);
    expect(message({ counts_if_marks: null })[0]?.[0]).toBe("counts_if_marks");
    expect(message({ counts_if_section: null })[0]?.[0]).toBe("counts_if_section");
    expect(message({ counts_if_marks: 0 })[0]?.[1]).toMatch(/must be more than 0/);
    const loop = resized(level1(), "A", { counts_if_section: "B", counts_if_marks: 10 });
    expect(qualifyingRuleProblems(loop).map((p) => p.message)).toEqual([
      "Section A waits for Section B, which in turn waits for Section A: remove one of the rules",
      "Section B waits for Section A, which in turn waits for Section B: remove one of the rules",
    ]);
  });

  it("prints the rule from the set's own value in one sentence", () => {
    expect(qualifyingRuleSentence({ title: "Section B" }, "A", 3)).toBe(
      "Section B counts only when Section A reaches 3 marks",
    );
    expect(qualifyingRuleSentence({ title: "Section B" }, "A", 1)).toBe(
      "Section B counts only when Section A reaches 1 mark",
    );
    expect(qualifyingRuleSentence({ title: "Part two" }, "A", 12.5)).toBe(
      "Part two counts only when Section A reaches 12.5 marks",
    );
  });
});
