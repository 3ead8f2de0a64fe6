import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Root = styled("section", {
  display: "flex",
  flexDirection: "column",
  gap: "$3",
  minWidth: 0,
  // A table of contents jumps here: land below the shell's sticky top bar.
  scrollMarginTop: "80px",
});

export interface DocumentSectionProps {
  /** The id a table of contents links to (`href="#id"`). */
  id: string;
  /** The id of the section's heading, which names it. */
  "aria-labelledby": string;
  /** Its heading first, then its text. */
  children: ReactNode;
}

/** A part of a long document that a table of contents links to (a class's syllabus). */
export function DocumentSection({ children, ...rest }: DocumentSectionProps) {
  return <Root {...rest}>{children}</Root>;
}
