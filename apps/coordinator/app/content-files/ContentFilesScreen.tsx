import { useFetcher, useLoaderData } from "@remix-run/react";
import { CONTENT_FILE_LABELS, type ContentFileKind, formatBytes } from "@repo/contracts/content-constants";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { formatMoney } from "@repo/contracts/fees";
import { languageName } from "@repo/contracts/languages";
import { COUNTED, countOf } from "@repo/contracts/plural";
import {
  CLASS_OPTIONS,
  classesText,
  LANGUAGE_OPTIONS,
  LEVEL_OPTIONS,
  languagesText,
  levelName,
  STATUS_OPTIONS,
} from "@repo/remix-app/content/choices";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { editDeleteColumn } from "@repo/remix-app/lists/actions-column";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Link } from "@repo/ui/link";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { lazy, Suspense, useState } from "react";
import type { BrochureRow, ContentActionData, contentFilesLoader, StudyMaterialRow } from "./content-files.server";

// The create/edit form (react-hook-form, zod) loads when a dialog first opens.
const ContentFileDialog = lazy(() => import("./ContentFileDialog"));

type LoaderData = Awaited<ReturnType<typeof contentFilesLoader>>;
type Row = StudyMaterialRow | BrochureRow;

const isStudy = (row: Row): row is StudyMaterialRow => "exam_level" in row;

const DESCRIPTIONS: Record<ContentFileKind, string> = {
  "study-material": "Study material for schools and students: free or for sale, as a PDF or a link.",
  "brochure-download": "Brochures that schools download as PDFs.",
  "brochure-flipbook": "Brochures that schools read page by page in the browser.",
};

/** Where an editor opens an item's stored PDF (this app's resource route). */
export const filePath = (kind: ContentFileKind, id: number) => `/content-files/${kind}/${id}`;

/** Each collection's export (POST /api/export/{kind}). */
const EXPORT_KINDS = {
  "study-material": EXPORT_KIND.studyMaterials,
  "brochure-download": EXPORT_KIND.brochureDownloads,
  "brochure-flipbook": EXPORT_KIND.brochureFlipbooks,
} as const satisfies Record<ContentFileKind, string>;

/** A content list for editors (LMS and admins): search, filters, paging, create, edit and delete. */
export function ContentFilesScreen({ kind }: { kind: ContentFileKind }) {
  const label = CONTENT_FILE_LABELS[kind];
  const data = useLoaderData<LoaderData>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const deleter = useFetcher<ContentActionData>();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();

  useListFailureWarning(data.failure, `${label.plural} list not found`);
  useFetcherResult(deleter, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  const setQuery = filter.query;
  const setFilter = (param: string, value: string) => filter({ [param]: value });

  const remove = async (row: Row) => {
    const yes = await dialogs.confirm(`Are you sure you want to delete "${row.title}"? Its file is deleted too.`, {
      title: `Delete ${label.one.toLowerCase()}`,
      destructive: true,
      confirmLabel: "Yes, delete",
    });
    if (yes) deleter.submit({ intent: "delete", id: String(row.id), csrf: data.csrf }, { method: "post" });
  };

  const fileCell = (row: Row) => {
    if (isStudy(row) && row.link) {
      return (
        <Link href={row.link} external>
          External link
        </Link>
      );
    }
    if (!row.file) return "—";
    return (
      <Stack gap={1}>
        <Link href={filePath(kind, row.id)} external>
          {row.file.name}
        </Link>
        <Text size="sm" tone="muted">
          {[row.file.pages ? countOf(row.file.pages, COUNTED.page) : null, formatBytes(row.file.size)]
            .filter(Boolean)
            .join(" · ")}
        </Text>
      </Stack>
    );
  };

  const columns: DataTableColumn<Row>[] = [
    {
      id: "title",
      header: "Title",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.title}</strong>
          {isStudy(row) && row.description ? (
            <Text size="sm" tone="muted">
              {row.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    ...(kind === "study-material"
      ? [
          { id: "class", header: "Class", cell: (row: Row) => (isStudy(row) ? classesText(row.class_level) : "") },
          { id: "level", header: "Level", cell: (row: Row) => (isStudy(row) ? levelName(row.exam_level) : "") },
          {
            id: "languages",
            header: "Languages",
            cell: (row: Row) => (isStudy(row) ? languagesText(row.languages) : ""),
          },
          {
            id: "price",
            header: "Price",
            align: "end" as const,
            cell: (row: Row) => (isStudy(row) && row.price ? formatMoney(row.price) : "Free"),
          },
        ]
      : [
          {
            id: "language",
            header: "Language",
            cell: (row: Row) => ("language" in row ? languageName(row.language) : ""),
          },
        ]),
    { id: "file", header: "File", cell: fileCell },
    {
      id: "status",
      header: "Status",
      cell: (row) => (row.is_published ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>),
    },
    editDeleteColumn({ nameOf: (row) => row.title, onEdit: setEditing, onDelete: remove }),
  ];

  const filterSelect = (param: string, title: string, all: string, options: { value: string; label: string }[]) => (
    <Select
      key={param}
      label={title}
      placeholder={all}
      options={options}
      value={params.get(param) ?? ""}
      onChange={(event) => setFilter(param, event.target.value)}
    />
  );
  const filterParams =
    kind === "study-material"
      ? ["class_level", "exam_level", "language", "is_published"]
      : ["language", "is_published"];
  const activeFilters = filterParams.filter((param) => params.get(param)).length;
  const filters = (
    <Stack gap={4}>
      {kind === "study-material" ? filterSelect("class_level", "Class", "All classes", CLASS_OPTIONS) : null}
      {kind === "study-material" ? filterSelect("exam_level", "Level", "All levels", LEVEL_OPTIONS) : null}
      {filterSelect("language", "Language", "All languages", LANGUAGE_OPTIONS)}
      {filterSelect("is_published", "Status", "Published and drafts", STATUS_OPTIONS)}
    </Stack>
  );
  const narrowed = Boolean(query.search || activeFilters);

  return (
    <Card title={label.plural} description={DESCRIPTIONS[kind]}>
      <DataTable
        label={label.plural}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={setQuery}
        status={listStatus}
        searchable
        searchPlaceholder={`Search ${label.plural.toLowerCase()}`}
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={filter.reset}
            create={{ label: "Create", onClick: () => setEditing("new") }}
          >
            <ExportMenu kind={EXPORT_KINDS[kind]} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={narrowed ? `No ${label.plural.toLowerCase()} match` : `No ${label.plural.toLowerCase()} yet`}
        emptyDescription={narrowed ? "Try another search or clear the filters." : `Create the first one with Create.`}
      />
      {editing ? (
        <Suspense fallback={null}>
          <ContentFileDialog
            kind={kind}
            row={editing === "new" ? null : editing}
            csrf={data.csrf}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
