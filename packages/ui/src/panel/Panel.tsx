import { forwardRef, type ReactNode } from "react";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  display: "grid",
  alignContent: "start",
  minWidth: 0,
  margin: 0,
  borderRadius: "$md",
  border: "1px solid $border",
  "& > legend": { padding: "0 $2", fontWeight: "$semibold", color: "$text" },
  variants: {
    /** The box's ground: the page surface, a muted grey (a source text to copy), or correct (an answer). */
    tone: {
      surface: { backgroundColor: "$surface" },
      muted: { backgroundColor: "$surfaceMuted" },
      success: { backgroundColor: "$successLight", borderColor: "$success" },
      none: {},
    },
    /** A dashed edge marks something to keep as it is (a formula), not a field. */
    dashed: { true: { borderStyle: "dashed", borderColor: "$borderStrong" } },
    padding: {
      1: { padding: "$1 $3" },
      2: { padding: "$2 $3" },
      3: { padding: "$3" },
      4: { padding: "$3 $4" },
      5: { padding: "$4" },
    },
    gap: { 0: { gap: 0 }, 2: { gap: "$2" }, 3: { gap: "$3" }, 4: { gap: "$4" } },
    /** Wide content (a formula, a table) scrolls inside the box rather than widening the page. */
    scroll: { true: { overflowX: "auto" } },
    /** Paragraphs of rich text inside sit without their margins. */
    tight: { true: { "& p": { margin: 0 } } },
  },
  defaultVariants: { tone: "none", padding: 3, gap: 2 },
});

export interface PanelProps {
  /** The element drawn: a `<div>`, a list item, or a group of fields (with `legend`). */
  element?: "div" | "li" | "fieldset";
  /** A fieldset's legend, set in the frame's top edge. */
  legend?: ReactNode;
  tone?: "surface" | "muted" | "success" | "none";
  dashed?: boolean;
  padding?: 1 | 2 | 3 | 4 | 5;
  gap?: 0 | 2 | 3 | 4;
  scroll?: boolean;
  tight?: boolean;
  children?: ReactNode;
  "aria-describedby"?: string;
  "aria-label"?: string;
  lang?: string;
}

/**
 * A bordered box that holds one thing among others: an option being written, a question placed in
 * a section, a group of fields with its legend, a source text to translate from, a formula to keep.
 * Its children are laid out in a column with the gap.
 */
export const Panel = forwardRef<HTMLDivElement, PanelProps>(function Panel(
  { element = "div", legend, children, ...props },
  ref,
) {
  return (
    <Root as={element} ref={ref} {...props}>
      {element === "fieldset" && legend ? <legend>{legend}</legend> : null}
      {children}
    </Root>
  );
});
