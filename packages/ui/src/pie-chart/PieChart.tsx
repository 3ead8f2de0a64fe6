import { lazy } from "react";
import { ChartFrame } from "../chart/ChartFrame";

const NivoPie = lazy(() => import("./NivoPie"));

export interface PieDatum {
  id: string;
  label: string;
  value: number;
}

export interface PieChartProps {
  title: string;
  description?: string;
  data: readonly PieDatum[];
  /** Heading of the category column of the data table. */
  categoryLabel?: string;
  /** A ring instead of a full pie. */
  donut?: boolean;
  height?: number;
}

/** A pie (or donut) chart on nivo, with its data and shares as an accessible table. */
export function PieChart({
  title,
  description,
  data,
  categoryLabel = "Category",
  donut = true,
  height = 300,
}: PieChartProps) {
  const total = data.reduce((sum, item) => sum + item.value, 0);
  return (
    <ChartFrame
      title={title}
      description={description}
      height={height}
      summary={`${donut ? "Donut" : "Pie"} chart of ${data.length} parts; the values and shares are in the table.`}
      table={{
        columns: [categoryLabel, "Value", "Share"],
        rows: data.map((item) => [
          item.label,
          item.value,
          total ? `${((item.value / total) * 100).toFixed(1)}%` : "0%",
        ]),
      }}
      chart={() => <NivoPie data={data} donut={donut} />}
    />
  );
}
