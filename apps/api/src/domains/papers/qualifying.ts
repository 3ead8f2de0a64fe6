/**
 * Whether a paper set's qualifying rules can be met (decision 059): "Section B counts only when
 * Section A reaches 20 marks" needs a Section A that exists, is not B itself, does not in turn
 * depend on B, and can hold 20 marks. Pure; saving, Check and Finalize all ask it.
 */
import { COUNTED, countOf } from "@repo/contracts/plural";

export interface RuledSection {
  label: string;
  /** The set's configured size: Finalize requires every place filled, so it is what a sheet has. */
  question_count: number;
  marks_per_question: number;
  counts_if_section: string | null;
  counts_if_marks: number | null;
}

export interface RuleProblem {
  /** The section whose rule fails. */
  section: string;
  /** The section it waits for, when the rule names one. */
  gate: string | null;
  /** The part of the rule to change: which section, or the mark. */
  field: "counts_if_section" | "counts_if_marks";
  message: string;
}

/** The most marks a section can hold: every question right (negative marks only lower it). */
export const sectionMaximum = (section: Pick<RuledSection, "question_count" | "marks_per_question">): number =>
  Math.round(section.question_count * section.marks_per_question * 100) / 100;

const marks = (n: number) => countOf(n, COUNTED.mark);

/** Every rule of `sections` that cannot be met, one problem per ruled section, in section order. */
export function qualifyingRuleProblems(sections: readonly RuledSection[]): RuleProblem[] {
  const byLabel = new Map(sections.map((s) => [s.label, s]));
  const problems: RuleProblem[] = [];
  for (const section of sections) {
    const gateLabel = section.counts_if_section;
    const mark = section.counts_if_marks;
    if (!gateLabel && mark == null) continue;
    const own = `Section ${section.label}`;
    const problem = (message: string, field: RuleProblem["field"] = "counts_if_section") =>
      problems.push({ section: section.label, gate: gateLabel ?? null, field, message });
    if (!gateLabel) {
      problem(`${own} has a qualifying mark but no section to reach it: choose the section, or remove the rule`);
      continue;
    }
    if (mark == null) {
      problem(
        `${own} counts only when Section ${gateLabel} reaches a mark: give the mark, or remove the rule`,
        "counts_if_marks",
      );
      continue;
    }
    if (gateLabel === section.label) {
      problem(`${own} cannot depend on its own marks: choose another section, or remove the rule`);
      continue;
    }
    const gate = byLabel.get(gateLabel);
    if (!gate) {
      problem(
        `${own} counts only when Section ${gateLabel} reaches ${marks(mark)}, but this paper has no Section ${gateLabel}`,
      );
      continue;
    }
    if (mark <= 0) {
      problem(
        `${own}'s qualifying mark must be more than 0; to let it always count, remove the rule`,
        "counts_if_marks",
      );
      continue;
    }
    const maximum = sectionMaximum(gate);
    if (mark > maximum) {
      problem(
        `${own} counts only when Section ${gateLabel} reaches ${marks(mark)}, but Section ${gateLabel} has at most ${marks(maximum)} (${countOf(gate.question_count, COUNTED.question)} of ${marks(gate.marks_per_question)}): lower the mark to ${maximum} or less, or remove the rule`,
        "counts_if_marks",
      );
      continue;
    }
    // A chain that comes back to this section: each would wait for the other.
    const seen = new Set([section.label]);
    let next: RuledSection | undefined = gate;
    while (next?.counts_if_section && !seen.has(next.label)) {
      seen.add(next.label);
      if (next.counts_if_section === section.label) {
        problem(`${own} waits for Section ${gateLabel}, which in turn waits for ${own}: remove one of the rules`);
        break;
      }
      next = byLabel.get(next.counts_if_section);
    }
  }
  return problems;
}
