import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import {
  ANSWER_UPLOAD_STATUSES,
  type AnswerUploadStatus,
  RESET_LEVELS,
  RESULT_SHEET_FORMATS,
} from "@repo/contracts/results-constants";
import type { BadgeTone } from "@repo/ui/badge";
import { formatDateTime } from "@repo/ui/format";
import type { AnswerUploadItem, AnswerUploadReport } from "./answer-uploads.server";

/** The exam levels in the order an admin meets them, named as the reset page asks to type them. */
export const UPLOAD_LEVELS = RESET_LEVELS.map((l) => ({ value: l.level, label: l.confirm }));

export const levelName = (code: string) => UPLOAD_LEVELS.find((l) => l.value === code)?.label ?? code;
export const formatName = (code: string) => RESULT_SHEET_FORMATS.find((f) => f.code === code)?.name ?? code;

const TONES: Record<AnswerUploadStatus, BadgeTone> = {
  checking: "info",
  checked: "warning",
  storing: "info",
  stored: "success",
  failed: "danger",
  deleted: "neutral",
};

/** An upload's status in words (ANSWER_UPLOAD_STATUSES) and the badge's tone. */
export function uploadStatus(code: AnswerUploadStatus): { name: string; tone: BadgeTone } {
  return { name: ANSWER_UPLOAD_STATUSES.find((s) => s.code === code)?.name ?? code, tone: TONES[code] };
}

export const figure = (n: number) => n.toLocaleString("en-IN");
export const count = (n: number, one: string, many: string) => `${figure(n)} ${n === 1 ? one : many}`;

/** One figure of an upload's report. */
export interface ReportFigure {
  key: "lines" | "sheets" | "now" | "replacing" | "refused";
  label: string;
  value: number;
}

type UploadState = Pick<AnswerUploadItem, "status" | "stored_sheets" | "current_sheets">;

/**
 * The report's figures as they are true now: a deleted upload (discarded, deleted or taken by a
 * reset) says what its check accepted or what it had stored, and that it stores nothing now
 * (issue 36 item 5).
 */
export function reportFigures(upload: UploadState, report: AnswerUploadReport): ReportFigure[] {
  const refused = Object.values(report.counts).reduce((sum, n) => sum + n, 0);
  const lines: ReportFigure = { key: "lines", label: "Lines read", value: report.lines };
  const refusedFigure: ReportFigure = { key: "refused", label: "Lines refused", value: refused };
  if (upload.status === "deleted") {
    const sheets: ReportFigure =
      upload.stored_sheets === null
        ? { key: "sheets", label: "Sheets the check accepted", value: report.accepted }
        : { key: "sheets", label: "Sheets stored, then deleted", value: upload.stored_sheets };
    return [lines, sheets, { key: "now", label: "Sheets stored now", value: upload.current_sheets }, refusedFigure];
  }
  return [
    lines,
    { key: "sheets", label: upload.status === "stored" ? "Sheets stored" : "Sheets to store", value: report.accepted },
    { key: "replacing", label: "Of which replace stored sheets", value: report.replacing_stored },
    refusedFigure,
  ];
}

/** What became of a deleted upload, in one sentence. */
export function deletedText(upload: UploadState & Pick<AnswerUploadItem, "deleted_at">): string {
  const when = upload.deleted_at ? ` on ${formatDateTime(upload.deleted_at)}` : "";
  return upload.stored_sheets === null
    ? `Deleted${when} without being stored: nothing of this file was stored.`
    : `Deleted${when}: the ${countOf(upload.stored_sheets, COUNTED.sheet)} it stored ${pluralWord(upload.stored_sheets, COUNTED.was)} taken away or had been replaced by later uploads; none of its sheets is stored now.`;
}
