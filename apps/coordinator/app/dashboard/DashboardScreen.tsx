import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { classLabel, paymentStatusName } from "@repo/contracts/students-constants";
import { BarChart } from "@repo/ui/bar-chart";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { formatCount, formatDate, formatDateTime } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { StatCard, type StatCardProps } from "@repo/ui/stat-card";
import { Text } from "@repo/ui/text";
import type { coordinatorDashboardLoader } from "./dashboard.server";

/** A card that opens the list it counts, when the viewer may open it. */
function LinkedCard({ to, ...card }: StatCardProps & { to: string | null }) {
  return to ? (
    <Link asChild block>
      <RemixLink to={to} prefetch="intent">
        <StatCard {...card} />
      </RemixLink>
    </Link>
  ) : (
    <StatCard {...card} />
  );
}

/**
 * The coordinator app's landing page: the viewer's region this exam year (students, payments,
 * schools, today's registrations, money collected), each state's figures, and the latest
 * registrations and payments. Every card opens the list whose total it shows.
 */
export function DashboardScreen() {
  const data = useLoaderData<typeof coordinatorDashboardLoader>();
  const { cards, links } = data;
  if (!cards || !links) {
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
  const collected = cards.collected.length ? cards.collected.map((money) => formatMoney(money)).join(" + ") : "—";
  const registeredToday = `${formatCount(cards.registered_today)}${cards.registered_today_capped ? "+" : ""}`;
  return (
    <Stack gap={5}>
      <Text tone="muted">
        Exam year {cards.exam_year}. Figures are live; each card opens its list with the same filters.
      </Text>
      <Grid minItemWidth={160} aria-label="Summary" role="group">
        <LinkedCard
          to={links.students}
          label="Students registered"
          value={formatCount(cards.students)}
          icon="users"
          tone="info"
        />
        <LinkedCard to={links.paid} label="Paid" value={formatCount(cards.paid)} icon="check" />
        <LinkedCard to={links.unpaid} label="Unpaid" value={formatCount(cards.unpaid)} icon="warning" tone="warning" />
        <LinkedCard to={links.schools} label="Schools" value={formatCount(cards.schools)} icon="school" tone="info" />
        <LinkedCard to={links.today} label="Registered today" value={registeredToday} icon="calendar" />
        <LinkedCard to={links.collected} label="Collected" value={collected} icon="credit-card" tone="primary" />
      </Grid>
      {data.states.length > 0 ? (
        <BarChart
          title="Students by state"
          // plural-ok: one state or many, not a count
          description={`Paid, pending and unpaid students of each state${data.states.length === 1 ? "" : " of your region"}.`}
          data={data.states.map((s) => ({
            state: s.state,
            Paid: s.paid,
            Pending: s.pending,
            Unpaid: s.unpaid,
            Schools: s.schools,
          }))}
          indexBy="state"
          indexLabel="State"
          keys={["Paid", "Pending", "Unpaid"]}
          groupMode="stacked"
          layout={data.states.length > 8 ? "horizontal" : "vertical"}
          height={Math.max(280, data.states.length > 8 ? data.states.length * 26 : 280)}
          valueLegend="Students"
        />
      ) : null}
      {data.recent ? (
        <Grid minItemWidth={300}>
          <Card title="Latest students">
            {data.recent.students.length ? (
              <Stack element="ul" gap={3}>
                {data.recent.students.map((s) => (
                  <li key={s.id}>
                    <Stack gap={1}>
                      <strong>{s.name}</strong>
                      <Text size="sm" tone="muted">
                        {`${classLabel(s.class_level)} · ${s.school_name} · ${paymentStatusName(s.payment_status)} · ${formatDateTime(s.created_at)}`}
                      </Text>
                    </Stack>
                  </li>
                ))}
              </Stack>
            ) : (
              <Text tone="muted">No students registered yet this exam year.</Text>
            )}
          </Card>
          <Card title="Latest payments">
            {data.recent.payments.length ? (
              <Stack element="ul" gap={3}>
                {data.recent.payments.map((p) => (
                  <li key={p.order_id}>
                    <Stack gap={1}>
                      <strong>{`${formatMoney(p.amount)} · ${p.payer}`}</strong>
                      <Text size="sm" tone="muted">
                        {`Order ${p.order_id} · ${formatDateTime(p.paid_at)}`}
                      </Text>
                    </Stack>
                  </li>
                ))}
              </Stack>
            ) : (
              <Text tone="muted">No payments received yet this exam year.</Text>
            )}
          </Card>
          <Card title="Latest schools">
            {data.recent.schools.length ? (
              <Stack element="ul" gap={3}>
                {data.recent.schools.map((s) => (
                  <li key={s.id}>
                    <Stack gap={1}>
                      <strong>{s.name}</strong>
                      <Text size="sm" tone="muted">
                        {[s.state, `registered ${formatDate(s.created_at)}`].filter(Boolean).join(" · ")}
                      </Text>
                    </Stack>
                  </li>
                ))}
              </Stack>
            ) : (
              <Text tone="muted">No schools registered yet.</Text>
            )}
          </Card>
        </Grid>
      ) : null}
    </Stack>
  );
}
