import { lazy } from "react";
import { ChartFrame } from "../chart/ChartFrame";

// nivo loads in its own chunk, in the browser only, when a chart is on the page.
const NivoBar = lazy(() => import("./NivoBar"));

export type BarDatum = Record<string, string | number>;

export interface BarChartProps {
  title: string;
  description?: string;
  /** Rows of data, e.g. [{ class: "VI", Registered: 420, Paid: 380 }]. */
  data: readonly BarDatum[];
  /** The field naming each bar group ("class"). */
  indexBy: string;
  /** The numeric fields, one colour each (["Registered", "Paid"]). */
  keys: readonly string[];
  /** Heading of the index column in the data table ("Class"). */
  indexLabel?: string;
  layout?: "vertical" | "horizontal";
  groupMode?: "grouped" | "stacked";
  height?: number;
  /** Axis legends. */
  valueLegend?: string;
}

/** A bar chart on nivo, themed from the tokens, with its data as an accessible table. */
export function BarChart({
  title,
  description,
  data,
  indexBy,
  keys,
  indexLabel = indexBy,
  layout = "vertical",
  groupMode = "grouped",
  height = 320,
  valueLegend,
}: BarChartProps) {
  return (
    <ChartFrame
      title={title}
      description={description}
      height={height}
      summary={`Bar chart of ${keys.join(", ")} by ${indexLabel.toLowerCase()}; the values are in the table.`}
      table={{
        columns: [indexLabel, ...keys],
        rows: data.map((row) => [String(row[indexBy] ?? ""), ...keys.map((key) => row[key] ?? 0)]),
      }}
      chart={() => (
        <NivoBar
          data={data}
          indexBy={indexBy}
          keys={keys}
          layout={layout}
          groupMode={groupMode}
          valueLegend={valueLegend}
        />
      )}
    />
  );
}
