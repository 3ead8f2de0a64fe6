import { Link as RemixLink } from "@remix-run/react";
import { BULK_STUDENT_IMPORT } from "@repo/contracts/bulk-student-import-constants";
import { type JobItem, useJob } from "@repo/remix-app/jobs/use-job";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { DescriptionList } from "@repo/ui/description-list";
import { Dialog } from "@repo/ui/dialog";
import { FileInput } from "@repo/ui/file-input";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { ProgressBar } from "@repo/ui/progress-bar";
import { RadioGroup } from "@repo/ui/radio-group";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useCallback, useEffect, useRef, useState } from "react";
import type { BulkImportResult, ImportAnswer, ImportPreview } from "./student-import.server";
import {
  BULK_IMPORT_PATHS,
  IMPORT_ACCEPT,
  IMPORT_MODES,
  type ImportMode,
  NO_FILE_MESSAGE,
  tooLargeMessage,
} from "./student-import-paths";

type Stage =
  | { step: "choose" }
  | { step: "checking"; file: File }
  | { step: "preview"; file: File; preview: ImportPreview }
  | { step: "starting"; file: File; preview: ImportPreview }
  | { step: "importing"; jobId: number }
  | { step: "result"; jobId: number; result: BulkImportResult };

const figure = (n: number) => n.toLocaleString("en-IN");
const count = (n: number, one: string, many: string) => `${figure(n)} ${n === 1 ? one : many}`;
/** Problems shown in the dialog; the errors file has them all. */
const SHOWN_PROBLEMS = 5;

/** A finished import job's result, when it has the shape the bulk import writes. */
function resultOf(job: JobItem | null): BulkImportResult | null {
  const result = job?.status === "done" ? job.result : null;
  if (!result || typeof result.inserted !== "number" || !Array.isArray(result.errors)) return null;
  return result as unknown as BulkImportResult;
}

/** Sends the file to the app's upload route; a lost connection or an ended session becomes a message. */
async function send(file: File, mode: "preview" | ImportMode, csrf: string): Promise<ImportAnswer> {
  const form = new FormData();
  form.set("csrf", csrf);
  form.set("mode", mode);
  form.set("file", file, file.name);
  let response: Response;
  try {
    response = await fetch(BULK_IMPORT_PATHS.upload, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
    });
  } catch {
    return { ok: false, message: "The file could not be sent. Check your connection and try again." };
  }
  if ((response.headers.get("content-type") ?? "").includes("json")) return (await response.json()) as ImportAnswer;
  if (response.redirected && new URL(response.url).pathname === "/login") {
    return { ok: false, message: "Your session has ended. Reload the page and sign in again." };
  }
  return { ok: false, message: "The file could not be imported. Please try again." };
}

/** The mistakes of the previewed rows, one sentence each ("School code: No school with the code …"). */
function previewProblems(preview: ImportPreview) {
  const headerOf = (key: string) => preview.columns.find((column) => column.key === key)?.header ?? key;
  return preview.rows
    .filter((row) => row.errors.length > 0)
    .map((row) => ({
      row: row.row,
      message: row.errors.map((error) => `${headerOf(error.field)}: ${error.message}`).join("; "),
    }));
}

function Problems({ label, problems }: { label: string; problems: readonly { row: number; message: string }[] }) {
  if (problems.length === 0) return null;
  return (
    <Stack gap={2} role="list" aria-label={label}>
      {problems.map((problem) => (
        <Stack key={problem.row} direction="row" gap={2} align="start" wrap={false} role="listitem">
          <Badge tone="danger">Row {problem.row}</Badge>
          <Text size="sm">{problem.message}</Text>
        </Stack>
      ))}
    </Stack>
  );
}

interface Props {
  csrf: string;
  /** The students list, for "See the students" (null when the user has none). */
  studentsPath: string | null;
  /** `started`: a job was started, so the page's list of imports changed. */
  onClose: (started: boolean) => void;
}

/**
 * The bulk import: choose the filled-in template, see what will be read (nothing is saved yet),
 * choose all or nothing or the good rows, follow the job, then read its outcome and download the
 * errors file when rows were refused.
 */
export default function StudentImportDialog({ csrf, studentsPath, onClose }: Props) {
  const [stage, setStage] = useState<Stage>({ step: "choose" });
  const [mode, setMode] = useState<ImportMode>("all-or-nothing");
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [started, setStarted] = useState(false);
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
    const result = resultOf(job);
    if (result) setStage({ step: "result", jobId, result });
    else if (job?.status === "done") restart("The import finished without a result. Please try again.");
  }, [job, failure, jobId, restart]);

  const choose = async (file: File | null) => {
    chosen.current = file;
    setProblem(null);
    if (!file) return setStage({ step: "choose" });
    if (file.size > BULK_STUDENT_IMPORT.maxBytes) {
      setStage({ step: "choose" });
      return setProblem(tooLargeMessage(file.size, BULK_STUDENT_IMPORT.maxBytes));
    }
    setStage({ step: "checking", file });
    const answer = await send(file, "preview", csrf);
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
    const answer = await send(file, mode, csrf);
    if (!answer.ok || answer.jobId === undefined) {
      setStage({ step: "preview", file, preview });
      return setProblem(answer.message);
    }
    setStarted(true);
    setStage({ step: "importing", jobId: answer.jobId });
  };

  const close = () => onClose(started);
  const preview = stage.step === "preview" || stage.step === "starting" ? stage.preview : null;

  const footer =
    stage.step === "result" ? (
      <Stack direction="row" gap={3} justify="end">
        <Button variant="ghost" onClick={close}>
          Close
        </Button>
        <Button variant="secondary" icon={<Icon name="upload" size={16} />} onClick={() => restart()}>
          Import another file
        </Button>
      </Stack>
    ) : stage.step === "importing" ? (
      <Stack direction="row" gap={3} justify="end">
        <Button variant="ghost" onClick={close}>
          Close
        </Button>
      </Stack>
    ) : (
      <Stack direction="row" gap={3} justify="end">
        <Button variant="ghost" onClick={close} disabled={stage.step === "starting"}>
          Cancel
        </Button>
        {preview ? (
          <Button variant="secondary" onClick={() => restart()} disabled={stage.step === "starting"}>
            Choose another file
          </Button>
        ) : null}
        <Button
          onClick={() => void start()}
          loading={stage.step === "starting"}
          disabled={!preview}
          icon={<Icon name="upload" size={16} />}
        >
          Import
        </Button>
      </Stack>
    );

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Import students"
      description="One student per row of the template, each with the code of its school in your region."
      footer={footer}
    >
      {stage.step === "result" ? (
        <ImportOutcome jobId={stage.jobId} result={stage.result} studentsPath={studentsPath} />
      ) : stage.step === "importing" ? (
        <Stack gap={3} aria-live="polite">
          <ProgressBar
            label={job?.status === "running" ? "Importing students" : "Waiting for the import to start"}
            value={job?.progress.total ? job.progress.done : undefined}
            max={job?.progress.total || undefined}
          />
          <Text tone="muted" size="sm">
            You may close this window: the import goes on, and its outcome appears under “Your last imports”.
          </Text>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Text>
            <Link href={BULK_IMPORT_PATHS.template} download>
              <Icon name="download" size={16} />
              Download the template
            </Link>{" "}
            if you have not filled it in yet: its “Your schools” sheet lists your schools’ codes.
          </Text>
          <FileInput
            key={inputKey}
            label="Spreadsheet to import"
            name="file"
            accept={IMPORT_ACCEPT}
            hint="The template filled in, as .xlsx or CSV (UTF-8). Nothing is saved until you press Import."
            typeError="Choose an .xlsx or .csv file"
            error={problem ?? undefined}
            disabled={stage.step === "checking" || stage.step === "starting"}
            onFileChange={(file) => void choose(file)}
          />
          {stage.step === "checking" ? <ProgressBar label="Reading the file" /> : null}
          {preview && (stage.step === "preview" || stage.step === "starting") ? (
            <PreviewSummary preview={preview} fileName={stage.file.name} mode={mode} />
          ) : null}
          {preview ? (
            <RadioGroup
              legend="When some rows have mistakes"
              name="mode"
              options={IMPORT_MODES}
              value={mode}
              onChange={(value) => setMode(value as ImportMode)}
              disabled={stage.step === "starting"}
            />
          ) : null}
        </Stack>
      )}
    </Dialog>
  );
}

function PreviewSummary({ preview, fileName, mode }: { preview: ImportPreview; fileName: string; mode: ImportMode }) {
  const problems = previewProblems(preview);
  return (
    <Stack gap={3}>
      <Stack gap={2}>
        <Text weight="semibold" size="lg">
          {count(preview.total_rows, "student", "students")} in {fileName}
        </Text>
        <Stack direction="row" gap={2} align="center">
          {preview.bad_rows > 0 ? (
            <Badge tone="danger">{count(preview.bad_rows, "row has mistakes", "rows have mistakes")}</Badge>
          ) : (
            <Badge tone="success">No mistakes found</Badge>
          )}
          <Text tone="muted" size="sm" inline>
            {preview.format.toUpperCase()}, header on row {preview.header_row}. Nothing is saved yet.
          </Text>
        </Stack>
      </Stack>
      {preview.warnings.map((warning) => (
        <Text key={warning} size="sm">
          <Icon name="warning" size={16} /> {warning}
        </Text>
      ))}
      {problems.length > 0 ? (
        <Stack gap={2}>
          <Text weight="semibold">Mistakes in the first {preview.rows.length} rows</Text>
          <Problems label="Mistakes in the first rows" problems={problems} />
        </Stack>
      ) : null}
      {preview.bad_rows > 0 && mode === "all-or-nothing" ? (
        <Text tone="danger">
          With this choice nothing will be saved: you get the file back with the mistakes marked in an “Errors” column.
        </Text>
      ) : null}
    </Stack>
  );
}

/** A finished import: what happened in one sentence, the figures, the first problems and the errors file. */
function ImportOutcome({
  jobId,
  result,
  studentsPath,
}: {
  jobId: number;
  result: BulkImportResult;
  studentsPath: string | null;
}) {
  const clean = result.bad_rows === 0;
  const nothingSaved = result.inserted === 0 && result.already_registered === 0;
  return (
    <Stack gap={4}>
      <Stack direction="row" gap={2} align="center" wrap={false} role="status">
        <Icon name={clean ? "success" : nothingSaved ? "warning" : "info"} size={20} />
        <Text weight="semibold">{result.message}</Text>
      </Stack>
      <DescriptionList
        aria-label="Import figures"
        items={[
          { label: "Rows in the file", value: figure(result.total_rows) },
          { label: "Students added", value: figure(result.inserted) },
          { label: "Schools that got students", value: figure(result.schools) },
          { label: "Already registered", value: figure(result.already_registered) },
          { label: "Rows with mistakes", value: figure(result.bad_rows) },
        ]}
      />
      <Problems label="The first problems" problems={result.errors.slice(0, SHOWN_PROBLEMS)} />
      {result.errors_file_id ? (
        <Stack direction="row" gap={3} align="center">
          <Button asChild variant="light">
            <a href={BULK_IMPORT_PATHS.errors(jobId)} download>
              <Icon name="download" size={16} />
              Download the errors file
            </a>
          </Button>
          <Text tone="muted" size="sm" inline>
            {nothingSaved
              ? "Every row of your file, with an “Errors” column: fix the marked rows and upload the whole file again."
              : "The rows not saved, with an “Errors” column: fix them and upload that file."}
          </Text>
        </Stack>
      ) : null}
      {studentsPath && result.inserted > 0 ? (
        <Link asChild>
          <RemixLink to={studentsPath}>See the students of your region</RemixLink>
        </Link>
      ) : null}
    </Stack>
  );
}
