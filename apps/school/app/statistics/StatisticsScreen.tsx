import { Link, useLoaderData } from "@remix-run/react";
import { pagePath } from "@repo/auth/menus";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { Grid } from "@repo/ui/grid";
import { Skeleton } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { lazy, Suspense } from "react";
import type { statisticsLoader } from "./statistics.server";

// The charts load after the first view (the server renders them, tables included, in full).
const charts = () => import("./StudentCharts");
const ClassChart = lazy(() => charts().then((module) => ({ default: module.ClassChart })));
const LanguageChart = lazy(() => charts().then((module) => ({ default: module.LanguageChart })));
const GenderChart = lazy(() => charts().then((module) => ({ default: module.GenderChart })));
const PaymentChart = lazy(() => charts().then((module) => ({ default: module.PaymentChart })));

const placeholder = (height: number) => <Skeleton height={height} shape="rect" />;

/**
 * The school's students this exam year by class, language, gender and payment status. Each chart
 * carries its figures as a table (read by screen readers, and shown on request); nivo itself
 * loads in the browser only, after the first view (packages/ui chart frame).
 */
export function StatisticsScreen() {
  const { statistics, failure, canAddStudents, ofSchools } = useLoaderData<typeof statisticsLoader>();
  if (!statistics) {
    return (
      <Card title="Statistics">
        <EmptyState
          icon="warning"
          tone="danger"
          title="The statistics could not be loaded"
          description={failure}
          action={
            <Button asChild>
              <Link to=".">Try again</Link>
            </Button>
          }
        />
      </Card>
    );
  }
  const { exam_year: year, students } = statistics;
  if (!year) {
    return (
      <Card title="Statistics">
        <EmptyState
          icon="calendar"
          title="No exam year is open yet"
          description="The figures appear here once registration for the next exam year opens."
        />
      </Card>
    );
  }
  const whose = ofSchools ? "your schools'" : "your";
  if (students.total === 0) {
    return (
      <Card title="Statistics" description={`Exam year ${year.label}`}>
        <EmptyState
          icon="users"
          title="No students yet"
          description={`The charts fill in as ${whose} students are registered for this exam year.`}
          action={
            canAddStudents ? (
              <Button asChild>
                <Link to={pagePath("school", "add-students")}>Add students</Link>
              </Button>
            ) : null
          }
        />
      </Card>
    );
  }
  const total = countOf(students.total, COUNTED.student);
  return (
    <Stack gap={5}>
      <Suspense fallback={placeholder(380)}>
        <ClassChart counts={students} description={`${total} in exam year ${year.label}, by payment status`} />
      </Suspense>
      <Grid minItemWidth={340}>
        <Suspense fallback={placeholder(360)}>
          <GenderChart counts={students} />
        </Suspense>
        <Suspense fallback={placeholder(360)}>
          <PaymentChart counts={students} />
        </Suspense>
      </Grid>
      <Suspense fallback={placeholder(300)}>
        <LanguageChart counts={students} />
      </Suspense>
    </Stack>
  );
}
