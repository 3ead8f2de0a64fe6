import { useCallback, useEffect, useRef, useState } from "react";
import { type JobItem, useJob } from "../jobs/use-job";
import { type ImportKind, type ImportMode, type ImportPreview, NO_FILE_MESSAGE, tooLargeMessage } from "./spreadsheet";
import { uploadSpreadsheet } from "./upload";

/** Where an import is: choosing a file, reading it, its preview, its job, its result. */
export type ImportStage<R> =
  | { step: "choose" }
  | { step: "checking"; file: File }
  | { step: "preview"; file: File; preview: ImportPreview }
  | { step: "starting"; file: File; preview: ImportPreview }
  | { step: "importing"; jobId: number }
  | { step: "result"; jobId: number; result: R };

export interface ImportFlow<R> {
  stage: ImportStage<R>;
  /** The checked file with what it holds, from its preview until its job has started. */
  previewed: Extract<ImportStage<R>, { step: "preview" | "starting" }> | null;
  mode: ImportMode;
  setMode: (mode: ImportMode) => void;
  /** All or nothing chosen for a file with mistakes: the import would save nothing. */
  nothingWillBeSaved: boolean;
  /** Why the file was refused or the import failed, for the file input. */
  problem: string | null;
  /** The file input's key: a new one empties it (the input keeps its own choice). */
  inputKey: number;
  /** The import job's latest state while it runs, for its progress. */
  job: JobItem | null;
  /** A file chosen (or none): checked for size, then previewed by the upload route. */
  choose: (file: File | null) => Promise<void>;
  /** Starts the import of the previewed file in the chosen mode. */
  start: () => Promise<void>;
  /** Back to an empty file input, with why when the import failed. */
  restart: (message?: string | null) => void;
}

/** A finished import job's result, when it has the shape an import writes. */
export function resultOf<R>(job: JobItem | null): R | null {
  const result = job?.status === "done" ? job.result : null;
  if (!result || typeof result.inserted !== "number" || !Array.isArray(result.errors)) return null;
  return result as unknown as R;
}

/**
 * A spreadsheet import from choosing the file to the job's result (the school's import panel and
 * the coordinators' import dialog draw it in their own way). `R` is the import's job result.
 */
export function useImportFlow<R>({
  csrf,
  kind,
  extra,
  onStarted,
  jobId: followedJob,
}: {
  csrf: string;
  kind: Pick<ImportKind, "paths" | "maxBytes">;
  /** Other fields every upload carries (the school a master institute imports students into). */
  extra?: Record<string, string>;
  /** A job was started (so a list of imports may have changed). */
  onStarted?: (jobId: number) => void;
  /** An import already started (the page follows `?job=`): its progress, then its result. */
  jobId?: number;
}): ImportFlow<R> {
  const [stage, setStage] = useState<ImportStage<R>>(
    followedJob ? { step: "importing", jobId: followedJob } : { step: "choose" },
  );
  const [mode, setMode] = useState<ImportMode>("all-or-nothing");
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const chosen = useRef<File | null>(null);
  const jobId = stage.step === "importing" ? stage.jobId : null;
  const { job, failure } = useJob(jobId);

  const restart = useCallback((message: string | null = null) => {
    chosen.current = null;
    setStage({ step: "choose" });
    setProblem(message);
    setInputKey((key) => key + 1);
  }, []);

  // The job's end: its result, or back to the file input with why it failed.
  useEffect(() => {
    if (jobId === null) return;
    if (failure) return restart(failure);
    if (job?.status === "failed") return restart(job.error ?? "The import failed. Please try again.");
    const result = resultOf<R>(job);
    if (result) setStage({ step: "result", jobId, result });
    else if (job?.status === "done") restart("The import finished without a result. Please try again.");
  }, [job, failure, jobId, restart]);

  const choose = async (file: File | null) => {
    chosen.current = file;
    setProblem(null);
    if (!file) return setStage({ step: "choose" });
    if (file.size > kind.maxBytes) {
      setStage({ step: "choose" });
      return setProblem(tooLargeMessage(file.size, kind.maxBytes));
    }
    setStage({ step: "checking", file });
    const answer = await uploadSpreadsheet(kind.paths.upload, file, "preview", csrf, extra);
    if (chosen.current !== file) return; // Another file was chosen meanwhile.
    if (!answer.ok || !answer.preview) {
      setStage({ step: "choose" });
      return setProblem(answer.message);
    }
    setStage({ step: "preview", file, preview: answer.preview });
  };

  const start = async () => {
    if (stage.step !== "preview") return setProblem(NO_FILE_MESSAGE);
    const { file, preview } = stage;
    setProblem(null);
    setStage({ step: "starting", file, preview });
    const answer = await uploadSpreadsheet(kind.paths.upload, file, mode, csrf, extra);
    if (!answer.ok || answer.jobId === undefined) {
      setStage({ step: "preview", file, preview });
      return setProblem(answer.message);
    }
    onStarted?.(answer.jobId);
    setStage({ step: "importing", jobId: answer.jobId });
  };

  const previewed = stage.step === "preview" || stage.step === "starting" ? stage : null;
  return {
    stage,
    previewed,
    mode,
    setMode,
    nothingWillBeSaved: Boolean(previewed && previewed.preview.bad_rows > 0 && mode === "all-or-nothing"),
    problem,
    inputKey,
    job,
    choose,
    start,
    restart,
  };
}
