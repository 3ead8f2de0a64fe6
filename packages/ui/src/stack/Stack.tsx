import { forwardRef } from "react";
import type { KitProps } from "../internal/styled-props";
import { styled } from "../theme/stitches";

const StyledStack = styled("div", {
  display: "flex",
  minWidth: 0,
  // A list or a fieldset drawn as a stack loses its bullets, indent and frame.
  margin: 0,
  padding: 0,
  border: 0,
  listStyle: "none",
  // A fieldset's legend joins the stack as its first item (with the gap after it), not its frame.
  "& > legend": { float: "left", width: "100%", padding: 0 },
  variants: {
    direction: {
      row: { flexDirection: "row", flexWrap: "wrap" },
      column: { flexDirection: "column" },
    },
    gap: {
      0: { gap: "$0" },
      1: { gap: "$1" },
      2: { gap: "$2" },
      3: { gap: "$3" },
      4: { gap: "$4" },
      5: { gap: "$5" },
      6: { gap: "$6" },
      7: { gap: "$7" },
    },
    align: {
      start: { alignItems: "flex-start" },
      center: { alignItems: "center" },
      end: { alignItems: "flex-end" },
      stretch: { alignItems: "stretch" },
      baseline: { alignItems: "baseline" },
    },
    justify: {
      start: { justifyContent: "flex-start" },
      center: { justifyContent: "center" },
      end: { justifyContent: "flex-end" },
      between: { justifyContent: "space-between" },
    },
    wrap: { true: { flexWrap: "wrap" }, false: { flexWrap: "nowrap" } },
    grow: { true: { "& > *": { flex: "1 1 0" } } },
    /** At most as wide as one short or long field, growing to it in a row (a field beside its button). */
    fieldWidth: {
      short: { flex: "1 1 auto", maxWidth: "$field" },
      long: { flex: "1 1 auto", maxWidth: "$fieldLong" },
    },
    /** A rule between the items, as far below the one above as the gap (a column of gap 4). */
    dividers: { true: { "& > * + *": { borderTop: "1px solid $border", paddingTop: "$4" } } },
    /** A list that keeps its bullets (or numbers) and their indent: instructions, reasons. */
    bullets: { true: { listStyle: "revert", paddingInlineStart: "$5" } },
  },
  defaultVariants: { direction: "column", gap: 4 },
});

/** The elements a stack may be: a list, a list item, a navigation, a group of fields, a span in a paragraph. */
export type StackElement = "div" | "span" | "ul" | "ol" | "li" | "nav" | "fieldset";

export interface StackProps extends KitProps<typeof StyledStack> {
  /** The element drawn (a `<div>` by default): `ul`/`ol` for a list of `<li>` without bullets. */
  element?: StackElement;
}

/**
 * Lays its children out in a row or a column with a token gap, so pages compose layouts without
 * writing styles. `direction="row"` wraps by default; use `wrap={false}` to keep one line.
 * `element="ul"` (or `ol`) makes it a list of `<li>` items without bullets.
 */
export const Stack = forwardRef<HTMLDivElement, StackProps>(function Stack({ element, ...props }, ref) {
  return <StyledStack as={element} ref={ref} {...props} />;
});
