import { Component, type ReactNode, Suspense, useEffect, useId, useState } from "react";
import { Button } from "../button/Button";
import { Icon } from "../icon/Icon";
import { Skeleton } from "../skeleton/Skeleton";
import { styled } from "../theme/stitches";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";

const Figure = styled("figure", {
  margin: 0,
  display: "flex",
  flexDirection: "column",
  gap: "$3",
  padding: "$5",
  backgroundColor: "$surface",
  border: "1px solid $border",
  borderRadius: "$lg",
  boxShadow: "$card",
  minWidth: 0,
});
const Head = styled("div", { display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: "$3" });
const Caption = styled("figcaption", { display: "grid", gap: "2px" });
const Title = styled("span", { fontSize: "$lg", fontWeight: "$semibold", color: "$text" });
const Description = styled("span", { fontSize: "$sm", color: "$textMuted" });
const Table = styled("table", {
  width: "100%",
  borderCollapse: "collapse",
  fontSize: "$md",
  "& th, & td": { padding: "$2 $3", textAlign: "start", borderBottom: "1px dashed $border" },
  "& th": { fontSize: "$xs", textTransform: "uppercase", letterSpacing: "0.05em", color: "$textMuted" },
  "& td": { color: "$gray800", fontVariantNumeric: "tabular-nums" },
  "& td:not(:first-child), & th:not(:first-child)": { textAlign: "end" },
});

export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

export interface ChartFrameProps {
  title: string;
  description?: string;
  /** One sentence saying what the chart shows, read in place of the picture. */
  summary: string;
  table: ChartTable;
  height: number;
  /** Renders the (lazy) chart; called in the browser only. */
  chart: () => ReactNode;
  locale?: string;
}

class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A titled chart with its data as a table: the table is always there for screen readers, and
 * anyone can show it instead of the chart. Charts draw in the browser only (nivo measures the
 * page); the server and a failed chart show the table.
 */
export function ChartFrame({ title, description, summary, table, height, chart, locale = "en-IN" }: ChartFrameProps) {
  const tableId = useId();
  const titleId = useId();
  const [client, setClient] = useState(false);
  const [showTable, setShowTable] = useState(false);
  useEffect(() => setClient(true), []);
  const number = new Intl.NumberFormat(locale);
  const dataTable = (
    <Table id={tableId}>
      <caption>
        <VisuallyHidden>{title}: data</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, index) =>
              index === 0 ? (
                <th
                  key={table.columns[index]}
                  scope="row"
                  style={{ textTransform: "none", fontSize: "inherit", color: "inherit" }}
                >
                  {cell}
                </th>
              ) : (
                <td key={table.columns[index]}>{typeof cell === "number" ? number.format(cell) : cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
  const visibleTable = <div style={{ minHeight: height, overflowX: "auto" }}>{dataTable}</div>;

  return (
    <Figure aria-labelledby={titleId}>
      <Head>
        <Caption>
          <Title id={titleId}>{title}</Title>
          {description ? <Description>{description}</Description> : null}
        </Caption>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={showTable}
          icon={<Icon name={showTable ? "chart-bar" : "list"} size={16} />}
          onClick={() => setShowTable((value) => !value)}
        >
          {showTable ? "Show chart" : "Show table"}
        </Button>
      </Head>
      {showTable || !client ? (
        client ? (
          visibleTable
        ) : (
          <>
            <Skeleton height={height} shape="rect" />
            <VisuallyHidden>{dataTable}</VisuallyHidden>
          </>
        )
      ) : (
        <>
          <ChartBoundary fallback={visibleTable}>
            <Suspense fallback={<Skeleton height={height} shape="rect" />}>
              <div role="img" aria-label={`${title}. ${summary}`} style={{ height }}>
                {chart()}
              </div>
            </Suspense>
          </ChartBoundary>
          <VisuallyHidden>{dataTable}</VisuallyHidden>
        </>
      )}
    </Figure>
  );
}
