/** Why a file cannot be read as a spreadsheet; the message is written for the person uploading it. */
export type SpreadsheetProblem =
  | "format"
  | "too-large"
  | "too-many-rows"
  | "columns"
  | "empty"
  | "encrypted"
  | "unreadable";

export class SpreadsheetError extends Error {
  constructor(
    readonly problem: SpreadsheetProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SpreadsheetError";
  }

  /** 413 for sizes, 422 for everything else: the request was understood, the file is not usable. */
  get status(): 413 | 422 {
    return this.problem === "too-large" ? 413 : 422;
  }
}

export const NOT_A_SPREADSHEET = "This file is neither an Excel workbook (.xlsx) nor a CSV file";
