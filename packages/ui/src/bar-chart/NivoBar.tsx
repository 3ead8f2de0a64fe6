// Lazy chunk: nivo's bar chart.
import { ResponsiveBar } from "@nivo/bar";
import { seriesColors } from "../chart/palette";
import { nivoTheme, useChartTheme } from "../chart/useChartTheme";
import type { BarDatum } from "./BarChart";

const ellipsis = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export default function NivoBar({
  data,
  indexBy,
  keys,
  layout,
  groupMode,
  valueLegend,
}: {
  data: readonly BarDatum[];
  indexBy: string;
  keys: readonly string[];
  layout: "vertical" | "horizontal";
  groupMode: "grouped" | "stacked";
  valueLegend?: string;
}) {
  const colors = useChartTheme();
  const horizontal = layout === "horizontal";
  // Horizontal bars: room for the longest label (up to 200 px), and the first row on top, as in
  // the data table (nivo draws the first row at the bottom).
  const longest = Math.max(0, ...data.map((row) => String(row[indexBy] ?? "").length));
  const left = horizontal ? Math.min(200, Math.max(90, Math.min(longest, 27) * 7 + 16)) : 56;
  return (
    <ResponsiveBar
      data={horizontal ? [...data].reverse() : [...data]}
      indexBy={indexBy}
      keys={[...keys]}
      layout={layout}
      groupMode={groupMode}
      colors={seriesColors}
      theme={nivoTheme(colors)}
      margin={{ top: 10, right: 16, bottom: keys.length > 1 ? 64 : 40, left }}
      padding={0.3}
      innerPadding={groupMode === "grouped" ? 3 : 0}
      borderRadius={4}
      enableLabel={false}
      axisBottom={{
        tickSize: 0,
        tickPadding: 10,
        tickValues: horizontal ? 5 : undefined,
        legend: horizontal ? valueLegend : undefined,
        legendOffset: 36,
        legendPosition: "middle",
      }}
      axisLeft={{
        tickSize: 0,
        tickPadding: 10,
        tickValues: horizontal ? undefined : 5,
        // Long names end in an ellipsis on the axis; the table and the tooltip show them whole.
        format: horizontal ? (value: string | number) => ellipsis(String(value), 27) : undefined,
        legend: horizontal ? undefined : valueLegend,
        legendOffset: -48,
        legendPosition: "middle",
      }}
      gridYValues={horizontal ? undefined : 5}
      gridXValues={horizontal ? 5 : undefined}
      enableGridX={horizontal}
      enableGridY={!horizontal}
      role="presentation"
      isFocusable={false}
      legends={
        keys.length > 1
          ? [
              {
                dataFrom: "keys",
                anchor: "bottom",
                direction: "row",
                translateY: 60,
                itemWidth: 110,
                itemHeight: 18,
                symbolSize: 12,
                symbolShape: "circle",
              },
            ]
          : []
      }
      motionConfig="gentle"
    />
  );
}
