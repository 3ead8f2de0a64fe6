import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  denseRank,
  groupRanker,
  LEVEL1_TIE_BREAKS,
  packRankKey,
  rankKeys,
  rankWithin,
  winners,
} from "../src/domains/results/ranking";
import {
  isDoubleMark,
  normaliseAnswer,
  notOffered,
  outcomeOf,
  type ScoringSection,
  scoreSheet,
  sheetMisfit,
  storedFormScorer,
} from "../src/domains/results/scoring";

/** Questions numbered from `from`, every key "A" unless said. */
const questions = (from: number, count: number, key = ["A"]) =>
  Array.from({ length: count }, (_, i) => ({ number: from + i, correct: key }));

/** Level 1 as docs/domain.md, Exams, scoring and awards has it: A 40 and B 60 single-answer questions, B counts from 20 in A. */
const level1: ScoringSection[] = [
  { label: "A", marksPerQuestion: 1, negativeMarks: 0, answerRule: "single", questions: questions(1, 40) },
  {
    label: "B",
    marksPerQuestion: 1,
    negativeMarks: 0,
    answerRule: "single",
    countsIfSection: "A",
    countsIfMarks: 20,
    questions: questions(41, 60),
  },
];

/** Level 2: 50 multiple-answer questions, 2 marks, −0.5 for a wrong one (A 15, B 35). */
const level2: ScoringSection[] = [
  {
    label: "A",
    marksPerQuestion: 2,
    negativeMarks: 0.5,
    answerRule: "multiple",
    questions: questions(1, 15, ["A", "C"]),
  },
  { label: "B", marksPerQuestion: 2, negativeMarks: 0.5, answerRule: "multiple", questions: questions(16, 35, ["B"]) },
];

/** A sheet answering questions `from`..`to` with `answer`. */
const sheet = (...ranges: [number, number, string][]) => {
  const answers = new Map<number, string>();
  for (const [from, to, answer] of ranges) for (let n = from; n <= to; n++) answers.set(n, answer);
  return answers;
};

describe("scoring a sheet", () => {
  it("reads answers the way scanners write them", () => {
    expect(normaliseAnswer(" db ")).toBe("BD");
    expect(normaliseAnswer("aA")).toBe("A");
    expect(normaliseAnswer("*")).toBe("*");
    expect(normaliseAnswer("")).toBe("");
    expect(outcomeOf("single", "AB", ["A"])).toBe("double");
    expect(outcomeOf("single", "*", ["A"])).toBe("double");
    expect(outcomeOf("multiple", "AC", ["A", "C"])).toBe("right");
    expect(outcomeOf("multiple", "A", ["A", "C"])).toBe("wrong");
    expect(outcomeOf("at_least", "A", ["A", "C"])).toBe("right");
    expect(outcomeOf("at_least", "AB", ["A", "C"])).toBe("wrong");
  });

  it("counts Section B only when Section A reaches 20: at 19, 20 and 21", () => {
    // 19 right in A (21 wrong), all 60 of B right: B does not count.
    const at19 = scoreSheet(level1, sheet([1, 19, "A"], [20, 40, "B"], [41, 100, "A"]));
    expect(at19.sections.map((s) => [s.label, s.marks, s.counted])).toEqual([
      ["A", 1900, true],
      ["B", 6000, false],
    ]);
    expect(at19.total).toBe(1900);
    const at20 = scoreSheet(level1, sheet([1, 20, "A"], [21, 40, ""], [41, 100, "A"]));
    expect(at20.total).toBe(8000);
    const at21 = scoreSheet(level1, sheet([1, 21, "A"], [22, 40, "C"], [41, 50, "A"], [51, 100, "D"]));
    expect(at21.total).toBe(3100);
    expect(at21.sections[1]).toMatchObject({ marks: 1000, counted: true, right: 10, wrong: 50 });
  });

  it("scores a resized section by the rule its set stores: A cut to 3, B counting from 2 (decision 059)", () => {
    // The paper: 3 + 3 questions. With the rule left at 20, 4 of 6 right scored 1.
    const resized = (countsIfMarks: number): ScoringSection[] => [
      { label: "A", marksPerQuestion: 1, negativeMarks: 0, answerRule: "single", questions: questions(1, 3) },
      { ...level1[1], countsIfMarks, questions: questions(4, 3) } as ScoringSection,
    ];
    const fourOfSix = sheet([1, 1, "A"], [2, 3, "B"], [4, 6, "A"]);
    expect(scoreSheet(resized(20), fourOfSix).total).toBe(100);
    // The set's rule, lowered to what 3 questions can hold, is what scoring reads.
    expect(scoreSheet(resized(1), fourOfSix).total).toBe(400);
    const twoInA = sheet([1, 2, "A"], [3, 3, "B"], [4, 5, "A"], [6, 6, "B"]);
    expect(scoreSheet(resized(2), twoInA).sections.map((s) => [s.label, s.marks, s.counted])).toEqual([
      ["A", 200, true],
      ["B", 200, true],
    ]);
    expect(scoreSheet(resized(2), fourOfSix).total).toBe(100);
  });

  it("scores Level 2: all keys right, a partial answer wrong, blanks free, −0.5 each wrong", () => {
    // A: 10 right (AC), 3 partial (A only: wrong), 2 blank. B: 20 right, 5 wrong (C), 10 blank.
    const score = scoreSheet(level2, sheet([1, 10, "CA"], [11, 13, "A"], [16, 35, "B"], [36, 40, "C"]));
    expect(score.sections.map((s) => [s.label, s.marks, s.right, s.wrong, s.blank])).toEqual([
      ["A", 10 * 200 - 3 * 50, 10, 3, 2],
      ["B", 20 * 200 - 5 * 50, 20, 5, 10],
    ]);
    expect(score.total).toBe(1850 + 3750);
  });

  it("charges a double mark as a wrong answer, and explains every question", () => {
    const negative: ScoringSection[] = [
      { label: "A", marksPerQuestion: 1, negativeMarks: 0.25, answerRule: "single", questions: questions(1, 4, ["B"]) },
    ];
    const score = scoreSheet(negative, sheet([1, 1, "B"], [2, 2, "*"], [3, 3, "AB"], [4, 4, ""]));
    expect(score.questions).toEqual([
      { number: 1, section: "A", marked: "B", key: "B", outcome: "right", marks: 100 },
      { number: 2, section: "A", marked: "*", key: "B", outcome: "double", marks: -25 },
      { number: 3, section: "A", marked: "AB", key: "B", outcome: "double", marks: -25 },
      { number: 4, section: "A", marked: "", key: "B", outcome: "blank", marks: 0 },
    ]);
    expect(score.total).toBe(50);
  });

  it("adds up: the total is the counted sections' marks, each the sum of its questions", () => {
    const answer = fc.constantFrom("", "A", "B", "C", "D", "AC", "*", "AB");
    fc.assert(
      fc.property(fc.array(answer, { minLength: 100, maxLength: 100 }), (marks) => {
        const answers = new Map(marks.map((m, i) => [i + 1, m]));
        const score = scoreSheet(level1, answers);
        for (const section of score.sections) {
          const own = score.questions.filter((q) => q.section === section.label).reduce((s, q) => s + q.marks, 0);
          expect(section.marks).toBe(own);
        }
        expect(score.total).toBe(score.sections.filter((s) => s.counted).reduce((s, x) => s + x.marks, 0));
        expect(score.sections[1]?.counted).toBe((score.sections[0]?.marks ?? 0) >= 2000);
      }),
    );
  });
});

describe("answers a question cannot have (decision 058)", () => {
  const fourOptions = { number: 7, correct: ["B"], options: ["A", "B", "C", "D"] };
  it("names the question, its options and what the sheet marks", () => {
    expect(notOffered(fourOptions, "E")).toBe("Question 7 has options A–D; the sheet marks E");
    expect(notOffered(fourOptions, "BF")).toBe("Question 7 has options A–D; the sheet marks BF");
    expect(notOffered({ number: 2, correct: ["A"], options: ["A", "B"] }, "C")).toBe(
      "Question 2 has options A and B; the sheet marks C",
    );
    for (const fits of ["", "*", "A", "D", "AD"]) expect(notOffered(fourOptions, fits)).toBeNull();
    // A question without its options listed takes any of A-F, as before.
    expect(notOffered({ number: 1, correct: ["A"] }, "F")).toBeNull();
  });

  it("finds the first answer of a sheet that does not fit its question", () => {
    const sections: ScoringSection[] = [
      {
        label: "A",
        marksPerQuestion: 1,
        negativeMarks: 0,
        answerRule: "single",
        questions: [
          { number: 1, correct: ["A"], options: ["A", "B", "C", "D", "E", "F"] },
          { number: 2, correct: ["A"], options: ["A", "B", "C", "D"] },
          { number: 3, correct: ["A"], options: ["A", "B"] },
        ],
      },
    ];
    expect(sheetMisfit(sections, ["F", "D", "B"])).toBeNull();
    expect(sheetMisfit(sections, ["F", "E", "C"])).toBe("Question 2 has options A–D; the sheet marks E");
  });
});

describe("double marks", () => {
  it("are '*' on any question and several letters on a single-answer one, charged as wrong answers", () => {
    expect(isDoubleMark("single", "*")).toBe(true);
    expect(isDoubleMark("single", "AB")).toBe(true);
    expect(isDoubleMark("multiple", "*")).toBe(true);
    expect(isDoubleMark("multiple", "AB")).toBe(false);
    expect(isDoubleMark("at_least", "AB")).toBe(false);
    expect(isDoubleMark("single", "A")).toBe(false);
    expect(outcomeOf("multiple", "*", ["A", "C"])).toBe("double");
  });
});

describe("scoring the stored form in one walk", () => {
  const symbol = fc.constantFrom("", "A", "B", "C", "D", "E", "F", "*");
  // Each question's options (2 to 6, keyed in order) and its correct options among them.
  const question = fc
    .integer({ min: 2, max: 6 })
    .chain((n) =>
      fc
        .subarray(["A", "B", "C", "D", "E", "F"].slice(0, n), { minLength: 1, maxLength: Math.min(3, n) })
        .map((correct) => ({ correct, options: ["A", "B", "C", "D", "E", "F"].slice(0, n) })),
    );
  const section = fc.record({
    answerRule: fc.constantFrom("single" as const, "multiple" as const, "at_least" as const),
    marksPerQuestion: fc.constantFrom(1, 2, 0.5, 4),
    negativeMarks: fc.constantFrom(0, 0.5, 0.25, 1),
    keys: fc.array(question, { minLength: 1, maxLength: 8 }),
    gate: fc.option(fc.constantFrom(0, 1, 3, 6)),
    // Papers whose questions list their options, and (as before) papers whose do not.
    listed: fc.boolean(),
  });
  const paper = fc.array(section, { minLength: 1, maxLength: 3 }).map((drawn) => {
    let number = 0;
    const sections: ScoringSection[] = drawn.map((d, i) => ({
      label: String.fromCharCode(65 + i),
      marksPerQuestion: d.marksPerQuestion,
      negativeMarks: d.negativeMarks,
      answerRule: d.answerRule,
      // A later section may count only when the first reaches its gate (Level 1's rule).
      countsIfSection: i > 0 && d.gate !== null ? "A" : null,
      countsIfMarks: i > 0 ? d.gate : null,
      questions: d.keys.map((q) => ({
        number: ++number,
        correct: q.correct,
        ...(d.listed ? { options: q.options } : {}),
      })),
    }));
    return { sections, questionCount: number };
  });

  it("gives what scoreSheet gives for the split answers, and counts every answer", () => {
    fc.assert(
      fc.property(paper, fc.array(symbol, { minLength: 1, maxLength: 26 }), (p, drawn) => {
        // Mostly as many answers as questions; sometimes fewer or more, which are counted, not scored.
        const answers = drawn.length > 20 ? drawn : Array.from({ length: p.questionCount }, (_, i) => drawn[i] ?? "");
        const text = answers.join(",");
        const walked = storedFormScorer(p.sections, p.questionCount)(`R,${text}\r`, 2, text.length + 2);
        expect(walked?.count).toBe(answers.length);
        // A sheet of the paper's length is refused when an answer is not one of its question's
        // options (with sheetMisfit's message), else scored as scoreSheet scores it.
        const fits = answers.length === p.questionCount;
        const misfit = fits ? sheetMisfit(p.sections, answers) : null;
        expect(walked?.misfit ?? null).toBe(misfit);
        expect(walked?.score ?? null).toEqual(
          fits && !misfit ? scoreSheet(p.sections, answers, { explain: false }) : null,
        );
      }),
    );
  });

  it("refuses what is not the stored form: several letters, lower case, spaces, other letters", () => {
    const walk = storedFormScorer([], 0);
    for (const text of ["A,BD", "a", "A, B", "G", "A,,*,Z", "A;B"]) expect(walk(text)).toBeNull();
    expect(walk("A,,*,F")?.count).toBe(4);
    expect(walk("")?.count).toBe(1);
  });
});

describe("ranking", () => {
  const entry = (id: string, ...keys: number[]) => ({ id, keys });

  it("ranks densely by the chain: total, then Section A, then fewer wrong answers", () => {
    const a = scoreSheet(level1, sheet([1, 30, "A"], [41, 60, "A"]));
    const b = scoreSheet(level1, sheet([1, 25, "A"], [41, 65, "A"]));
    const c = scoreSheet(level1, sheet([1, 30, "A"], [31, 40, "B"], [41, 60, "A"]));
    // Same total 50; b has less in A; c as much as a in A but 10 wrong answers more.
    expect([a.total, b.total, c.total]).toEqual([5000, 5000, 5000]);
    const ranked = denseRank([
      { id: "R3", keys: rankKeys(c, LEVEL1_TIE_BREAKS) },
      { id: "R2", keys: rankKeys(b, LEVEL1_TIE_BREAKS) },
      { id: "R1", keys: rankKeys(a, LEVEL1_TIE_BREAKS) },
    ]);
    expect(ranked.map((r) => [r.id, r.rank])).toEqual([
      ["R1", 1],
      ["R3", 2],
      ["R2", 3],
    ]);
  });

  it("counts wrong answers in the tie-break only in sections that counted (decision 059)", () => {
    // Neither reaches 20 in A, so B counts for neither; R2 guessed in B, R1 left it blank.
    const blankB = scoreSheet(level1, sheet([1, 10, "A"], [11, 40, "B"]));
    const guessedB = scoreSheet(level1, sheet([1, 10, "A"], [11, 40, "B"], [41, 100, "B"]));
    expect(guessedB.sections.map((s) => [s.label, s.wrong, s.counted])).toEqual([
      ["A", 30, true],
      ["B", 60, false],
    ]);
    const notCounted = denseRank([
      { id: "R2", keys: rankKeys(guessedB, LEVEL1_TIE_BREAKS) },
      { id: "R1", keys: rankKeys(blankB, LEVEL1_TIE_BREAKS) },
    ]);
    expect(notCounted.map((r) => [r.id, r.rank])).toEqual([
      ["R1", 1],
      ["R2", 1],
    ]);
    // Both reach 20 in A, so B counts: the one with fewer wrong answers in B ranks first.
    const fewer = scoreSheet(level1, sheet([1, 20, "A"], [41, 50, "A"]));
    const more = scoreSheet(level1, sheet([1, 20, "A"], [41, 50, "A"], [51, 60, "B"]));
    expect([fewer.total, more.total]).toEqual([3000, 3000]);
    const counted = denseRank([
      { id: "R2", keys: rankKeys(more, LEVEL1_TIE_BREAKS) },
      { id: "R1", keys: rankKeys(fewer, LEVEL1_TIE_BREAKS) },
    ]);
    expect(counted.map((r) => [r.id, r.rank])).toEqual([
      ["R1", 1],
      ["R2", 2],
    ]);
  });

  it("packs a chain into one integer that sorts exactly like the keys compared in order", () => {
    const key = fc.integer({ min: -1_000_000, max: 1_000_000 });
    const chain = fc.tuple(key, key, fc.integer({ min: -200, max: 0 }));
    fc.assert(
      fc.property(chain, chain, (a, b) => {
        const byKeys = Math.sign(a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
        const packedA = packRankKey(a);
        const packedB = packRankKey(b);
        const byPacked = packedA > packedB ? 1 : packedA < packedB ? -1 : 0;
        expect(byPacked).toBe(byKeys);
      }),
    );
    expect(packRankKey([10_000, 4_000, -100]) < 2n ** 63n).toBe(true);
    expect(() => packRankKey([2 ** 20, 0, 0])).toThrow(/out of range/);
  });

  it("gives equal keys one rank and the next keys the next number", () => {
    const ranked = denseRank([entry("b", 90), entry("a", 90), entry("c", 80), entry("d", 70), entry("e", 70)]);
    expect(ranked.map((r) => `${r.id}:${r.rank}`)).toEqual(["a:1", "b:1", "c:2", "d:3", "e:3"]);
  });

  it("is reproducible: any order of the same sheets gives the same ranks and listing", () => {
    const entries = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 6 }),
        keys: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 3, maxLength: 3 }),
      }),
      { selector: (e) => e.id, maxLength: 60 },
    );
    fc.assert(
      fc.property(entries, fc.infiniteStream(fc.nat()), (list, seeds) => {
        const once = JSON.stringify(denseRank(list));
        const shuffled = [...list].sort(() => (seeds.next().value % 3) - 1);
        expect(JSON.stringify(denseRank(shuffled))).toBe(once);
        const ranks = denseRank(list).map((r) => r.rank);
        // Dense: starts at 1, never skips, never goes down.
        for (const [i, rank] of ranks.entries()) {
          const step = rank - (ranks[i - 1] ?? 0);
          expect(step).toBeGreaterThanOrEqual(i === 0 ? 1 : 0);
          expect(step).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it("ranks many groups in one pass of the sheets sorted best first, exactly as the rule ranks each group", () => {
    // The store job's fast path (store.ts rebuildRanks): one sort by class and packed key, then
    // one pass; it must give every group the ranks rankWithin gives it, and positions of 1 + how
    // many of the group are strictly better.
    const sheets = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 6 }),
        classLevel: fc.integer({ min: 6, max: 8 }),
        school: fc.option(fc.integer({ min: 1, max: 4 })),
        state: fc.integer({ min: 1, max: 2 }),
        keys: fc.tuple(
          fc.integer({ min: -3, max: 3 }),
          fc.integer({ min: -2, max: 2 }),
          fc.integer({ min: -2, max: 0 }),
        ),
      }),
      { selector: (e) => e.id, maxLength: 80 },
    );
    fc.assert(
      fc.property(sheets, (list) => {
        type Sheet = (typeof list)[number];
        const packed = (s: Sheet) => packRankKey(s.keys);
        const sorted = [...list].sort((a, b) =>
          a.classLevel !== b.classLevel
            ? a.classLevel - b.classLevel
            : packed(a) > packed(b)
              ? -1
              : packed(a) < packed(b)
                ? 1
                : 0,
        );
        const groupings: [string, (s: Sheet) => string | null][] = [
          ["school", (s) => (s.school === null ? null : `${s.classLevel}/${s.school}`)],
          ["state", (s) => `${s.classLevel}/${s.state}`],
          ["national", (s) => `${s.classLevel}`],
        ];
        for (const [, groupOf] of groupings) {
          const rank = groupRanker<string, bigint>();
          const fast = new Map<string, { rank: number; position: number }>();
          for (const sheet of sorted) {
            const group = groupOf(sheet);
            if (group === null) continue;
            const { rank: dense, position } = rank(group, packed(sheet));
            fast.set(sheet.id, { rank: dense, position });
          }
          const inGroups = list.filter((s) => groupOf(s) !== null);
          const reference = rankWithin(inGroups, (s) => groupOf(s) as string);
          for (const sheet of inGroups) {
            const group = reference.get(groupOf(sheet) as string) ?? [];
            const better = inGroups.filter((o) => groupOf(o) === groupOf(sheet) && packed(o) > packed(sheet)).length;
            expect(fast.get(sheet.id)).toEqual({
              rank: group.find((r) => r.id === sheet.id)?.rank,
              position: 1 + better,
            });
          }
        }
      }),
    );
  });

  it("ranks inside each group separately", () => {
    const groups = rankWithin(
      [
        { id: "1", keys: [5], school: "S1" },
        { id: "2", keys: [7], school: "S2" },
        { id: "3", keys: [9], school: "S1" },
      ],
      (e) => e.school,
    );
    expect(groups.get("S1")?.map((r) => [r.id, r.rank])).toEqual([
      ["3", 1],
      ["1", 2],
    ]);
    expect(groups.get("S2")?.map((r) => r.rank)).toEqual([1]);
  });
});

describe("winners", () => {
  const ranked = (...keys: number[]) =>
    denseRank(keys.map((k, i) => ({ id: `S${String(i).padStart(2, "0")}`, keys: [k] })));

  it("takes the places, and the whole tie at the cut-off, marked", () => {
    // Top 3 of 95, 90, 90, 90, 80: the tie at 90 takes four.
    const top = winners(ranked(95, 90, 90, 90, 80), 3);
    expect(top.map((w) => [w.keys[0], w.tieAtCutoff])).toEqual([
      [95, false],
      [90, true],
      [90, true],
      [90, true],
    ]);
    // A tie that fits inside the places is not marked.
    expect(winners(ranked(95, 90, 90, 80), 3).map((w) => w.tieAtCutoff)).toEqual([false, false, false]);
    // Fewer sheets than places: everyone, nothing marked.
    expect(winners(ranked(70, 60), 3)).toHaveLength(2);
    expect(winners(ranked(), 3)).toEqual([]);
  });

  it("never leaves out a sheet that ties with a winner, and never takes fewer than the places", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 25 }),
        (keys, places) => {
          const all = ranked(...keys);
          const chosen = winners(all, places);
          expect(chosen.length).toBe(
            all.length < places ? all.length : all.filter((r) => r.rank <= (all[places - 1]?.rank ?? 0)).length,
          );
          const lowest = chosen.at(-1)?.rank ?? 0;
          expect(all.filter((r) => r.rank <= lowest)).toHaveLength(chosen.length);
        },
      ),
    );
  });
});
