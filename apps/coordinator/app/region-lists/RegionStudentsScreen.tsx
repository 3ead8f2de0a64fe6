import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { LANGUAGES, languageName } from "@repo/contracts/languages";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { STUDENT_LIST_PRESETS, STUDENT_SOURCES } from "@repo/contracts/region-lists-constants";
import { CLASS_LEVELS, classLabel, PAYMENT_STATUSES, paymentStatusName } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { REGION_FILTER_LEVELS, REGION_FILTER_PARAMS, RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDate } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { dateRangeOf } from "./date-range";
import type { RegionStudentRow, regionStudentsLoader } from "./region-lists.server";

const TONES = { paid: "success", pending: "warning", unpaid: "neutral" } as const;
const SORTABLE = ["name", "class", "registered"] as const;

/**
 * One of the coordinator app's student lists (total, paid, school-wise…): the students of the
 * viewer's region this exam year, with the page's fixed filters, the region, class, language,
 * payment and date filters, a search, sorting and the export of exactly what is listed.
 */
export function RegionStudentsScreen({ title, description }: { title: string; description: string }) {
  const data = useLoaderData<typeof regionStudentsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params, SORTABLE);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, `${title} not found`);
  const fixed: Record<string, string> = STUDENT_LIST_PRESETS[data.preset];
  const own = [...REGION_FILTER_PARAMS, "class_level", "language", "payment_status", "source", "school_id"].filter(
    (p) => !(p in fixed),
  );
  const activeFilters = own.filter((p) => params.get(p)).length + (params.get("from") || params.get("to") ? 1 : 0);
  const schoolName = params.get("school_id") ? data.rows[0]?.school_name : undefined;

  const columns: DataTableColumn<RegionStudentRow>[] = [
    {
      id: "name",
      header: "Student",
      sortable: true,
      cell: (row) => (
        <Stack gap={1}>
          <strong>{`${row.first_name} ${row.last_name}`.trim()}</strong>
          <Text size="sm" tone="muted">
            {row.roll_number ? `Roll ${row.roll_number}` : (row.phone ?? row.email ?? "")}
          </Text>
        </Stack>
      ),
    },
    {
      id: "class",
      header: "Class",
      sortable: true,
      cell: (row) => `${classLabel(row.class_level)} · ${languageName(row.language)}`,
    },
    {
      id: "school",
      header: "School",
      cell: (row) =>
        row.school_id ? (
          <Link asChild underline="hover">
            <RemixLink to={`?${new URLSearchParams({ school_id: String(row.school_id) })}`} preventScrollReset>
              {row.school_name}
            </RemixLink>
          </Link>
        ) : (
          <Stack gap={1}>
            <span>{row.school_name || "Not given"}</span>
            <Text size="sm" tone="muted">
              Individual, school not on the portal
            </Text>
          </Stack>
        ),
    },
    {
      id: "region",
      header: "Region",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.district ?? row.prant ?? row.state ?? ""}</span>
          <Text size="sm" tone="muted">
            {[row.state, row.zone].filter(Boolean).join(", ")}
          </Text>
        </Stack>
      ),
    },
    {
      id: "payment",
      header: "Payment",
      cell: (row) => <Badge tone={TONES[row.payment_status]}>{paymentStatusName(row.payment_status)}</Badge>,
    },
    { id: "registered", header: "Registered", sortable: true, cell: (row) => formatDate(row.created_at) },
  ];

  const filters = (
    <Stack gap={4}>
      <RegionPicker levels={REGION_FILTER_LEVELS} options={data.regions} />
      <Select
        label="Class"
        placeholder="All classes"
        options={CLASS_LEVELS.map((level) => ({ value: String(level), label: classLabel(level) }))}
        value={params.get("class_level") ?? ""}
        onChange={(event) => filter({ class_level: event.target.value })}
      />
      <Select
        label="Language"
        placeholder="All languages"
        options={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
        value={params.get("language") ?? ""}
        onChange={(event) => filter({ language: event.target.value })}
      />
      {"payment_status" in fixed ? null : (
        <Select
          label="Payment"
          placeholder="Paid and unpaid"
          options={PAYMENT_STATUSES.map((s) => ({ value: s.code, label: s.name }))}
          value={params.get("payment_status") ?? ""}
          onChange={(event) => filter({ payment_status: event.target.value })}
        />
      )}
      {"source" in fixed ? null : (
        <Select
          label="Registered by"
          placeholder="Schools and individuals"
          options={STUDENT_SOURCES.map((s) => ({ value: s.code, label: s.name }))}
          value={params.get("source") ?? ""}
          onChange={(event) => filter({ source: event.target.value })}
        />
      )}
    </Stack>
  );

  const filtered = Boolean(query.search || activeFilters);
  return (
    <Card
      title={title}
      description={schoolName ? `${description} Showing the students of ${schoolName}.` : description}
      flush
    >
      {data.capped ? (
        <Text tone="muted" size="sm">
          More than {countOf(data.total, COUNTED.student)} match: narrow the search or the dates, or export the list for
          all of them.
        </Text>
      ) : null}
      <DataTable
        label={title}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="Name, roll number or phone"
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={() =>
              filter(Object.fromEntries([...own, "from", "to"].map((p) => [p, null])) as Record<string, null>)
            }
            dateRange={dateRangeOf(params)}
            onDateRangeChange={(range) => filter({ from: range.from ?? null, to: range.to ?? null })}
            dateRangeLabel="Registration date"
          >
            <ExportMenu kind={EXPORT_KIND.regionStudents} filters={data.filters} csrf={data.csrf} />
          </Toolbar>
        }
        emptyTitle={filtered ? "No students match" : "No students yet"}
        emptyDescription={
          filtered ? "Try another search or clear the filters." : "Students registered in your region appear here."
        }
      />
    </Card>
  );
}
