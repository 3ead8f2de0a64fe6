import {
  IMPORT_ERRORS_FILE_DAYS,
  SEPARATOR_NAMES,
  SPREADSHEET_IMPORTS,
  TEXT_ENCODING_NAMES,
} from "@repo/contracts/uploads-constants";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { DataTable, type DataTableColumn, DEFAULT_QUERY, type TableQuery } from "@repo/ui/data-table";
import { FileInput } from "@repo/ui/file-input";
import { Icon } from "@repo/ui/icon";
import { ProgressBar } from "@repo/ui/progress-bar";
import { RadioGroup } from "@repo/ui/radio-group";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { type ReactNode, useState } from "react";
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
        typeError="Choose an .xlsx, .csv or .txt file"
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

/** How the file was read: "CSV (UTF-16 (Unicode Text), tab-separated)" or "XLSX, sheet “Class 8”". */
export function readAs(preview: ImportPreview): string {
  if (preview.format === "xlsx") return preview.sheet_name ? `XLSX, sheet “${preview.sheet_name}”` : "XLSX";
  const how = [
    preview.encoding ? TEXT_ENCODING_NAMES[preview.encoding] : null,
    preview.separator ? `${SEPARATOR_NAMES[preview.separator]}-separated` : null,
  ].filter(Boolean);
  return how.length > 0 ? `CSV (${how.join(", ")})` : "CSV";
}

/** The preview's first lines: how many rows the file holds, whether any has mistakes, how it was read. */
export function PreviewHeading({
  preview,
  fileName,
  kind,
}: {
  preview: ImportPreview;
  fileName: string;
  kind: Pick<ImportKind, "noun" | "nouns">;
}) {
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
          {readAs(preview)}, header on row {preview.header_row}. Nothing is saved yet.
        </Text>
      </Stack>
    </Stack>
  );
}

const mistakeColumns: DataTableColumn<{ row: number; message: string }>[] = [
  { id: "row", header: "Row", cell: (problem) => problem.row, width: 64 },
  { id: "message", header: "Mistake", cell: (problem) => problem.message },
];

/**
 * Every row of the file with mistakes, a page at a time (decision 055), each in one sentence; the
 * API lists at most SPREADSHEET_IMPORTS.previewErrorRows, and says so when there are more.
 */
export function PreviewMistakes({ preview }: { preview: ImportPreview }) {
  const [query, setQuery] = useState<TableQuery>({
    ...DEFAULT_QUERY,
    perPage: SPREADSHEET_IMPORTS.previewErrorsPerPage,
  });
  const listed = preview.error_rows;
  if (listed.length === 0) return null;
  const start = (query.page - 1) * query.perPage;
  return (
    <Stack gap={2}>
      <Text weight="semibold">{count(preview.bad_rows, "row with mistakes", "rows with mistakes")}</Text>
      {preview.bad_rows > listed.length ? (
        <Text tone="muted" size="sm">
          The first {listed.length.toLocaleString("en-IN")} are listed here; the errors file of the import has them all.
        </Text>
      ) : null}
      <DataTable
        label="Rows with mistakes"
        columns={mistakeColumns}
        rows={listed.slice(start, start + query.perPage)}
        rowKey={(problem) => String(problem.row)}
        total={listed.length}
        query={query}
        onQueryChange={setQuery}
        searchable={false}
      />
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
          : "The rows not saved, with an “Errors” column: fix them and upload that file."}{" "}
        It is kept for {IMPORT_ERRORS_FILE_DAYS} days.
      </Text>
    </Stack>
  );
}
