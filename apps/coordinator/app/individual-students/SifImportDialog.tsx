import { ErrorsFileDownload, ImportProgress } from "@repo/remix-app/imports/parts";
import { IMPORT_ACCEPT, IMPORT_FILE_HINT } from "@repo/remix-app/imports/spreadsheet";
import { useJob } from "@repo/remix-app/jobs/use-job";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { FileInput } from "@repo/ui/file-input";
import { RadioGroup } from "@repo/ui/radio-group";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useState } from "react";
import type { SifImportAnswer } from "./individual-students.server";

interface Props {
  csrf: string;
  onClose: (imported: boolean) => void;
}

interface ImportResult {
  message?: string;
  errors_file_id?: string | null;
  errors?: { row: number; message: string }[];
  inserted?: number;
  already_registered?: number;
}

const MODES = [
  { value: "all-or-nothing", label: "Save nothing if any row has a mistake" },
  { value: "valid-rows", label: "Save the good rows, report the others" },
];

/**
 * Admins import individual students from the template: upload, follow the job, read the result
 * and download the errors file when rows were refused.
 */
export default function SifImportDialog({ csrf, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState("all-or-nothing");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const { job, failure } = useJob(jobId);
  const result = (job?.status === "done" ? job.result : null) as ImportResult | null;

  const upload = async () => {
    if (!file) {
      setRefusal("Choose the spreadsheet to upload (.xlsx or .csv)");
      return;
    }
    setBusy(true);
    setRefusal(null);
    const form = new FormData();
    form.set("file", file);
    form.set("mode", mode);
    form.set("csrf", csrf);
    try {
      const response = await fetch("/individual-student/import", { method: "POST", body: form });
      const answer = (await response.json()) as SifImportAnswer;
      if (answer.ok && answer.jobId) setJobId(answer.jobId);
      else setRefusal(answer.message);
    } catch {
      setRefusal("The connection to the portal was lost. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  const running = jobId !== null && !result && job?.status !== "failed" && !failure;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose(Boolean(result));
      }}
      title="Import individual students"
      description="One student per row of the template; each gets an account and its sign-in details by mail."
      footer={
        <Stack direction="row" gap={3} justify="end">
          <Button variant="ghost" onClick={() => onClose(Boolean(result))}>
            {result ? "Close" : "Cancel"}
          </Button>
          {jobId === null ? (
            <Button onClick={() => void upload()} loading={busy}>
              Import
            </Button>
          ) : null}
        </Stack>
      }
    >
      <Stack gap={4}>
        <Text>
          <a href="/individual-student/import/template" download>
            Download the template
          </a>{" "}
          (the students' columns, plus the school's code and an optional referral code).
        </Text>
        {jobId === null ? (
          <>
            <FileInput
              label="Spreadsheet"
              accept={IMPORT_ACCEPT}
              hint={IMPORT_FILE_HINT}
              onFileChange={setFile}
              error={refusal ?? undefined}
            />
            <RadioGroup
              legend="If some rows have mistakes"
              name="mode"
              options={MODES}
              value={mode}
              onChange={setMode}
            />
          </>
        ) : null}
        {running ? (
          <ImportProgress job={job} nouns="students">
            You may close this window: the import goes on, and the students appear in the list.
          </ImportProgress>
        ) : null}
        {job?.status === "failed" || failure ? (
          <Text role="alert" tone="danger">
            {job?.error ?? failure}
          </Text>
        ) : null}
        {result ? (
          <Stack gap={2}>
            <Text role="status" weight="semibold">
              {result.message}
            </Text>
            {(result.errors ?? []).slice(0, 5).map((error) => (
              <Text key={error.row} size="sm" tone="danger">
                Row {error.row}: {error.message}
              </Text>
            ))}
            {result.errors_file_id ? (
              <ErrorsFileDownload
                href={`/individual-student/import/${jobId}/errors`}
                nothingSaved={!result.inserted && !result.already_registered}
              />
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Dialog>
  );
}
