import { forwardRef } from "react";
import type { KitProps, VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";

const StyledBadge = styled("span", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$1",
  borderRadius: "$md",
  fontWeight: "$semibold",
  lineHeight: 1.4,
  whiteSpace: "nowrap",
  variants: {
    tone: {
      primary: { backgroundColor: "$primaryDeep", color: "$primary" },
      success: { backgroundColor: "$successLight", color: "$successText" },
      neutral: { backgroundColor: "$gray200", color: "$gray700" },
      danger: { backgroundColor: "$dangerLight", color: "$dangerText" },
      warning: { backgroundColor: "$warningLight", color: "$warningText" },
      info: { backgroundColor: "$infoLight", color: "$infoText" },
    },
    size: {
      sm: { fontSize: "$xs", padding: "2px $2" },
      md: { fontSize: "$sm", padding: "$1 $2" },
    },
  },
  defaultVariants: { tone: "primary", size: "md" },
});

export type BadgeTone = VariantValue<typeof StyledBadge, "tone">;
export type BadgeProps = KitProps<typeof StyledBadge>;

/**
 * A short label: a status, a count or a category. Tones come from the tokens. The primary tone
 * shows the brand green itself as text, on a deep green surface so that it stays readable (AA);
 * `success` is the lighter green-on-mint look for statuses such as "Paid".
 */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(props, ref) {
  return <StyledBadge ref={ref} {...props} />;
});
