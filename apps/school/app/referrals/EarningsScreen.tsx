import { useLoaderData } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import { COMMISSION_CURRENCY } from "@repo/contracts/referrals-constants";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { Grid } from "@repo/ui/grid";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { lazy, Suspense } from "react";
import { ReferralCodeCard } from "./ReferralCodeCard";
import type { earningsLoader } from "./referrals.server";

// The chart (and nivo behind it) loads after the figures.
const EarningsChart = lazy(() => import("./EarningsChart"));

const money = (amount_minor: number) => formatMoney({ currency: COMMISSION_CURRENCY, amount_minor });

/** What the school has earned from its referrals: totals, referred students, and month by month. */
export function EarningsScreen() {
  const { earnings, code, failure } = useLoaderData<typeof earningsLoader>();
  useListFailureWarning(failure, "Earnings not found");
  if (!earnings) {
    return (
      <EmptyState title="Earnings are not available" description={failure ?? "Please try again."} icon="warning" />
    );
  }
  const { totals, referrals } = earnings;
  return (
    <Stack gap={5}>
      <Grid minItemWidth={200} aria-label="Commission totals" role="group">
        <StatCard label="Earned" value={money(totals.earned)} icon="award" tone="info" />
        <StatCard label="Pending approval" value={money(totals.pending)} icon="activity" tone="warning" />
        <StatCard label="Approved, to be paid" value={money(totals.approved)} icon="check" />
        <StatCard label="Paid out" value={money(totals.paid_out)} icon="credit-card" tone="primary" />
      </Grid>
      <Grid minItemWidth={160} aria-label="Referred students" role="group">
        <StatCard label="Referrals pending" value={referrals.pending} icon="users" tone="warning" />
        <StatCard label="Referrals approved" value={referrals.approved} icon="users" />
        <StatCard label="Referrals rejected" value={referrals.rejected} icon="users" tone="danger" />
        <StatCard label="Commissions earned" value={earnings.commissions} icon="award" tone="primary" />
      </Grid>
      {earnings.by_month.length === 0 ? (
        <Card title="Earnings by month">
          <EmptyState
            title="No commission yet"
            description="A referred student earns your school a commission once its fee is paid. Share your referral link to start."
            icon="chart-bar"
          />
        </Card>
      ) : (
        <Suspense fallback={<Card title="Earnings by month" description="Loading the chart…" />}>
          <EarningsChart months={earnings.by_month} />
        </Suspense>
      )}
      <ReferralCodeCard code={code} />
    </Stack>
  );
}
