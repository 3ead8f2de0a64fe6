import { useLoaderData } from "@remix-run/react";
import { formatBytes } from "@repo/contracts/content-constants";
import { languageName } from "@repo/contracts/languages";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { LANGUAGE_OPTIONS } from "@repo/remix-app/content/choices";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Icon } from "@repo/ui/icon";
import { Select } from "@repo/ui/select";
import { Toolbar } from "@repo/ui/toolbar";
import { readerFilePath } from "./paths";
import type { BrochureRow, brochuresLoader } from "./study-material.server";

type LoaderData = Awaited<ReturnType<typeof brochuresLoader>>;

/** vvm-brochure-download: the programme's brochures, each a PDF to download (a plain link: works before hydration). */
export function BrochureDownloadsScreen() {
  const data = useLoaderData<LoaderData>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Brochures list not found");

  const setQuery = filter.query;
  const setLanguage = (value: string) => filter({ language: value });

  const columns: DataTableColumn<BrochureRow>[] = [
    { id: "title", header: "Brochure", cell: (row) => <strong>{row.title}</strong> },
    { id: "language", header: "Language", cell: (row) => languageName(row.language) },
    {
      id: "size",
      header: "PDF",
      cell: (row) =>
        [row.file.pages ? countOf(row.file.pages, COUNTED.page) : null, formatBytes(row.file.size)]
          .filter(Boolean)
          .join(" · "),
    },
    {
      id: "download",
      header: "Download",
      align: "end",
      cell: (row) => (
        <Button asChild size="sm" variant="light" icon={<Icon name="download" size={16} />}>
          <a href={readerFilePath("brochure-download", row.id, true)} download aria-label={`Download ${row.title}`}>
            Download
          </a>
        </Button>
      ),
    },
  ];

  return (
    <Card title="Brochure download" description="The programme's brochures as PDFs, to read, print or share.">
      <DataTable
        label="Brochures"
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={setQuery}
        status={listStatus}
        searchable
        searchPlaceholder="Search brochures"
        actions={
          <Toolbar
            filters={
              <Select
                label="Language"
                placeholder="All languages"
                options={LANGUAGE_OPTIONS}
                value={params.get("language") ?? ""}
                onChange={(event) => setLanguage(event.target.value)}
              />
            }
            activeFilters={params.get("language") ? 1 : 0}
            onResetFilters={filter.reset}
          />
        }
        emptyTitle={query.search || params.get("language") ? "No brochures match" : "No brochures yet"}
        emptyDescription="The programme publishes its brochures here."
      />
    </Card>
  );
}
