import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Scroll = styled("div", { overflowX: "auto", minWidth: 0 });

const Table = styled("table", {
  width: "100%",
  borderCollapse: "collapse",
  "& caption": { textAlign: "start" },
  "& th, & td": { padding: "$2 $3", textAlign: "start", borderBottom: "1px solid $border", verticalAlign: "middle" },
  "& thead th": { color: "$textMuted", fontWeight: "$semibold" },
  "& tbody th, & tfoot td, & tfoot th": { fontWeight: "$semibold" },
  // A figure lines up by its last digit: a cell marked data-figure, or every cell after the first.
  "& [data-figure]": { textAlign: "end", fontVariantNumeric: "tabular-nums" },
  // A row marked data-group heads the rows under it (a section of a paper).
  "& tr[data-group] th": { backgroundColor: "$surfaceMuted", color: "$gray800", fontSize: "$sm", paddingTop: "$3" },
  variants: {
    size: { sm: { fontSize: "$sm" }, md: { fontSize: "$md" } },
    /** Column headings in small capitals (a statistics table) or in small text. */
    heads: {
      caps: { "& thead th": { textTransform: "uppercase", fontSize: "$xs" } },
      plain: { "& thead th": { fontSize: "$sm" } },
    },
    /** Every column after the first holds figures. */
    figures: {
      columns: {
        "& th, & td": { textAlign: "end", fontVariantNumeric: "tabular-nums" },
        "& th:first-child, & td:first-child": { textAlign: "start" },
      },
      marked: {},
    },
    /** Cells keep one line and the table scrolls; otherwise long words wrap (Tamil on a phone). */
    nowrap: { true: { "& th, & td": { whiteSpace: "nowrap" } }, false: { "& th, & td": { overflowWrap: "anywhere" } } },
    /** Tighter side padding, for a table read on a phone. */
    compact: { true: { "& th, & td": { paddingInline: "$2" } } },
    /** The totals row without a rule under it. */
    openFoot: { true: { "& tfoot td, & tfoot th": { borderBottom: 0 } } },
  },
  defaultVariants: { size: "md", heads: "plain", figures: "marked", nowrap: false },
});

export interface FigureTableProps {
  /** The table's own rows: `<caption>`, `<thead>`, `<tbody>`, `<tfoot>`. */
  children: ReactNode;
  size?: "sm" | "md";
  heads?: "caps" | "plain";
  figures?: "columns" | "marked";
  nowrap?: boolean;
  compact?: boolean;
  openFoot?: boolean;
  "aria-label"?: string;
}

/**
 * A plain table of figures (statistics, a paper's sections, a sheet's marks) that scrolls
 * sideways when wider than its box: the app writes the rows, the kit draws them. Cells with
 * `data-figure` line up at the end; a `<tr data-group>` heads a group of rows. For sorting,
 * paging and selecting, use DataTable.
 */
export function FigureTable({ children, "aria-label": label, ...variants }: FigureTableProps) {
  return (
    <Scroll>
      <Table aria-label={label} {...variants}>
        {children}
      </Table>
    </Scroll>
  );
}
