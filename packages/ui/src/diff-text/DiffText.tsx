import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  lineHeight: "$relaxed",
  color: "$text",
  padding: "$2 $3",
  borderRadius: "$md",
  backgroundColor: "$surfaceMuted",
  // Marked without colour too: underlined when added, struck through when removed.
  "& ins": {
    textDecoration: "underline",
    textDecorationThickness: "2px",
    backgroundColor: "$successLight",
    color: "$successText",
    borderRadius: "$sm",
  },
  "& del": {
    textDecoration: "line-through",
    textDecorationThickness: "2px",
    backgroundColor: "$dangerLight",
    color: "$dangerText",
    borderRadius: "$sm",
  },
});

/**
 * A text with what changed marked: the app writes the words with `<ins>` for additions and `<del>`
 * for deletions (best with hidden "added"/"removed" words for screen readers), the kit draws them.
 */
export function DiffText({ children }: { children: ReactNode }) {
  return <Root>{children}</Root>;
}
