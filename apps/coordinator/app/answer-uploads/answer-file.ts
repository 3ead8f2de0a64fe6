import type { FieldError } from "@repo/contracts/envelope";
import { NO_ANSWER_FILE, RESULT_LIMITS } from "@repo/contracts/results-constants";
import { ANSWER_UPLOAD_PATHS } from "./answer-uploads-paths";

/** What the upload route answers the screen: the upload and its check job, or why the file was refused. */
export interface AnswerFileAnswer {
  ok: boolean;
  message: string;
  uploadId?: number;
  jobId?: number;
  errors?: FieldError[];
}

/**
 * The vendors' files are plain text under any name (.txt, .csv, .dat): the file input takes any
 * file and the API tells text from anything else by content (decision 058).
 */
export { NO_ANSWER_FILE };

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
export const answerFileTooLarge = (bytes: number) =>
  `The file is ${megabytes(bytes)} MB; at most ${RESULT_LIMITS.maxUploadBytes / 1024 / 1024} MB can be uploaded at once. Split it into smaller files.`;

/**
 * Sends the vendor's file with its level and format to the app's upload route (which forwards it
 * to the API); a lost connection or an ended session becomes a message, never an exception.
 */
export async function sendAnswerFile(
  file: File,
  fields: { exam_level: string; format: string },
  csrf: string,
): Promise<AnswerFileAnswer> {
  const form = new FormData();
  form.set("csrf", csrf);
  form.set("exam_level", fields.exam_level);
  form.set("format", fields.format);
  form.set("file", file, file.name);
  let response: Response;
  try {
    response = await fetch(ANSWER_UPLOAD_PATHS.upload, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
    });
  } catch {
    return { ok: false, message: "The file could not be sent. Check your connection and try again." };
  }
  if ((response.headers.get("content-type") ?? "").includes("json")) return (await response.json()) as AnswerFileAnswer;
  // Not JSON: a redirect to the sign-in page (the session ended), or a proxy's own error page.
  if (response.redirected && new URL(response.url).pathname === "/login") {
    return { ok: false, message: "Your session has ended. Reload the page and sign in again." };
  }
  return {
    ok: false,
    message:
      response.status === 413
        ? "The file is too large to upload. Split it into smaller files."
        : "The file could not be uploaded. Please try again.",
  };
}
