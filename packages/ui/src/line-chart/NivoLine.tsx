// Lazy chunk: nivo's line chart.
import { ResponsiveLine } from "@nivo/line";
import { seriesColors } from "../chart/palette";
import { nivoTheme, useChartTheme } from "../chart/useChartTheme";
import type { LineSeries } from "./LineChart";

export default function NivoLine({
  series,
  yLegend,
  area,
}: {
  series: readonly LineSeries[];
  yLegend?: string;
  area: boolean;
}) {
  const colors = useChartTheme();
  // At most about a dozen labels on the x axis (a month of days would overlap); the table has all.
  const xs = [...new Set(series.flatMap((line) => line.data.map((point) => point.x)))];
  const step = Math.ceil(xs.length / 12);
  const tickValues = step > 1 ? xs.filter((_, index) => index % step === 0) : undefined;
  return (
    <ResponsiveLine
      data={series.map((line) => ({ id: line.id, data: line.data.map((point) => ({ ...point })) }))}
      colors={seriesColors}
      theme={nivoTheme(colors)}
      margin={{ top: 12, right: 20, bottom: series.length > 1 ? 64 : 40, left: 56 }}
      curve="monotoneX"
      enableArea={area}
      areaOpacity={0.08}
      lineWidth={2.5}
      pointSize={xs.length > 40 ? 0 : 7}
      pointColor={colors.surface}
      pointBorderWidth={2}
      pointBorderColor={{ from: "seriesColor" }}
      enableGridX={false}
      gridYValues={5}
      axisBottom={{ tickSize: 0, tickPadding: 10, tickValues }}
      axisLeft={{
        tickSize: 0,
        tickPadding: 10,
        tickValues: 5,
        legend: yLegend,
        legendOffset: -48,
        legendPosition: "middle",
      }}
      useMesh
      role="presentation"
      legends={
        series.length > 1
          ? [
              {
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
    />
  );
}
