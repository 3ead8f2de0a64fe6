/**
 * Scoring an answer sheet against a finalized paper set's rules and frozen key (issue 15,
 * docs/domain.md, Exams, scoring and awards). Pure: no database, no HTTP; every mark can be explained question by question.
 *
 * Marks are counted in hundredths (integers), so that 0.5 or 0.25 never round: a paper's rules are
 * numeric(5, 2) in the database.
 */

/** What the sheet says for one question: option letters ("A", "BD"), "" blank, "*" double mark. */
export type MarkedAnswer = string;

export type AnswerRule = "single" | "multiple" | "at_least";

export interface ScoredQuestion {
  number: number;
  /** The keys of the correct options, frozen with the paper. */
  correct: readonly string[];
  /** The keys of the options the question offers (A, B, … in order; 2 to 6); any of A-F when absent. */
  options?: readonly string[];
}

export interface ScoringSection {
  label: string;
  /** Marks for a right answer and what a wrong one costs (0 or more), as the paper set stores them. */
  marksPerQuestion: number;
  negativeMarks: number;
  answerRule: AnswerRule;
  /** The section counts only when the section with this label reaches `countsIfMarks`. */
  countsIfSection?: string | null;
  countsIfMarks?: number | null;
  questions: readonly ScoredQuestion[];
}

export type Outcome = "right" | "wrong" | "blank" | "double";

export interface QuestionScore {
  number: number;
  section: string;
  marked: string;
  key: string;
  outcome: Outcome;
  /** In hundredths of a mark; negative for a wrong answer under negative marking. */
  marks: number;
}

export interface SectionScore {
  label: string;
  /** The section's own marks, in hundredths, whether or not they count. */
  marks: number;
  /** False when the section's qualifying rule was not met: its marks are not in the total. */
  counted: boolean;
  right: number;
  wrong: number;
  blank: number;
}

export interface SheetScore {
  /** In hundredths of a mark. */
  total: number;
  sections: SectionScore[];
  questions: QuestionScore[];
}

/** Marks in hundredths: 0.5 → 50, 1 → 100, 2 → 200. */
export const hundredths = (marks: number): number => Math.round(marks * 100);
/** Back to marks for display: 1950 → 19.5. */
export const fromHundredths = (value: number): number => value / 100;

/** The letters marked, upper case, each once, in order ("db" → "BD"); "*" stays a double mark. */
export function normaliseAnswer(answer: MarkedAnswer): string {
  const trimmed = answer.trim().toUpperCase();
  if (trimmed === "*") return "*";
  return [...new Set(trimmed.replace(/[^A-Z]/g, ""))].sort().join("");
}

/**
 * A double mark (decision 022): the vendor's "*" on any question, or several letters on a
 * single-answer question. The scoring, the explanation and the insight's Double column all ask here.
 */
export function isDoubleMark(rule: AnswerRule, marked: string): boolean {
  return marked === "*" || (rule === "single" && marked.length > 1);
}

/** How one question's answer fares under its section's rule (a double mark costs what a wrong one does). */
export function outcomeOf(rule: AnswerRule, marked: string, correct: readonly string[]): Outcome {
  if (marked === "") return "blank";
  if (isDoubleMark(rule, marked)) return "double";
  // Keys are at most six letters: includes() beats building a set a hundred million times.
  if (rule === "single") return correct.includes(marked) ? "right" : "wrong";
  const letters = [...marked];
  const onlyCorrect = letters.every((l) => correct.includes(l));
  if (rule === "multiple") return onlyCorrect && letters.length === new Set(correct).size ? "right" : "wrong";
  // at_least: some correct options and no wrong one.
  return onlyCorrect ? "right" : "wrong";
}

/** "A–D", or "A and B" for a question of two options. */
export function optionRange(options: readonly string[]): string {
  return options.length === 2 ? `${options[0]} and ${options[1]}` : `${options[0]}–${options.at(-1)}`;
}

/**
 * Why a marked answer cannot be this question's (decision 058): it marks an option the question
 * does not offer ("Question 7 has options A–D; the sheet marks E"); null when it can.
 */
export function notOffered(question: ScoredQuestion, marked: string): string | null {
  const { options } = question;
  if (!options || marked === "*") return null;
  for (const letter of marked) {
    if (!options.includes(letter)) {
      return `Question ${question.number} has options ${optionRange(options)}; the sheet marks ${marked}`;
    }
  }
  return null;
}

/**
 * Why a sheet (answers in the stored form, question n at n - 1) does not fit its paper: the first
 * answer that marks an option its question does not offer; null when every answer fits.
 */
export function sheetMisfit(sections: readonly ScoringSection[], answers: readonly MarkedAnswer[]): string | null {
  for (const section of sections) {
    for (const question of section.questions) {
      const misfit = notOffered(question, answers[question.number - 1] ?? "");
      if (misfit) return misfit;
    }
  }
  return null;
}

/**
 * Scores one sheet. A double mark on a single-answer question scores as a wrong answer (it costs
 * the negative marks, if any); a blank costs nothing. A section with a qualifying rule counts only
 * when the named section's own marks reach the threshold (Level 1: B counts when A ≥ 20).
 */
export function scoreSheet(
  sections: readonly ScoringSection[],
  answers: ReadonlyMap<number, MarkedAnswer> | readonly MarkedAnswer[],
  options: { explain?: boolean } = {},
): SheetScore {
  // A list holds question n at n - 1, read as the file reader left it (already normalised).
  const answerOf = Array.isArray(answers)
    ? (n: number) => (answers as readonly MarkedAnswer[])[n - 1] ?? ""
    : (n: number) => normaliseAnswer((answers as ReadonlyMap<number, MarkedAnswer>).get(n) ?? "");
  // Storing a million sheets needs only the totals; the explanation is built when someone reads it.
  const explain = options.explain ?? true;
  const questions: QuestionScore[] = [];
  const own: SectionScore[] = sections.map((section) => {
    const tally: SectionScore = { label: section.label, marks: 0, counted: true, right: 0, wrong: 0, blank: 0 };
    for (const question of section.questions) {
      const marked = answerOf(question.number);
      const outcome = outcomeOf(section.answerRule, marked, question.correct);
      const marks =
        outcome === "right"
          ? hundredths(section.marksPerQuestion)
          : outcome === "blank"
            ? 0
            : -hundredths(section.negativeMarks);
      if (outcome === "right") tally.right++;
      else if (outcome === "blank") tally.blank++;
      else tally.wrong++;
      tally.marks += marks;
      if (explain)
        questions.push({
          number: question.number,
          section: section.label,
          marked,
          key: [...question.correct].sort().join(""),
          outcome,
          marks,
        });
    }
    return tally;
  });
  return { ...qualified(sections, own), questions };
}

/** Applies the sections' qualifying rules to their own marks, and adds up the counted ones. */
function qualified(sections: readonly ScoringSection[], own: SectionScore[]): Omit<SheetScore, "questions"> {
  for (const [index, section] of sections.entries()) {
    if (!section.countsIfSection || section.countsIfMarks == null) continue;
    const gate = own.find((s) => s.label === section.countsIfSection);
    const score = own[index];
    if (score) score.counted = (gate?.marks ?? 0) >= hundredths(section.countsIfMarks);
  }
  return { total: own.reduce((sum, s) => sum + (s.counted ? s.marks : 0), 0), sections: own };
}

/** The symbols a line in the stored form marks an answer with, by character code: A-F and *. */
const STORED_SYMBOLS = "ABCDEF*";
const COMMA = 44;

/**
 * A scorer of answers already in the stored form ("A,,C,*": one letter A-F, "*" or nothing per
 * question, comma-separated) that reads the text in one walk, without splitting it: a million
 * sheets of 100 answers are 100 million outcomes. It gives exactly what `scoreSheet` gives for
 * `text.split(",")` (a property test holds it to that), without the explanation. Answers the
 * count of answers and, when it is `questionCount`, the score, or instead, when an answer marks an
 * option its question does not offer, `misfit` (sheetMisfit's message) and no score; null when the
 * text is not in the stored form (the caller reads it field by field).
 */
export function storedFormScorer(sections: readonly ScoringSection[], questionCount: number) {
  // Per question number - 1: its section's index and the outcome of each symbol.
  const outcomes: (Outcome | undefined)[] = [];
  // Per question number - 1 and symbol: why the symbol cannot be the question's answer, if it cannot.
  const misfits: (string | null)[] = [];
  const sectionOf: number[] = [];
  for (const [index, section] of sections.entries()) {
    for (const question of section.questions) {
      for (const [at, symbol] of [...STORED_SYMBOLS].entries()) {
        const cell = (question.number - 1) * STORED_SYMBOLS.length + at;
        outcomes[cell] = outcomeOf(section.answerRule, symbol, question.correct);
        misfits[cell] = notOffered(question, symbol);
      }
      sectionOf[question.number - 1] = index;
    }
  }
  const right = sections.map((section) => hundredths(section.marksPerQuestion));
  const wrong = sections.map((section) => -hundredths(section.negativeMarks));
  const symbolAt = new Int8Array(128).fill(-1);
  for (const [at, symbol] of [...STORED_SYMBOLS].entries()) symbolAt[symbol.charCodeAt(0)] = at;

  return (
    text: string,
    start = 0,
    end = text.length,
  ): { count: number; score: SheetScore | null; misfit?: string } | null => {
    const own: SectionScore[] = sections.map((section) => ({
      label: section.label,
      marks: 0,
      counted: true,
      right: 0,
      wrong: 0,
      blank: 0,
    }));
    let question = 0;
    let misfit: string | null = null;
    let at = start;
    for (;;) {
      // One field: nothing, or one symbol; then a comma or the end.
      const code = at < end ? text.charCodeAt(at) : COMMA;
      let symbol = -1;
      if (code !== COMMA) {
        symbol = code < 128 ? (symbolAt[code] as number) : -1;
        if (symbol < 0) return null;
        at += 1;
        if (at < end && text.charCodeAt(at) !== COMMA) return null;
      }
      const index = sectionOf[question];
      if (index !== undefined && question < questionCount) {
        const tally = own[index] as SectionScore;
        const cell = question * STORED_SYMBOLS.length + symbol;
        if (symbol >= 0 && misfit === null) misfit = misfits[cell] ?? null;
        const outcome = symbol < 0 ? "blank" : outcomes[cell];
        if (outcome === "right") {
          tally.right += 1;
          tally.marks += right[index] as number;
        } else if (outcome === "blank") tally.blank += 1;
        else {
          tally.wrong += 1;
          tally.marks += wrong[index] as number;
        }
      }
      question += 1;
      if (at >= end) break;
      at += 1;
    }
    if (question !== questionCount) return { count: question, score: null };
    if (misfit !== null) return { count: question, score: null, misfit };
    return { count: question, score: { ...qualified(sections, own), questions: [] } };
  };
}
