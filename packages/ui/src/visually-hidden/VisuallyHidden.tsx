import { forwardRef } from "react";
import type { KitProps } from "../internal/styled-props";
import { styled } from "../theme/stitches";

const StyledVisuallyHidden = styled("span", {
  position: "absolute !important",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});

export type VisuallyHiddenProps = KitProps<typeof StyledVisuallyHidden>;

/** Text for assistive technology only: read aloud, never painted. */
export const VisuallyHidden = forwardRef<HTMLSpanElement, VisuallyHiddenProps>(function VisuallyHidden(props, ref) {
  return <StyledVisuallyHidden ref={ref} {...props} />;
});
