import { lazy } from "react";
import { ChartFrame } from "../chart/ChartFrame";

const NivoLine = lazy(() => import("./NivoLine"));

export interface LineSeries {
  id: string;
  data: readonly { x: string | number; y: number }[];
}

export interface LineChartProps {
  title: string;
  description?: string;
  series: readonly LineSeries[];
  /** Heading of the x column of the data table ("Date"). */
  xLabel?: string;
  yLegend?: string;
  height?: number;
  /** Fill the area under the lines. */
  area?: boolean;
}

/** A line chart on nivo (e.g. registrations over time), with its data as an accessible table. */
export function LineChart({
  title,
  description,
  series,
  xLabel = "x",
  yLegend,
  height = 320,
  area = true,
}: LineChartProps) {
  const xs = [...new Set(series.flatMap((line) => line.data.map((point) => point.x)))];
  return (
    <ChartFrame
      title={title}
      description={description}
      height={height}
      summary={`Line chart of ${series.map((line) => line.id).join(", ")} by ${xLabel.toLowerCase()}; the values are in the table.`}
      table={{
        columns: [xLabel, ...series.map((line) => line.id)],
        rows: xs.map((x) => [String(x), ...series.map((line) => line.data.find((point) => point.x === x)?.y ?? "–")]),
      }}
      chart={() => <NivoLine series={series} yLegend={yLegend} area={area} />}
    />
  );
}
