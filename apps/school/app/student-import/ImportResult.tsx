import { Link as RemixLink } from "@remix-run/react";
import type { StudentImportResult } from "@repo/contracts/student-import";
import { ErrorsFileDownload } from "@repo/remix-app/imports/parts";
import type { ImportKind } from "@repo/remix-app/imports/spreadsheet";
import { Button } from "@repo/ui/button";
import { DataTable, type DataTableColumn, DEFAULT_QUERY } from "@repo/ui/data-table";
import { EmptyState } from "@repo/ui/empty-state";
import { Grid } from "@repo/ui/grid";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { useState } from "react";
import { STUDENT_IMPORT_KIND } from "./import-constants";
import { Notes } from "./Notes";

type RowError = StudentImportResult["errors"][number];

const errorColumns: DataTableColumn<RowError>[] = [
  { id: "row", header: "Row", cell: (error) => error.row, width: 64 },
  { id: "message", header: "Problem", cell: (error) => error.message },
];

const figure = (n: number) => n.toLocaleString("en-IN");

export interface ImportResultProps {
  jobId: number;
  result: StudentImportResult;
  /** The students list, for "See the students". */
  listPath: string;
  kind?: ImportKind;
  /** Back to the file input; without it (no JavaScript) a link to `anotherHref`. */
  onAnother?: () => void;
  anotherHref?: string;
}

/**
 * A finished import: what happened in one sentence, the counts, the errors file (the rows not
 * saved with an "Errors" column, to fix and upload again) and the first problems.
 */
export function ImportResult({
  jobId,
  result,
  listPath,
  kind = STUDENT_IMPORT_KIND,
  onAnother,
  anotherHref,
}: ImportResultProps) {
  const [query, setQuery] = useState(DEFAULT_QUERY);
  const nothingSaved = result.inserted === 0 && result.already_registered === 0;
  const clean = result.bad_rows === 0;
  const firstErrors = result.errors.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  return (
    <Stack gap={5}>
      <EmptyState
        role="status"
        compact
        icon={clean ? "success" : nothingSaved ? "warning" : "info"}
        tone={clean ? "primary" : nothingSaved ? "danger" : "neutral"}
        title={clean ? "Import finished" : nothingSaved ? "Nothing was imported" : "Import finished with problems"}
        description={result.message}
      />
      <Grid minItemWidth={150} gap={4} aria-label="Import figures">
        <StatCard label="Rows in the file" value={figure(result.total_rows)} icon="file" tone="info" />
        <StatCard
          label={`${kind.nouns.charAt(0).toUpperCase()}${kind.nouns.slice(1)} added`}
          value={figure(result.inserted)}
          icon="users"
          tone="primary"
        />
        <StatCard label="Already registered" value={figure(result.already_registered)} icon="check" tone="info" />
        <StatCard
          label="Rows with mistakes"
          value={figure(result.bad_rows)}
          icon="warning"
          tone={clean ? "info" : "danger"}
        />
      </Grid>
      {result.warnings.length > 0 ? <Notes title="Please note" notes={result.warnings} /> : null}
      {result.errors_file_id ? (
        <Stack gap={3}>
          <ErrorsFileDownload href={kind.paths.errors(jobId)} nothingSaved={nothingSaved} />
          {result.errors.length > 0 ? (
            <DataTable
              label={result.errors.length < result.bad_rows ? "The first problems" : "The problems"}
              columns={errorColumns}
              rows={firstErrors}
              rowKey={(error) => String(error.row)}
              total={result.errors.length}
              query={query}
              onQueryChange={setQuery}
              searchable={false}
            />
          ) : null}
        </Stack>
      ) : null}
      <Stack direction="row" gap={3}>
        {onAnother ? (
          <Button onClick={onAnother} icon={<Icon name="upload" size={16} />}>
            Import another file
          </Button>
        ) : (
          <Button asChild icon={<Icon name="upload" size={16} />}>
            <a href={anotherHref}>Import another file</a>
          </Button>
        )}
        {result.inserted > 0 || result.already_registered > 0 ? (
          <Button asChild variant="secondary">
            <RemixLink to={listPath}>See the {kind.nouns}</RemixLink>
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
