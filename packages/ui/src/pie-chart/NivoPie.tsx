// Lazy chunk: nivo's pie chart.
import { ResponsivePie } from "@nivo/pie";
import { seriesColors } from "../chart/palette";
import { nivoTheme, useChartTheme } from "../chart/useChartTheme";
import type { PieDatum } from "./PieChart";

/** About how wide a legend row may be, and an item of `label` (symbol, gap, ~7 px a letter). */
const LEGEND_ROW = 360;
const itemWidth = (label: string) => Math.max(70, label.length * 7 + 26);

/** The legend in rows of equal items that fit, so long labels do not run into each other. */
function legendRows(data: readonly PieDatum[], width: number) {
  const perRow = Math.max(1, Math.floor(LEGEND_ROW / width));
  const items = data.map((item, index) => ({
    id: item.id,
    label: item.label,
    color: seriesColors[index % seriesColors.length] ?? "#50CD89",
  }));
  return Array.from({ length: Math.ceil(items.length / perRow) }, (_, row) =>
    items.slice(row * perRow, (row + 1) * perRow),
  );
}

export default function NivoPie({ data, donut }: { data: readonly PieDatum[]; donut: boolean }) {
  const colors = useChartTheme();
  const widest = Math.max(70, ...data.map((item) => itemWidth(item.label)));
  const rows = legendRows(data, widest);
  return (
    <ResponsivePie
      data={data.map((item) => ({ ...item }))}
      colors={seriesColors}
      theme={nivoTheme(colors)}
      margin={{ top: 16, right: 16, bottom: 28 + rows.length * 20, left: 16 }}
      innerRadius={donut ? 0.62 : 0}
      padAngle={1.2}
      cornerRadius={4}
      activeOuterRadiusOffset={6}
      enableArcLinkLabels={false}
      arcLabelsSkipAngle={18}
      arcLabelsTextColor="#ffffff"
      role="presentation"
      legends={rows.map((row, index) => ({
        anchor: "bottom" as const,
        direction: "row" as const,
        translateY: 24 + index * 20,
        itemWidth: widest,
        itemHeight: 18,
        symbolSize: 12,
        symbolShape: "circle" as const,
        data: row,
      }))}
    />
  );
}
