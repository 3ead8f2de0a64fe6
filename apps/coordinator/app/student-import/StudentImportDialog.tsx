import { Link as RemixLink } from "@remix-run/react";
import {
  ErrorsFileDownload,
  ImportModeChoice,
  ImportProgress,
  PreviewHeading,
  PreviewMistakes,
  SpreadsheetInput,
} from "@repo/remix-app/imports/parts";
import { IMPORT_FILE_HINT, type ImportPreview } from "@repo/remix-app/imports/spreadsheet";
import { useImportFlow } from "@repo/remix-app/imports/use-import-flow";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { DescriptionList } from "@repo/ui/description-list";
import { Dialog } from "@repo/ui/dialog";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useState } from "react";
import type { BulkImportResult } from "./student-import.server";
import { BULK_IMPORT_KIND, BULK_IMPORT_PATHS } from "./student-import-paths";

const figure = (n: number) => n.toLocaleString("en-IN");
/** Problems shown in the dialog; the errors file has them all. */
const SHOWN_PROBLEMS = 5;

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
  const [started, setStarted] = useState(false);
  const flow = useImportFlow<BulkImportResult>({ csrf, kind: BULK_IMPORT_KIND, onStarted: () => setStarted(true) });
  const { stage, previewed } = flow;
  const close = () => onClose(started);

  const footer =
    stage.step === "result" ? (
      <Stack direction="row" gap={3} justify="end">
        <Button variant="ghost" onClick={close}>
          Close
        </Button>
        <Button variant="secondary" icon={<Icon name="upload" size={16} />} onClick={() => flow.restart()}>
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
        {previewed ? (
          <Button variant="secondary" onClick={() => flow.restart()} disabled={stage.step === "starting"}>
            Choose another file
          </Button>
        ) : null}
        <Button
          onClick={() => void flow.start()}
          loading={stage.step === "starting"}
          disabled={!previewed}
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
        <ImportProgress job={flow.job} nouns={BULK_IMPORT_KIND.nouns}>
          You may close this window: the import goes on, and its outcome appears under “Your last imports”.
        </ImportProgress>
      ) : (
        <Stack gap={4}>
          <Text>
            <Link href={BULK_IMPORT_PATHS.template} download>
              <Icon name="download" size={16} />
              Download the template
            </Link>{" "}
            if you have not filled it in yet: its “Your schools” sheet lists your schools’ codes.
          </Text>
          <SpreadsheetInput flow={flow} hint={`${IMPORT_FILE_HINT} Nothing is saved until you press Import.`} />
          {previewed ? (
            <>
              <PreviewSummary
                preview={previewed.preview}
                fileName={previewed.file.name}
                nothingWillBeSaved={flow.nothingWillBeSaved}
              />
              <ImportModeChoice flow={flow} />
            </>
          ) : null}
        </Stack>
      )}
    </Dialog>
  );
}

function PreviewSummary({
  preview,
  fileName,
  nothingWillBeSaved,
}: {
  preview: ImportPreview;
  fileName: string;
  nothingWillBeSaved: boolean;
}) {
  return (
    <Stack gap={3}>
      <PreviewHeading preview={preview} fileName={fileName} kind={BULK_IMPORT_KIND} />
      {preview.warnings.map((warning) => (
        <Text key={warning} size="sm">
          <Icon name="warning" size={16} /> {warning}
        </Text>
      ))}
      <PreviewMistakes preview={preview} />
      {nothingWillBeSaved ? (
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
        <ErrorsFileDownload href={BULK_IMPORT_PATHS.errors(jobId)} nothingSaved={nothingSaved} />
      ) : null}
      {studentsPath && result.inserted > 0 ? (
        <Link asChild>
          <RemixLink to={studentsPath}>See the students of your region</RemixLink>
        </Link>
      ) : null}
    </Stack>
  );
}
