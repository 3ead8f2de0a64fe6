import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  minWidth: "180px",
  maxWidth: "460px",
  maxHeight: "calc(3 * 1.7em)",
  overflow: "hidden",
  display: "-webkit-box",
  WebkitLineClamp: 3,
  WebkitBoxOrient: "vertical",
  "& p": { margin: 0 },
});

/** Rich text cut to its first three lines, in a column of a readable width (a question in a list row). */
export function Clamp({ children }: { children: ReactNode }) {
  return <Root>{children}</Root>;
}
