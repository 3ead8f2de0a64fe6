import {
  ANSWER_UPLOAD_STATUSES,
  type AnswerUploadStatus,
  RESET_LEVELS,
  RESULT_SHEET_FORMATS,
} from "@repo/contracts/results-constants";
import type { BadgeTone } from "@repo/ui/badge";

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
