import type { VariantValue } from "../internal/styled-props";
import { keyframes, styled } from "../theme/stitches";

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

const Ring = styled("span", {
  display: "inline-block",
  flexShrink: 0,
  borderRadius: "$round",
  border: "2px solid currentColor",
  borderInlineEndColor: "transparent",
  animation: `${spin} 0.7s linear infinite`,
  variants: {
    size: {
      sm: { width: "14px", height: "14px" },
      md: { width: "20px", height: "20px" },
      lg: { width: "32px", height: "32px", borderWidth: "3px" },
    },
  },
  defaultVariants: { size: "md" },
});

export interface SpinnerProps {
  size?: VariantValue<typeof Ring, "size">;
  /** Accessible name; leave it out when a surrounding element already announces the wait. */
  label?: string;
}

/** A spinning ring in the current text colour. */
export function Spinner({ size = "md", label }: SpinnerProps) {
  return label ? <Ring size={size} role="status" aria-label={label} /> : <Ring size={size} aria-hidden />;
}
