import { useFetcher } from "@remix-run/react";
import type { ExportKindName } from "@repo/contracts/export-kinds";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { editDeleteColumn } from "@repo/remix-app/lists/actions-column";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Toolbar } from "@repo/ui/toolbar";
import type { ReactNode } from "react";
import type { ContentActionData } from "./content-texts.server";

interface Row {
  id: number;
  published: boolean;
}

interface Props<R extends Row> {
  title: string;
  description: string;
  /** "important date": buttons, confirmations and the empty state. */
  noun: string;
  nounPlural: string;
  csrf: string;
  /** The list's export, and its current search and filters (without paging). */
  exportKind: ExportKindName;
  filters: Record<string, string | number>;
  rows: R[];
  total: number;
  failure: string | null;
  columns: DataTableColumn<R>[];
  /** What a row is called in its buttons and the delete confirmation. */
  nameOf: (row: R) => string;
  onCreate: () => void;
  onEdit: (row: R) => void;
  /** The open dialog, if any. */
  dialog: ReactNode;
}

/** The published/draft mark every content list shows. */
export function PublishedBadge({ published }: { published: boolean }) {
  return published ? <Badge tone="success">Published</Badge> : <Badge tone="neutral">Draft</Badge>;
}

/**
 * The list every text content page has: search and paging in the URL, Create, Edit and a
 * confirmed Delete (posted to the page's own action), and the list's failure warning.
 */
export function ContentListCard<R extends Row>(props: Props<R>) {
  const { noun, nounPlural, csrf, nameOf } = props;
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  const dialogs = useMessageDialog();
  const deleter = useFetcher<ContentActionData>();
  const plural = nounPlural.toLowerCase();

  useListFailureWarning(props.failure, `${nounPlural} list not found`);
  useFetcherResult(deleter, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });

  const remove = async (row: R) => {
    const yes = await dialogs.confirm(`Are you sure you want to delete the ${noun} "${nameOf(row)}"?`, {
      title: `Delete ${noun}`,
      destructive: true,
      confirmLabel: "Yes, delete",
    });
    if (yes) deleter.submit({ intent: "delete", id: String(row.id), csrf }, { method: "post" });
  };

  const columns: DataTableColumn<R>[] = [
    ...props.columns,
    { id: "published", header: "Status", cell: (row) => <PublishedBadge published={row.published} /> },
    editDeleteColumn({ nameOf: nameOf, onEdit: props.onEdit, onDelete: remove }),
  ];

  return (
    <Card title={props.title} description={props.description}>
      <DataTable
        label={props.title}
        columns={columns}
        rows={props.rows}
        rowKey={(row) => String(row.id)}
        total={props.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder={`Search ${plural}`}
        actions={
          <Toolbar create={{ label: "Create", onClick: props.onCreate }}>
            <ExportMenu kind={props.exportKind} filters={props.filters} csrf={csrf} />
          </Toolbar>
        }
        emptyTitle={query.search ? `No ${plural} match` : `No ${plural} yet`}
        emptyDescription={query.search ? "Try another search." : `Create the first ${noun}.`}
      />
      {props.dialog}
    </Card>
  );
}
