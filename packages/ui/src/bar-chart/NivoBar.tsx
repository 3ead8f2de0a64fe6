// Lazy chunk: nivo's bar chart.
import { ResponsiveBar } from "@nivo/bar";
import { seriesColors } from "../chart/palette";
import { nivoTheme, useChartTheme } from "../chart/useChartTheme";
import type { BarDatum } from "./BarChart";

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
  return (
    <ResponsiveBar
      data={[...data]}
      indexBy={indexBy}
      keys={[...keys]}
      layout={layout}
      groupMode={groupMode}
      colors={seriesColors}
      theme={nivoTheme(colors)}
      margin={{ top: 10, right: 16, bottom: keys.length > 1 ? 64 : 40, left: horizontal ? 90 : 56 }}
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
