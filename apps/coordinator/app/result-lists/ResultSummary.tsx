import { formatMarks } from "@repo/contracts/result-lists-constants";
import { formatCount } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { StatCard } from "@repo/ui/stat-card";

/** The whole list's figures above a statewise or prant-wise table (the API's `total`). */
export function ResultSummary({
  label,
  summary,
}: {
  label: string;
  summary: {
    sheets: number;
    average: number;
    highest: number;
    qualified: number;
    state_camp?: number;
    national_camp?: number;
  };
}) {
  const none = summary.sheets === 0;
  return (
    <Grid minItemWidth={130} gap={4} aria-label={label} role="group">
      <StatCard label="Sheets submitted" value={formatCount(summary.sheets)} icon="file" tone="info" />
      <StatCard label="Average" value={none ? "—" : formatMarks(summary.average)} icon="chart-bar" />
      <StatCard label="Highest" value={none ? "—" : formatMarks(summary.highest)} icon="award" />
      <StatCard label="Qualified" value={formatCount(summary.qualified)} icon="check" tone="info" />
      {summary.state_camp === undefined ? null : (
        <StatCard label="State camp" value={formatCount(summary.state_camp)} icon="award" tone="info" />
      )}
      {summary.national_camp === undefined ? null : (
        <StatCard label="National camp" value={formatCount(summary.national_camp)} icon="award" />
      )}
    </Grid>
  );
}
