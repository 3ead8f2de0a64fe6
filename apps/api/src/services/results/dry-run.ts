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
    return { kind: "replacedInFile", message: `Replaced by line ${last}, which has the same roll number` };
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

/** Sorts every read sheet into what would be stored and what would not, and why (classifySheet). */
export function dryRun(
  read: { sheets: readonly ReadSheet[]; bad: readonly BadLine[] },
  students: ReadonlyMap<string, KnownStudent>,
  papers: ReadonlyMap<string, KnownPaper>,
  stored: ReadonlySet<string> = new Set(),
): DryRunReport {
  const report: DryRunReport = {
    accepted: [],
    malformed: [...read.bad],
    unknownRolls: [],
    unpaid: [],
    wrongPapers: [],
    replacedInFile: [],
    replacingStored: [],
  };
  const lastLine = new Map<string, number>();
  for (const sheet of read.sheets) lastLine.set(sheet.roll, sheet.line);
  const lists = {
    unknownRoll: report.unknownRolls,
    unpaid: report.unpaid,
    wrongPaper: report.wrongPapers,
    replacedInFile: report.replacedInFile,
  };
  for (const sheet of read.sheets) {
    const refusal = classifySheet(sheet, lastLine, students, papers);
    if (refusal) {
      lists[refusal.kind].push({ line: sheet.line, roll: sheet.roll, message: refusal.message });
      continue;
    }
    if (stored.has(sheet.roll)) report.replacingStored.push(sheet.roll);
    report.accepted.push(sheet);
  }
  return report;
}
