import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  alignItems: "start",
  minWidth: 0,
  listStyle: "none",
  variants: {
    /**
     * The two panes, side by side once there is room, one above the other before:
     * - `editor`: a form and its preview, 3 : 2 (from a laptop);
     * - `compare`: two halves, a source and its translation (from a laptop);
     * - `list-detail`: a narrow list of choices and what the one chosen shows (from a tablet); a
     *   long list scrolls inside itself, at most a third of the screen tall (60% from a tablet);
     * - `marker`: a number or date column as wide as it needs and the rest (from a large phone);
     * - `dated`: a fixed column of dates and the rest (from a large phone);
     * - `keyed`: a short key, the content, and an end mark, always side by side (an option row);
     * - `status`: a line of status and its buttons at the end, across the box (a dialog's footer);
     * - `pairs`: buttons in two columns of their own width, at the end (row actions in two short rows).
     */
    layout: {
      editor: { "@lg": { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)" } },
      compare: { "@lg": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } },
      "list-detail": {
        "& > :first-child": { maxHeight: "35vh", overflowY: "auto" },
        "@md": {
          gridTemplateColumns: "minmax(200px, 250px) minmax(0, 1fr)",
          "& > :first-child": { maxHeight: "60vh" },
        },
      },
      marker: { "@sm": { gridTemplateColumns: "auto minmax(0, 1fr)" } },
      dated: { "@sm": { gridTemplateColumns: "13rem minmax(0, 1fr)" } },
      keyed: { gridTemplateColumns: "2rem minmax(0, 1fr) auto" },
      status: { gridTemplateColumns: "minmax(0, 1fr) auto", alignItems: "center", width: "100%" },
      pairs: {
        gridTemplateColumns: "repeat(2, max-content)",
        justifyContent: "end",
        "& > *": { justifyContent: "center" },
      },
    },
    gap: {
      2: { gap: "$2" },
      3: { gap: "$3" },
      4: { gap: "$4" },
      5: { gap: "$5" },
      wide: { gap: "$3", "@lg": { gap: "$5" } },
      rows: { gap: "$2 $4" },
    },
    /**
     * A row among rows: ruled off from the one above (`top`: a form's fields, each beside its
     * source) or underlined with dashes (`dashed`: a list of dates).
     */
    ruled: {
      top: { borderTop: "1px solid $border", paddingBlock: "$4" },
      dashed: { borderBottom: "1px dashed $border", paddingBlock: "$3" },
    },
    /** The second pane stays in view while the first scrolls (a preview beside a long form). */
    stickyEnd: { true: { "@lg": { "& > :last-child": { position: "sticky", top: "$4" } } } },
  },
  defaultVariants: { gap: 4 },
});

export interface SplitProps {
  layout: "editor" | "compare" | "list-detail" | "marker" | "dated" | "keyed" | "status" | "pairs";
  gap?: 2 | 3 | 4 | 5 | "wide" | "rows";
  stickyEnd?: boolean;
  ruled?: "top" | "dashed";
  /** The element drawn: a `<div>`, or a list item in a list of such rows. */
  element?: "div" | "li";
  /** The panes (or, for `pairs`, the buttons), in reading order. */
  children: ReactNode;
  lang?: string;
}

/** Two panes (or a key, content and end mark; or buttons) in a responsive grid, without breakpoints in screens. */
export function Split({ element = "div", children, ...props }: SplitProps) {
  return (
    <Root as={element} {...props}>
      {children}
    </Root>
  );
}
