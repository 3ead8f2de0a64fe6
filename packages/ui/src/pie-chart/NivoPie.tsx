// Lazy chunk: nivo's pie chart.
import { ResponsivePie } from "@nivo/pie";
import { seriesColors } from "../chart/palette";
import { nivoTheme, useChartTheme } from "../chart/useChartTheme";
import type { PieDatum } from "./PieChart";

export default function NivoPie({ data, donut }: { data: readonly PieDatum[]; donut: boolean }) {
  const colors = useChartTheme();
  return (
    <ResponsivePie
      data={data.map((item) => ({ ...item }))}
      colors={seriesColors}
      theme={nivoTheme(colors)}
      margin={{ top: 16, right: 16, bottom: 48, left: 16 }}
      innerRadius={donut ? 0.62 : 0}
      padAngle={1.2}
      cornerRadius={4}
      activeOuterRadiusOffset={6}
      enableArcLinkLabels={false}
      arcLabelsSkipAngle={18}
      arcLabelsTextColor="#ffffff"
      role="presentation"
      legends={[
        {
          anchor: "bottom",
          direction: "row",
          translateY: 40,
          itemWidth: 100,
          itemHeight: 18,
          symbolSize: 12,
          symbolShape: "circle",
        },
      ]}
    />
  );
}
