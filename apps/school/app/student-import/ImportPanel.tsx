import type { StudentImportResult } from "@repo/contracts/student-import";
import { type JobItem, useJob } from "@repo/remix-app/jobs/use-job";
import { Button } from "@repo/ui/button";
import { FileInput } from "@repo/ui/file-input";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { ProgressBar } from "@repo/ui/progress-bar";
import { RadioGroup } from "@repo/ui/radio-group";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useCallback, useEffect, useRef, useState } from "react";
import { ImportPreview } from "./ImportPreview";
import { ImportResult } from "./ImportResult";
import {
  IMPORT_ACCEPT,
  IMPORT_MODES,
  type ImportKind,
  type ImportMode,
  STUDENT_IMPORT_KIND,
  tooLargeMessage,
} from "./import-constants";
import type { ImportPreview as Preview } from "./student-import.server";
import { uploadSpreadsheet } from "./upload";

type Stage =
  | { step: "choose" }
  | { step: "checking"; file: File }
  | { step: "preview"; file: File; preview: Preview }
  | { step: "starting"; file: File; preview: Preview }
  | { step: "importing"; jobId: number }
  | { step: "result"; jobId: number; result: StudentImportResult };

const limitsOf = (kind: ImportKind) =>
  `At most ${kind.maxRows.toLocaleString("en-IN")} ${kind.nouns} and ${kind.maxBytes / 1024 / 1024} MB per file.`;

/** A finished import job's result, when it has the shape the import writes. */
function importResultOf(job: JobItem | null): StudentImportResult | null {
  const result = job?.status === "done" ? job.result : null;
  if (!result || typeof result.inserted !== "number" || !Array.isArray(result.errors)) return null;
  return result as unknown as StudentImportResult;
}

/**
 * "From a spreadsheet" on the Add Students page: download the template, choose the filled-in
 * file, see what will be read (nothing is saved yet), choose all or nothing or only the good
 * rows, follow the import's progress, then its result and the errors file to fix and upload.
 */
export function ImportPanel({
  csrf,
  listPath,
  kind = STUDENT_IMPORT_KIND,
  extra,
}: {
  csrf: string;
  listPath: string;
  kind?: ImportKind;
  /** Other fields every upload carries (the school a master institute imports students into). */
  extra?: Record<string, string>;
}) {
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const [mode, setMode] = useState<ImportMode>("all-or-nothing");
  const [problem, setProblem] = useState<string | null>(null);
  // A new key empties the file input (it keeps its own choice).
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
    const result = importResultOf(job);
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
    const answer = await uploadSpreadsheet(file, "preview", csrf, kind, extra);
    if (chosen.current !== file) return; // Another file was chosen meanwhile.
    if (!answer.ok || !answer.preview) {
      setStage({ step: "choose" });
      return setProblem(answer.message);
    }
    setStage({ step: "preview", file, preview: answer.preview });
  };

  const start = async () => {
    if (stage.step !== "preview") return;
    const { file, preview } = stage;
    setProblem(null);
    setStage({ step: "starting", file, preview });
    const answer = await uploadSpreadsheet(file, mode, csrf, kind, extra);
    if (!answer.ok || answer.jobId === undefined) {
      setStage({ step: "preview", file, preview });
      return setProblem(answer.message);
    }
    setStage({ step: "importing", jobId: answer.jobId });
  };

  if (stage.step === "result") {
    return (
      <ImportResult
        jobId={stage.jobId}
        result={stage.result}
        listPath={listPath}
        kind={kind}
        onAnother={() => restart()}
      />
    );
  }
  if (stage.step === "importing") {
    const total = job?.progress.total ?? 0;
    return (
      <Stack gap={3} aria-live="polite">
        <ProgressBar
          label={job?.status === "running" ? `Importing ${kind.nouns}` : "Waiting for the import to start"}
          value={total > 0 ? (job?.progress.done ?? 0) : undefined}
          max={total > 0 ? total : undefined}
        />
        <Text tone="muted" size="sm">
          Stay on this page to see the result. If you leave, the import still finishes and the {kind.nouns} appear in
          the list.
        </Text>
      </Stack>
    );
  }

  const preview = stage.step === "preview" || stage.step === "starting" ? stage.preview : null;
  const badRowsLost = preview && preview.bad_rows > 0 && mode === "all-or-nothing";
  return (
    <Stack gap={5}>
      <Stack gap={2}>
        <Text>
          Fill in the template, one {kind.noun} per row, and upload it. You see what will be read before anything is
          saved. {limitsOf(kind)}
        </Text>
        <Link href={kind.paths.template} download>
          <Icon name="download" size={16} />
          Download the template
        </Link>
      </Stack>
      <FileInput
        key={inputKey}
        label="Spreadsheet to import"
        name="file"
        accept={IMPORT_ACCEPT}
        hint="The template filled in, as .xlsx or CSV (UTF-8)."
        typeError="Choose an .xlsx or .csv file"
        error={problem ?? undefined}
        disabled={stage.step === "checking" || stage.step === "starting"}
        onFileChange={(file) => void choose(file)}
      />
      {stage.step === "checking" ? <ProgressBar label="Reading the file" /> : null}
      {preview && (stage.step === "preview" || stage.step === "starting") ? (
        <>
          <ImportPreview preview={preview} fileName={stage.file.name} kind={kind} />
          <RadioGroup
            legend="When some rows have mistakes"
            name="mode"
            options={IMPORT_MODES}
            value={mode}
            onChange={(value) => setMode(value as ImportMode)}
            disabled={stage.step === "starting"}
          />
          {badRowsLost ? (
            <Text tone="danger">
              {preview.bad_rows === 1 ? "1 row has" : `${preview.bad_rows.toLocaleString("en-IN")} rows have`} mistakes,
              so with this choice nothing will be saved: you get the file back with the mistakes marked.
            </Text>
          ) : null}
          <Stack direction="row" gap={3}>
            <Button
              loading={stage.step === "starting"}
              onClick={() => void start()}
              icon={<Icon name="upload" size={16} />}
            >
              Import
            </Button>
            <Button variant="ghost" onClick={() => restart()} disabled={stage.step === "starting"}>
              Choose another file
            </Button>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

export default ImportPanel;
