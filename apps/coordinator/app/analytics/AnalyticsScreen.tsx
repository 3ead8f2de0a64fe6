import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { languageName } from "@repo/contracts/languages";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { SCHOOL_BOARDS, SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { BarChart } from "@repo/ui/bar-chart";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { formatCount } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { LineChart } from "@repo/ui/line-chart";
import { PieChart } from "@repo/ui/pie-chart";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { Text } from "@repo/ui/text";
import { AnalyticsToolbar } from "./AnalyticsToolbar";
import type { analyticsLoader } from "./analytics.server";

const nameOf = (list: readonly { id: number; name: string }[], id: number, fallback: string) =>
  list.find((item) => item.id === id)?.name ?? fallback;

/**
 * The region's analytics (decision 019): registrations against payments over time, who takes part by
 * class, language and source, schools by type and board, study materials bought and the
 * coordinators. Each chart has its table ("Show table"); the date range narrows registrations.
 */
export function AnalyticsScreen() {
  const data = useLoaderData<typeof analyticsLoader>();
  const { participation, series, schools } = data;
  const toolbar = <AnalyticsToolbar regions={data.regions} />;
  if (!participation || !series || !schools) {
    return (
      <Card title="Analytics" headerActions={toolbar}>
        <EmptyState
          icon="warning"
          tone="danger"
          title="The analytics could not be loaded"
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
  const total = participation.by_source.reduce((sum, row) => sum + row.total, 0);
  const paid = participation.by_source.reduce((sum, row) => sum + row.paid, 0);
  const registeredInRange = series.days.reduce((sum, day) => sum + day.registered, 0);
  const ordersInRange = series.days.reduce((sum, day) => sum + day.orders, 0);
  const ranged = Boolean(data.filters.from || data.filters.to);
  const currencies = [...new Set(series.days.flatMap((d) => d.collected.map((m) => m.currency)))];
  const collectedInRange = currencies.map((currency) => ({
    currency,
    amount_minor: series.days.reduce(
      (sum, d) => sum + (d.collected.find((m) => m.currency === currency)?.amount_minor ?? 0),
      0,
    ),
  }));
  return (
    <Stack gap={5}>
      <Stack direction="row" justify="between" align="center" gap={3}>
        <Text tone="muted">
          {ranged
            ? "Students registered in the chosen days, and the payments received in them."
            : `This exam year's students; the day-by-day figures cover ${series.from} to ${series.to}.`}
        </Text>
        {toolbar}
      </Stack>
      <Grid minItemWidth={200} aria-label="Summary" role="group">
        <StatCard
          label={ranged ? "Registered in the range" : "Students"}
          value={formatCount(total)}
          icon="users"
          tone="info"
        />
        <StatCard label="Paid" value={formatCount(paid)} icon="check" />
        <StatCard
          label="Schools with a paid student"
          value={`${formatCount(schools.with_paid)} of ${formatCount(schools.total)}`}
          icon="school"
          tone="info"
        />
        <StatCard
          label={`Collected ${series.from} to ${series.to}`}
          value={collectedInRange.length ? collectedInRange.map((m) => formatMoney(m)).join(" + ") : "—"}
          icon="credit-card"
        />
      </Grid>
      <LineChart
        title="Registrations and payments"
        description={`${countOf(registeredInRange, COUNTED.student)} registered and ${countOf(ordersInRange, COUNTED.order)} paid, ${series.from} to ${series.to}.`}
        xLabel="Day"
        yLegend="Per day"
        series={[
          { id: "Students registered", data: series.days.map((d) => ({ x: d.day.slice(5), y: d.registered })) },
          { id: "Orders paid", data: series.days.map((d) => ({ x: d.day.slice(5), y: d.orders })) },
        ]}
      />
      <Grid minItemWidth={420}>
        <BarChart
          title="Students by class"
          description="Paid, pending and unpaid students of each class."
          data={participation.by_class.map((row) => ({
            class: classLabel(row.class_level),
            Paid: row.paid,
            Pending: row.pending,
            Unpaid: row.unpaid,
          }))}
          indexBy="class"
          indexLabel="Class"
          keys={["Paid", "Pending", "Unpaid"]}
          groupMode="stacked"
          valueLegend="Students"
        />
        <BarChart
          title="Students by exam language"
          description="The language each student takes the exam in."
          data={participation.by_language.map((row) => ({
            language: languageName(row.language),
            Paid: row.paid,
            Unpaid: row.unpaid + row.pending,
          }))}
          indexBy="language"
          indexLabel="Language"
          keys={["Paid", "Unpaid"]}
          groupMode="stacked"
          layout="horizontal"
          height={Math.max(260, participation.by_language.length * 28)}
        />
        <PieChart
          title="Registered by"
          description="Students registered by their school, and individual students."
          categoryLabel="Registered by"
          data={participation.by_source.map((row) => ({
            id: row.source,
            label: row.source === "school" ? "A school" : "Themselves (individual)",
            value: row.total,
          }))}
        />
        <PieChart
          title="School types"
          description={`${countOf(schools.total, COUNTED.school)}; ${formatCount(schools.active)} active, ${formatCount(schools.verified)} with a verified e-mail.`}
          categoryLabel="Type"
          data={schools.by_category.map((row) => ({
            id: String(row.category_id),
            label: nameOf(SCHOOL_CATEGORIES, row.category_id, "Other"),
            value: row.schools,
          }))}
        />
        <BarChart
          title="Schools by board"
          description="Schools of each board, and those with at least one paid student."
          data={schools.by_board.map((row) => ({
            board: nameOf(SCHOOL_BOARDS, row.board_id, "Not given"),
            Schools: row.schools,
            "With a paid student": row.with_paid,
          }))}
          indexBy="board"
          indexLabel="Board"
          keys={["Schools", "With a paid student"]}
          layout="horizontal"
          height={Math.max(260, schools.by_board.length * 40)}
        />
        {data.coordinators.length ? (
          <BarChart
            title="Coordinators"
            description="The coordinators you oversee, signing in or switched off."
            data={data.coordinators.map((row) => ({
              level: row.level,
              "Can sign in": row.active,
              "Switched off": row.inactive,
            }))}
            indexBy="level"
            indexLabel="Level"
            keys={["Can sign in", "Switched off"]}
            groupMode="stacked"
            layout="horizontal"
            height={Math.max(220, data.coordinators.length * 40)}
          />
        ) : null}
        {data.materials.length ? (
          <BarChart
            title="Study materials bought"
            description="Buyers of each study material (paid orders)."
            data={data.materials.map((row) => ({ material: row.title, Buyers: row.buyers }))}
            indexBy="material"
            indexLabel="Study material"
            keys={["Buyers"]}
            layout="horizontal"
            height={Math.max(220, data.materials.length * 36)}
          />
        ) : null}
      </Grid>
    </Stack>
  );
}
