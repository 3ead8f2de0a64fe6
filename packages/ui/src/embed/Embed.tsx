import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  position: "relative",
  aspectRatio: "16 / 9",
  borderRadius: "$md",
  overflow: "hidden",
  backgroundColor: "$gray900",
  "& iframe": { position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 },
});

/** A 16:9 frame for an embedded player: its `<iframe>` child fills it edge to edge. */
export function Embed({ children }: { children: ReactNode }) {
  return <Root>{children}</Root>;
}
