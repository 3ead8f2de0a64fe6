import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { FileInput } from "@repo/ui/file-input";
import { Icon } from "@repo/ui/icon";
import { ProgressBar } from "@repo/ui/progress-bar";
import { RadioGroup } from "@repo/ui/radio-group";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { ReactNode } from "react";
import type { JobItem } from "../jobs/use-job";
import { IMPORT_ACCEPT, IMPORT_MODES, type ImportKind, type ImportMode, type ImportPreview } from "./spreadsheet";
import type { ImportFlow } from "./use-import-flow";

/*
 * The parts of an import that every import screen shows alike; each screen arranges them (a
 * panel on the page, a dialog) with its own words around them.
 */

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;

/** The file input, and "Reading the file" while the upload route makes its preview. */
export function SpreadsheetInput({ flow, hint }: { flow: ImportFlow<unknown>; hint: string }) {
  const { step } = flow.stage;
  return (
    <>
      <FileInput
        key={flow.inputKey}
        label="Spreadsheet to import"
        name="file"
        accept={IMPORT_ACCEPT}
        hint={hint}
        typeError="Choose an .xlsx or .csv file"
        error={flow.problem ?? undefined}
        disabled={step === "checking" || step === "starting"}
        onFileChange={(file) => void flow.choose(file)}
      />
      {step === "checking" ? <ProgressBar label="Reading the file" /> : null}
    </>
  );
}

/** All or nothing, or the good rows only: asked once the file's preview is shown. */
export function ImportModeChoice({ flow }: { flow: ImportFlow<unknown> }) {
  return (
    <RadioGroup
      legend="When some rows have mistakes"
      name="mode"
      options={IMPORT_MODES}
      value={flow.mode}
      onChange={(value) => flow.setMode(value as ImportMode)}
      disabled={flow.stage.step === "starting"}
    />
  );
}

/** The preview's first lines: how many rows the file holds, whether any has mistakes, how it was read. */
export function PreviewHeading({
  preview,
  fileName,
  kind,
  withSheet = true,
}: {
  preview: ImportPreview;
  fileName: string;
  kind: Pick<ImportKind, "noun" | "nouns">;
  /** Whether the line names the sheet that was read (the coordinators' dialog leaves it out). */
  withSheet?: boolean;
}) {
  const where = withSheet && preview.sheet_name ? `sheet “${preview.sheet_name}”, ` : "";
  return (
    <Stack gap={2}>
      <Text weight="semibold" size="lg">
        {count(preview.total_rows, kind.noun, kind.nouns)} in {fileName}
      </Text>
      <Stack direction="row" gap={2} align="center">
        {preview.bad_rows > 0 ? (
          <Badge tone="danger">{count(preview.bad_rows, "row has mistakes", "rows have mistakes")}</Badge>
        ) : (
          <Badge tone="success">No mistakes found</Badge>
        )}
        <Text tone="muted" size="sm" inline>
          {preview.format.toUpperCase()}, {where}header on row {preview.header_row}. Nothing is saved yet.
        </Text>
      </Stack>
    </Stack>
  );
}

/** The import job under way: its progress, and (`children`) what leaving the screen does. */
export function ImportProgress({ job, nouns, children }: { job: JobItem | null; nouns: string; children: ReactNode }) {
  const total = job?.progress.total ?? 0;
  return (
    <Stack gap={3} aria-live="polite">
      <ProgressBar
        label={job?.status === "running" ? `Importing ${nouns}` : "Waiting for the import to start"}
        value={total > 0 ? (job?.progress.done ?? 0) : undefined}
        max={total > 0 ? total : undefined}
      />
      <Text tone="muted" size="sm">
        {children}
      </Text>
    </Stack>
  );
}

/** A finished import's errors file (the rows it did not save, each with its "Errors"), and what to do with it. */
export function ErrorsFileDownload({ href, nothingSaved }: { href: string; nothingSaved: boolean }) {
  return (
    <Stack direction="row" gap={3} align="center">
      <Button asChild variant="light">
        <a href={href} download>
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
  );
}
