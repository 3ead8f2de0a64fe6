import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { FigureTable } from "@repo/ui/figure-table";
import { formatCount } from "@repo/ui/format";
import { Link } from "@repo/ui/link";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { AnalyticsToolbar } from "./AnalyticsToolbar";
import type { statisticsLoader } from "./analytics.server";

/**
 * The region's numbers in one table: each state (each district, for a prant or district
 * coordinator) with its students by payment and by class, and the totals.
 */
export function StatisticsScreen() {
  const data = useLoaderData<typeof statisticsLoader>();
  const toolbar = <AnalyticsToolbar regions={data.regions} withDates={false} />;
  if (!data.summary) {
    return (
      <Card title="Statistics" headerActions={toolbar}>
        <EmptyState
          icon="warning"
          tone="danger"
          title="The statistics could not be loaded"
          description={data.failure}
          action={
            <Button asChild>
              <RemixLink to=".">Try again</RemixLink>
            </Button>
          }
        />
      </Card>
    );
  }
  const summary = data.summary;
  const place = summary.level === "district" ? "District" : "State";
  const sum = (pick: (row: (typeof summary.rows)[number]) => number) =>
    summary.rows.reduce((total, row) => total + pick(row), 0);
  const classTotal = (level: number) => sum((row) => row.by_class.find((c) => c.class_level === level)?.total ?? 0);
  const listOf = (row: (typeof summary.rows)[number]) =>
    `${data.studentsPath}?${new URLSearchParams(
      summary.level === "district" ? { district_id: String(row.id) } : { state_id: String(row.id) },
    )}`;
  return (
    <Card
      title={`Students by ${place.toLowerCase()} and class`}
      description="This exam year's students of your region. A name opens its students."
      headerActions={toolbar}
      flush
    >
      {summary.rows.length === 0 ? (
        <EmptyState
          icon="users"
          title="No students yet"
          description="Students registered in your region appear here."
        />
      ) : (
        <FigureTable size="sm" heads="caps" figures="columns" nowrap>
          <caption>
            <VisuallyHidden>{`Students by ${place.toLowerCase()}, payment and class`}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th scope="col">{place}</th>
              <th scope="col">Students</th>
              <th scope="col">Paid</th>
              <th scope="col">Pending</th>
              <th scope="col">Unpaid</th>
              {CLASS_LEVELS.map((level) => (
                <th scope="col" key={level}>{`Class ${classLabel(level)}`}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  <Link asChild underline="hover">
                    <RemixLink to={listOf(row)}>{row.name}</RemixLink>
                  </Link>
                </th>
                <td>{formatCount(row.total)}</td>
                <td>{formatCount(row.paid)}</td>
                <td>{formatCount(row.pending)}</td>
                <td>{formatCount(row.unpaid)}</td>
                {CLASS_LEVELS.map((level) => (
                  <td key={level}>{formatCount(row.by_class.find((c) => c.class_level === level)?.total ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>Total</td>
              <td>{formatCount(sum((r) => r.total))}</td>
              <td>{formatCount(sum((r) => r.paid))}</td>
              <td>{formatCount(sum((r) => r.pending))}</td>
              <td>{formatCount(sum((r) => r.unpaid))}</td>
              {CLASS_LEVELS.map((level) => (
                <td key={level}>{formatCount(classTotal(level))}</td>
              ))}
            </tr>
          </tfoot>
        </FigureTable>
      )}
    </Card>
  );
}
