import type { CSSProperties, ReactNode } from "react";
import type { VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  display: "grid",
  // As many columns as fit, each at least --min wide (but never wider than the grid itself); the
  // items share any space left over.
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, var(--grid-min)), 1fr))",
  variants: {
    gap: { 3: { gap: "$3" }, 4: { gap: "$4" }, 5: { gap: "$5" }, 6: { gap: "$6" } },
  },
  defaultVariants: { gap: 5 },
});

export interface GridProps {
  children: ReactNode;
  /** The narrowest a column may get, in px; the grid adds columns as the page widens. */
  minItemWidth?: number;
  gap?: VariantValue<typeof Root, "gap">;
  /** Accessible name when the grid is a meaningful group (e.g. "Summary"). */
  "aria-label"?: string;
  role?: string;
}

/** A responsive grid of cards or stats without breakpoints: columns appear as space allows. */
export function Grid({ children, minItemWidth = 240, gap = 5, ...rest }: GridProps) {
  return (
    <Root gap={gap} style={{ "--grid-min": `${minItemWidth}px` } as CSSProperties} {...rest}>
      {children}
    </Root>
  );
}
