/**
 * The dry run of an answer-sheet upload (issue 15): what a file would store, and every reason a
 * sheet would not be, before anything is stored. Pure: the caller looks up students and paper sets.
 */
import { COUNTED, countOf } from "@repo/contracts/plural";
import { notOffered } from "./scoring";
import type { BadLine, ReadSheet } from "./sheet-format";

export interface KnownStudent {
  paid: boolean;
  classLevel: number;
}

export interface KnownPaper {
  classLevel: number;
  questionCount: number;
  /** The options each question offers, question n at n - 1 (decision 058); any of A-F when absent. */
  options?: readonly (readonly string[])[];
}

export interface SheetProblem {
  line: number;
  roll: string;
  message: string;
}

/**
 * What a report says of a roll number's rescans (decisions 022 and 057); `{…}` are filled in by
 * fillWords here and by staging.ts's fillSql in the database, so the two say the same.
 */
export const RESCAN_WORDS = {
  /** An earlier line of a roll number whose last line is stored. */
  replaced: "Replaced by line {line}, which has the same roll number",
  /** An earlier line of a roll number whose last line is refused. */
  replacedRefused: "Replaced by line {line} (refused), so roll {roll} has no sheet from this file",
  /** After each refused line of a roll number that keeps a sheet an earlier upload stored. */
  keeps: "; roll {roll} keeps the sheet stored from upload {upload} on {day}",
} as const;

export function fillWords(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** A sheet an earlier upload stored: which upload, and the day (as the report writes it). */
export interface StoredSheet {
  upload: number;
  day: string;
}

export interface DryRunReport {
  /** The sheets that would be stored: one per roll number. */
  accepted: ReadSheet[];
  /** Lines the file's format could not read. */
  malformed: BadLine[];
  unknownRolls: SheetProblem[];
  unpaid: SheetProblem[];
  wrongPapers: SheetProblem[];
  /** Earlier lines of a roll number that appears again: the last line wins (a rescan comes last). */
  replacedInFile: SheetProblem[];
  /** Roll numbers whose stored sheet the upload would replace. */
  replacingStored: string[];
}

/** Why a sheet would not be stored; null when it would be. */
export type SheetRefusal = { kind: "unknownRoll" | "unpaid" | "wrongPaper" | "replacedInFile"; message: string } | null;

/**
 * One sheet's fate, given the last line of each roll number in the file: a roll number twice keeps
 * its last line (vendors append rescans); unknown roll numbers, unpaid students and sheets of a
 * paper set that is not the student's class, with another number of answers than the paper's
 * questions, or marking an option a question does not offer, are refused.
 */
export function classifySheet(
  sheet: ReadSheet,
  lastLine: ReadonlyMap<string, number>,
  students: ReadonlyMap<string, KnownStudent>,
  papers: ReadonlyMap<string, KnownPaper>,
): SheetRefusal {
  const last = lastLine.get(sheet.roll);
  if (last !== sheet.line) {
    return { kind: "replacedInFile", message: fillWords(RESCAN_WORDS.replaced, { line: last ?? "" }) };
  }
  const student = students.get(sheet.roll);
  if (!student) return { kind: "unknownRoll", message: "No student of this exam year has this roll number" };
  if (!student.paid) return { kind: "unpaid", message: "The student's fee is not paid" };
  const paper = papers.get(sheet.code);
  if (!paper)
    return { kind: "wrongPaper", message: `There is no finalized paper set ${sheet.code} of this exam level` };
  if (paper.classLevel !== student.classLevel) {
    return { kind: "wrongPaper", message: `Paper set ${sheet.code} is for another class than the student's` };
  }
  if (sheet.answers.length !== paper.questionCount) {
    return {
      kind: "wrongPaper",
      message: `${countOf(sheet.answers.length, COUNTED.answer)} for the ${countOf(paper.questionCount, COUNTED.question)} of ${sheet.code}`,
    };
  }
  for (const [index, options] of (paper.options ?? []).entries()) {
    const misfit = notOffered({ number: index + 1, correct: [], options }, sheet.answers[index] ?? "");
    if (misfit) return { kind: "wrongPaper", message: misfit };
  }
  return null;
}

/**
 * Sorts every read sheet into what would be stored and what would not, and why (classifySheet).
 * A line that could not be read but names its roll number takes part as that roll number's line:
 * when it is the last, the roll number has no sheet from the file (decision 057). A refused roll
 * number with a sheet stored by an earlier upload keeps it, and each of its lines says so.
 */
export function dryRun(
  read: { sheets: readonly ReadSheet[]; bad: readonly BadLine[] },
  students: ReadonlyMap<string, KnownStudent>,
  papers: ReadonlyMap<string, KnownPaper>,
  stored: ReadonlyMap<string, StoredSheet> = new Map(),
): DryRunReport {
  const report: DryRunReport = {
    accepted: [],
    malformed: [],
    unknownRolls: [],
    unpaid: [],
    wrongPapers: [],
    replacedInFile: [],
    replacingStored: [],
  };
  const lastLine = new Map<string, number>();
  for (const line of [...read.sheets, ...read.bad].sort((a, b) => a.line - b.line)) {
    if (line.roll) lastLine.set(line.roll, line.line);
  }
  const lists = {
    unknownRoll: report.unknownRolls,
    unpaid: report.unpaid,
    wrongPaper: report.wrongPapers,
    replacedInFile: report.replacedInFile,
  };
  const refusedLast = new Set<string>(
    read.bad.flatMap((b) => (b.roll && lastLine.get(b.roll) === b.line ? [b.roll] : [])),
  );
  const replaced: SheetProblem[] = [];
  for (const sheet of read.sheets) {
    const refusal = classifySheet(sheet, lastLine, students, papers);
    if (refusal?.kind === "replacedInFile") {
      replaced.push({ line: sheet.line, roll: sheet.roll, message: "" });
      continue;
    }
    if (refusal) {
      refusedLast.add(sheet.roll);
      lists[refusal.kind].push({ line: sheet.line, roll: sheet.roll, message: refusal.message });
      continue;
    }
    if (stored.has(sheet.roll)) report.replacingStored.push(sheet.roll);
    report.accepted.push(sheet);
  }
  // Whether a replaced line's rescan was refused is known once every last line is sorted.
  for (const line of replaced) {
    const values = { line: lastLine.get(line.roll) ?? "", roll: line.roll };
    const words = refusedLast.has(line.roll) ? RESCAN_WORDS.replacedRefused : RESCAN_WORDS.replaced;
    report.replacedInFile.push({ ...line, message: fillWords(words, values) });
  }
  report.malformed = read.bad.map((b) => ({ ...b }));
  // Every line of a refused roll number that keeps an earlier upload's sheet says so.
  const keeps = (problem: { roll?: string; message: string }) => {
    const kept = problem.roll && refusedLast.has(problem.roll) ? stored.get(problem.roll) : undefined;
    if (kept) problem.message += fillWords(RESCAN_WORDS.keeps, { roll: problem.roll ?? "", ...kept });
  };
  for (const list of [
    report.malformed,
    report.unknownRolls,
    report.unpaid,
    report.wrongPapers,
    report.replacedInFile,
  ]) {
    list.forEach(keeps);
  }
  return report;
}
