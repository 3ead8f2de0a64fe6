/**
 * The dry run of an answer-sheet upload (issue 15): what a file would store, and every reason a
 * sheet would not be, before anything is stored. Pure: the caller looks up students and paper sets.
 */
import type { BadLine, ReadSheet } from "./sheet-format";

export interface KnownStudent {
  paid: boolean;
  classLevel: number;
}

export interface KnownPaper {
  classLevel: number;
  questionCount: number;
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

/**
 * Sorts every read sheet into what would be stored and what would not, and why. A roll number
 * twice in a file keeps its last line (vendors append rescans); unknown roll numbers, unpaid
 * students and sheets of a paper set that is not the student's class, or with another number of
 * answers than the paper's questions, are reported and not stored.
 */
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
  for (const sheet of read.sheets) {
    const problem = (message: string) => ({ line: sheet.line, roll: sheet.roll, message });
    if (lastLine.get(sheet.roll) !== sheet.line) {
      report.replacedInFile.push(
        problem(`Replaced by line ${lastLine.get(sheet.roll)}, which has the same roll number`),
      );
      continue;
    }
    const student = students.get(sheet.roll);
    if (!student) {
      report.unknownRolls.push(problem("No student of this exam year has this roll number"));
      continue;
    }
    if (!student.paid) {
      report.unpaid.push(problem("The student's fee is not paid"));
      continue;
    }
    const paper = papers.get(sheet.code);
    if (!paper) {
      report.wrongPapers.push(problem(`There is no finalized paper set ${sheet.code}`));
      continue;
    }
    if (paper.classLevel !== student.classLevel) {
      report.wrongPapers.push(problem(`Paper set ${sheet.code} is for another class than the student's`));
      continue;
    }
    if (sheet.answers.length !== paper.questionCount) {
      report.wrongPapers.push(
        problem(`${sheet.answers.length} answers for the ${paper.questionCount} questions of ${sheet.code}`),
      );
      continue;
    }
    if (stored.has(sheet.roll)) report.replacingStored.push(sheet.roll);
    report.accepted.push(sheet);
  }
  return report;
}
