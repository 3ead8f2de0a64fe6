// Loaded lazily by the dashboard and the statistics page: the chart frames stay out of their first
// view, and nivo (behind the frames) loads in the browser only.
import { BarChart } from "@repo/ui/bar-chart";
import { PieChart } from "@repo/ui/pie-chart";
import type { StudentCounts } from "./statistics.server";
import { classRows, genderSlices, languageRows, PAYMENT_SERIES, paymentSlices } from "./student-figures";

/** Students of classes VI to XI, stacked by payment status. */
export function ClassChart({ counts, description }: { counts: StudentCounts; description: string }) {
  return (
    <BarChart
      title="Students by class"
      description={description}
      data={classRows(counts)}
      indexBy="class"
      indexLabel="Class"
      keys={PAYMENT_SERIES}
      groupMode="stacked"
      valueLegend="Students"
      height={300}
    />
  );
}

export function LanguageChart({ counts }: { counts: StudentCounts }) {
  return (
    <BarChart
      title="Students by exam language"
      description="The language each student answers in"
      data={languageRows(counts)}
      indexBy="language"
      indexLabel="Language"
      keys={["Students"]}
      layout="horizontal"
      height={languageChartHeight(counts)}
    />
  );
}

/** Room for every language's bar. */
const languageChartHeight = (counts: StudentCounts) => Math.max(200, 44 * counts.by_language.length + 60);

export function GenderChart({ counts }: { counts: StudentCounts }) {
  return <PieChart title="Students by gender" data={genderSlices(counts)} categoryLabel="Gender" height={280} />;
}

export function PaymentChart({ counts }: { counts: StudentCounts }) {
  return (
    <PieChart
      title="Students by payment status"
      description="Pending: a payment is under way"
      data={paymentSlices(counts)}
      categoryLabel="Payment status"
      height={280}
    />
  );
}
