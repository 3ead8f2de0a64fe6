import type { ComponentPropsWithoutRef } from "react";
import { styled } from "../theme/stitches";

/** A short label: a status, a count or a category. Colour variants come from the tokens. */
export const Badge = styled("span", {
  display: "inline-flex",
  alignItems: "center",
  borderRadius: "$md",
  padding: "$1 $2",
  fontSize: "$sm",
  fontWeight: 600,
  lineHeight: 1.4,
  whiteSpace: "nowrap",
  variants: {
    tone: {
      primary: { backgroundColor: "$primaryLight", color: "$primary" },
      neutral: { backgroundColor: "$background", color: "$textMuted" },
      danger: { backgroundColor: "#FFF5F8", color: "$danger" },
    },
  },
  defaultVariants: { tone: "primary" },
});

export type BadgeProps = ComponentPropsWithoutRef<typeof Badge>;
