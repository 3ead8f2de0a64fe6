import { useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { CONTENT_FILE_LABELS } from "@repo/contracts/content-constants";
import { formatMoney } from "@repo/contracts/fees";
import { COUNTED } from "@repo/contracts/plural";
import {
  CLASS_OPTIONS,
  classesText,
  LANGUAGE_OPTIONS,
  languagesText,
  levelName,
} from "@repo/remix-app/content/choices";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { useState } from "react";
import { OpenOrders } from "../payments/OpenOrders";
import { readerFilePath } from "./paths";
import type { BuyActionData, StudyMaterialRow, studyMaterialsLoader } from "./study-material.server";

type LoaderData = Awaited<ReturnType<typeof studyMaterialsLoader>>;

/** What a reader can do with a free (or bought) material: open or download its PDF, or follow its link. */
function FreeActions({ row }: { row: StudyMaterialRow }) {
  if (row.link) {
    return (
      <Link href={row.link} external>
        Open link
      </Link>
    );
  }
  if (!row.file) return null;
  return (
    <Stack direction="row" gap={2} justify="end" wrap={false}>
      <Button asChild size="sm" variant="light" icon={<Icon name="external" size={16} />}>
        <a
          href={readerFilePath("study-material", row.id)}
          target="_blank"
          rel="noopener"
          aria-label={`Open ${row.title}`}
        >
          Open
        </a>
      </Button>
      <Button asChild size="sm" variant="ghost" icon={<Icon name="download" size={16} />}>
        <a href={readerFilePath("study-material", row.id, true)} download aria-label={`Download ${row.title}`}>
          Download
        </a>
      </Button>
    </Stack>
  );
}

/**
 * study-material/study-material (free materials, open or download) and buy-study-material (the
 * catalogue of materials for sale: tick, pay online, then open what was bought): filtered by class
 * and language, searchable, paged.
 */
export function StudyMaterialScreen({ forSale }: { forSale: boolean }) {
  const data = useLoaderData<LoaderData>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, `${CONTENT_FILE_LABELS["study-material"].plural} list not found`);
  // Buying: the ticked materials not bought yet go to the action, which opens the checkout or says why not.
  const submit = useSubmit();
  const refused = useActionData<BuyActionData>();
  const buying = useNavigation().state === "submitting";
  const [selected, setSelected] = useState<string[]>([]);
  // Bought, or held by an unfinished payment (Continue or Cancel it above): not bought again.
  const bought = new Set(
    data.rows.filter((row) => row.bought || row.in_unfinished_payment).map((row) => String(row.id)),
  );
  const buy = (keys: string[]) => {
    const ids = keys.filter((key) => !bought.has(key));
    if (ids.length > 0) submit({ csrf: data.csrf, study_material_ids: ids.join(",") }, { method: "post" });
  };

  const setQuery = filter.query;
  const setFilter = (param: string, value: string) => filter({ [param]: value });

  const columns: DataTableColumn<StudyMaterialRow>[] = [
    {
      id: "title",
      header: "Title",
      cell: (row) => (
        <Stack gap={1}>
          <strong>{row.title}</strong>
          {row.description ? (
            <Text size="sm" tone="muted">
              {row.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { id: "class", header: "Class", cell: (row) => classesText(row.class_level) },
    { id: "level", header: "Level", cell: (row) => levelName(row.exam_level) },
    { id: "languages", header: "Languages", cell: (row) => languagesText(row.languages) },
    ...(forSale
      ? [
          {
            id: "price",
            header: "Price",
            align: "end" as const,
            cell: (row: StudyMaterialRow) => (row.price ? formatMoney(row.price) : ""),
          },
          {
            id: "bought",
            header: "Yours",
            align: "end" as const,
            cell: (row: StudyMaterialRow) =>
              row.bought ? (
                <Stack gap={1} align="end">
                  <Text tone="success" weight="semibold">
                    Bought
                  </Text>
                  <FreeActions row={row} />
                </Stack>
              ) : row.in_unfinished_payment ? (
                "In a payment not finished"
              ) : (
                "Tick to buy"
              ),
          },
        ]
      : [
          {
            id: "open",
            header: "Open",
            align: "end" as const,
            cell: (row: StudyMaterialRow) => <FreeActions row={row} />,
          },
        ]),
  ];

  const activeFilters = ["class_level", "language"].filter((param) => params.get(param)).length;
  const filters = (
    <Stack gap={4}>
      <Select
        label="Class"
        placeholder="All classes"
        options={CLASS_OPTIONS}
        value={params.get("class_level") ?? ""}
        onChange={(event) => setFilter("class_level", event.target.value)}
      />
      <Select
        label="Language"
        placeholder="All languages"
        options={LANGUAGE_OPTIONS}
        value={params.get("language") ?? ""}
        onChange={(event) => setFilter("language", event.target.value)}
      />
    </Stack>
  );
  const narrowed = Boolean(query.search || activeFilters);

  return (
    <Card
      title={forSale ? "Buy study material" : "Study material"}
      description={
        forSale
          ? "Study material for sale, by class and language."
          : "Free study material for your students: open it in the browser or download the PDF."
      }
    >
      <Stack gap={4}>
        {refused ? (
          <Text tone="danger" role="alert">
            {refused.message}
          </Text>
        ) : null}
        {forSale ? <OpenOrders orders={data.openOrders} csrf={data.csrf} what={COUNTED.studyMaterial} /> : null}
        {forSale ? (
          <Text tone="muted">
            Tick what you want and pay online; what you bought opens here and stays in your Payment History with its
            invoice.
          </Text>
        ) : null}
        <DataTable
          label={forSale ? "Study material for sale" : "Study material"}
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          total={data.total}
          query={query}
          onQueryChange={setQuery}
          status={listStatus}
          searchable
          searchPlaceholder="Search study material"
          {...(forSale
            ? {
                selectable: true,
                selected,
                onSelectedChange: setSelected,
                rowLabel: (row: StudyMaterialRow) => row.title,
                bulkActions: (keys: string[]) => (
                  <Button
                    variant="primary"
                    size="sm"
                    loading={buying}
                    disabled={keys.every((key) => bought.has(key))}
                    onClick={() => buy(keys)}
                  >
                    {`Buy ${keys.length} selected`}
                  </Button>
                ),
              }
            : {})}
          actions={<Toolbar filters={filters} activeFilters={activeFilters} onResetFilters={filter.reset} />}
          emptyTitle={
            narrowed ? "No study material matches" : forSale ? "Nothing is for sale yet" : "No study material yet"
          }
          emptyDescription={
            narrowed
              ? "Try another class or language, or clear the filters."
              : "The programme publishes study material here."
          }
        />
      </Stack>
    </Card>
  );
}
