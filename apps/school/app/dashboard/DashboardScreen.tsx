import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { pagePath } from "@repo/auth/menus";
import { formatMoney } from "@repo/contracts/fees";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { EmptyState } from "@repo/ui/empty-state";
import { formatCount, formatDate, formatDateTime } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { Link } from "@repo/ui/link";
import { Skeleton } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { Text } from "@repo/ui/text";
import { lazy, Suspense } from "react";
import type { dashboardLoader, SchoolDashboard } from "./dashboard.server";

// The chart loads after the first view (the server renders it, its table included, in full).
const ClassChart = lazy(() => import("../statistics/StudentCharts").then((module) => ({ default: module.ClassChart })));

const students = (n: number) => countOf(n, COUNTED.student);

/** The amount due as one figure: "₹2,550.00", or each currency of a master institute's schools. */
function amountDueText(rows: SchoolDashboard["amount_due"]): { value: string; label: string } {
  const priced = rows.flatMap((row) => (row.amount ? [row.amount] : []));
  const unpricedUnpaid = rows.some((row) => !row.amount && row.unpaid > 0);
  if (priced.length === 0) {
    return { value: "—", label: rows.length === 0 ? "Amount due" : "Amount due (the fee is not set yet)" };
  }
  const byCurrency = new Map<string, number>();
  for (const amount of priced) {
    byCurrency.set(amount.currency, (byCurrency.get(amount.currency) ?? 0) + amount.amount_minor);
  }
  const value = [...byCurrency].map(([currency, amount_minor]) => formatMoney({ currency, amount_minor })).join(" + ");
  return { value, label: unpricedUnpaid ? "Amount due (some fees are not set yet)" : "Amount due" };
}

/**
 * The landing page of a school, an institute or a master institute: this exam year's students and
 * payments at a glance, what is due, the exam year's dates, recent activity and whom to call.
 */
export function DashboardScreen() {
  const data = useLoaderData<typeof dashboardLoader>();
  if (!data.dashboard) {
    return (
      <Card title="Dashboard">
        <EmptyState
          icon="warning"
          tone="danger"
          title="The dashboard could not be loaded"
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
  const { students: counts, exam_year: year, amount_due, recent_activity, coordinators } = data.dashboard;
  const due = amountDueText(amount_due);
  return (
    <Stack gap={5}>
      {counts.unpaid > 0 ? (
        <Card
          title={`${students(counts.unpaid)} ${pluralWord(counts.unpaid, COUNTED.is)} not paid yet`}
          description={[
            data.canPayForStudents
              ? "They take part in the exam once their fee is paid."
              : "They take part in the exam once their fee is paid through your institute's payment.",
            counts.pending > 0
              ? `${countOf(counts.pending, { one: "more student", other: "more students" })} ${pluralWord(counts.pending, COUNTED.has)} a payment under way.`
              : "",
          ]
            .filter(Boolean)
            .join(" ")}
          actions={
            data.canPayForStudents ? (
              <Button asChild>
                <RemixLink to={pagePath("school", "payment-student")}>Pay now</RemixLink>
              </Button>
            ) : undefined
          }
        />
      ) : null}

      <Grid minItemWidth={200} aria-label="Summary" role="group">
        <StatCard label="Students" value={formatCount(counts.total)} icon="users" tone="info" />
        <StatCard label="Paid" value={formatCount(counts.paid)} icon="check" />
        <StatCard label="Unpaid" value={formatCount(counts.unpaid)} icon="warning" tone="warning" />
        <StatCard label={due.label} value={due.value} icon="credit-card" tone="danger" />
      </Grid>

      {data.schools ? (
        <Card
          title={`Your schools (${formatCount(data.schools.total)})`}
          actions={
            <Link asChild>
              <RemixLink to={pagePath("school", "view-school")}>See all schools</RemixLink>
            </Link>
          }
        >
          {data.schools.items.length === 0 ? (
            <EmptyState
              icon="school"
              title="No schools yet"
              description="Add your schools one by one, or many at once from a spreadsheet."
              action={
                <Button asChild>
                  <RemixLink to={pagePath("school", "add-school")}>Add schools</RemixLink>
                </Button>
              }
            />
          ) : (
            <Stack element="ul" bullets gap={0} aria-label="Your schools">
              {data.schools.items.map((school) => (
                <li key={school.id}>
                  <Text>
                    {school.name}: {students(school.students)}, {formatCount(school.unpaid)} unpaid
                    {school.is_active ? "" : " (disabled)"}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Card>
      ) : null}

      {counts.total > 0 ? (
        <Suspense fallback={<Skeleton height={380} shape="rect" />}>
          <ClassChart
            counts={counts}
            description={`${students(counts.total)}${year ? ` in exam year ${year.label}` : ""}, by payment status`}
          />
        </Suspense>
      ) : (
        <Card title="Students by class">
          <EmptyState
            icon="users"
            title="No students yet"
            description={
              data.ofSchools
                ? "Your schools have not registered any students for this exam year yet."
                : "Register your students for this exam year: one by one, or many at once from a spreadsheet."
            }
            action={
              data.canAddStudents ? (
                <Button asChild>
                  <RemixLink to={pagePath("school", "add-students")}>Add students</RemixLink>
                </Button>
              ) : null
            }
          />
        </Card>
      )}

      <Grid minItemWidth={300}>
        <Card
          title={year ? `Exam year ${year.label}` : "Exam year"}
          actions={
            data.canSeeImportantDates ? (
              <Link asChild>
                <RemixLink to={pagePath("school", "important-dates")}>See the important dates</RemixLink>
              </Link>
            ) : undefined
          }
        >
          {year ? (
            <Stack gap={4}>
              <DescriptionList
                items={[
                  { label: "Starts", value: formatDate(year.starts_on) },
                  { label: "Ends", value: formatDate(year.ends_on) },
                ]}
              />
              {data.examSittings.length > 0 ? (
                <DescriptionList
                  items={data.examSittings.map((sitting) => ({
                    label: `${sitting.level}, class ${sitting.classes}`,
                    value: `${formatDateTime(sitting.starts_at)}, ${countOf(sitting.duration_minutes, COUNTED.minute)}${sitting.note ? ` (${sitting.note})` : ""}`,
                  }))}
                />
              ) : (
                <Text tone="muted" size="sm">
                  The exam dates are not scheduled yet.
                </Text>
              )}
            </Stack>
          ) : (
            <Text tone="muted">No exam year is open for registration yet.</Text>
          )}
        </Card>
        <CoordinatorsCard coordinators={coordinators} />
        <ActivityCard entries={recent_activity} ofSchools={data.ofSchools} />
      </Grid>
    </Stack>
  );
}

function CoordinatorsCard({ coordinators }: { coordinators: SchoolDashboard["coordinators"] }) {
  return (
    <Card title="Your coordinators" description="The programme's people for your region">
      {coordinators.length === 0 ? (
        <EmptyState compact icon="user" title="No coordinator is assigned to your region yet" />
      ) : (
        <Stack role="list" gap={4}>
          {coordinators.map((person) => (
            <Stack role="listitem" key={person.id} gap={1}>
              <Text weight="semibold">{person.name}</Text>
              <Text tone="muted" size="sm">
                {person.role_name}, {person.region}
              </Text>
              <Stack direction="row" gap={3}>
                {person.phone ? (
                  <Link href={`tel:${person.phone}`} aria-label={`Call ${person.name}, ${person.phone}`}>
                    {person.phone}
                  </Link>
                ) : null}
                <Link href={`mailto:${person.email}`} aria-label={`E-mail ${person.name}, ${person.email}`}>
                  {person.email}
                </Link>
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function ActivityCard({ entries, ofSchools }: { entries: SchoolDashboard["recent_activity"]; ofSchools: boolean }) {
  return (
    <Card title="Recent activity">
      {entries.length === 0 ? (
        <EmptyState
          compact
          icon="activity"
          title="Nothing yet"
          description={`Changes to your ${ofSchools ? "schools" : "school"} and students show here.`}
        />
      ) : (
        <Stack role="list" gap={3}>
          {entries.map((entry) => (
            <Stack role="listitem" key={`${entry.at} ${entry.what}`} gap={0}>
              <Text weight="medium">{entry.what}</Text>
              <Text tone="muted" size="sm">
                {entry.who} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
