import { BarChart } from "@repo/ui/bar-chart";
import type { EarningsDashboard } from "./referrals.server";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const label = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month.slice(5, 7)} ${month.slice(0, 4)}`;

/** Commissions by the month they were earned, stacked by where they stand, in rupees. */
export default function EarningsChart({ months }: { months: EarningsDashboard["by_month"] }) {
  const rows = months.map((m) => ({
    month: label(m.month),
    Pending: m.pending / 100,
    Approved: m.approved / 100,
    "Paid out": m.paid_out / 100,
  }));
  return (
    <BarChart
      title="Earnings by month"
      description="Commissions by the month the student's fee was paid, in rupees (reversals subtract). Pending: waiting for the programme's approval."
      data={rows}
      indexBy="month"
      indexLabel="Month"
      keys={["Pending", "Approved", "Paid out"]}
      groupMode="stacked"
      valueLegend="Rupees"
      height={300}
    />
  );
}
