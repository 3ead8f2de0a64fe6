import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { PreviewHeading, PreviewMistakes } from "@repo/remix-app/imports/parts";
import type { ImportKind, ImportPreview as Preview } from "@repo/remix-app/imports/spreadsheet";
import { Badge } from "@repo/ui/badge";
import { DataTable, type DataTableColumn, DEFAULT_QUERY } from "@repo/ui/data-table";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useId } from "react";
import { STUDENT_IMPORT_KIND } from "./import-constants";
import { Notes } from "./Notes";

type PreviewRow = Preview["rows"][number];

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;
const noop = () => {};

/**
 * What the chosen file holds, before anything is saved: how its columns map to the template's,
 * its first rows as they will be read, every row with mistakes (paged), the totals and the reader's warnings.
 */
export function ImportPreview({
  preview,
  fileName,
  kind = STUDENT_IMPORT_KIND,
}: {
  preview: Preview;
  fileName: string;
  kind?: ImportKind;
}) {
  // The table says which rows have mistakes; the mistakes themselves are listed below it in full
  // sentences (a narrow column of long messages would be unreadable, and off screen on a phone).
  const columns: DataTableColumn<PreviewRow>[] = [
    { id: "row", header: "Row", cell: (row) => row.row, width: 64 },
    {
      id: "status",
      header: "Status",
      cell: (row) =>
        row.errors.length === 0 ? (
          <Badge tone="success">Ready</Badge>
        ) : (
          <Badge tone="danger">{count(row.errors.length, "mistake", "mistakes")}</Badge>
        ),
    },
    ...preview.columns.map((column) => ({
      id: column.key,
      header: column.header,
      cell: (row: PreviewRow) => row.values[column.key] ?? "",
    })),
  ];
  const shown = preview.rows.length;
  const mappingId = useId();

  return (
    <Stack gap={5}>
      <PreviewHeading preview={preview} fileName={fileName} kind={kind} />
      {preview.warnings.length > 0 ? <Notes title="Please note" notes={preview.warnings} /> : null}
      <Stack gap={2}>
        <Text weight="semibold" id={mappingId}>
          How the columns are read
        </Text>
        <Stack direction="row" gap={2} role="list" aria-labelledby={mappingId}>
          {preview.columns.map((column) => (
            <Badge key={column.key} tone="neutral" role="listitem">
              {column.column}: {column.header}
              {column.found === column.header ? "" : ` (headed “${column.found}”)`}
            </Badge>
          ))}
        </Stack>
      </Stack>
      <Stack gap={2}>
        <Text weight="semibold">
          {shown < preview.total_rows
            ? `The first ${countOf(shown, COUNTED.row)}`
            : `The ${pluralWord(shown, { one: "row", other: countOf(shown, COUNTED.row) })}`}
        </Text>
        <DataTable
          label="Rows of the file"
          columns={columns}
          rows={preview.rows}
          rowKey={(row) => String(row.row)}
          total={shown}
          query={{ ...DEFAULT_QUERY, perPage: Math.max(shown, 1) }}
          onQueryChange={noop}
          searchable={false}
        />
      </Stack>
      <PreviewMistakes preview={preview} />
    </Stack>
  );
}
