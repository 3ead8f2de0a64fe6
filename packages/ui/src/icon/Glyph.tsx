import type { SVGProps } from "react";
import { styled } from "../theme/stitches";

const Svg = styled("svg", {
  flexShrink: 0,
  display: "inline-block",
  // Arrows and chevrons that follow the reading direction mirror in right-to-left layouts.
  "[dir=rtl] &[data-directional]": { transform: "scaleX(-1)" },
});

export interface GlyphProps extends Omit<SVGProps<SVGSVGElement>, "ref"> {
  /** The path data, in the kit's 24 × 24 stroke style. */
  d: string;
  size?: number;
  /** Accessible name; without it the glyph is decorative. */
  label?: string;
  /** Mirror in right-to-left layouts (arrows, chevrons). */
  directional?: boolean;
}

/**
 * One stroke glyph from its path. `Icon` draws the kit's named icons with it; controls that need
 * one or two fixed glyphs (the password field's eye) use it directly so that pages such as the
 * sign-in page do not download the whole icon table.
 */
export function Glyph({ d, size = 20, label, strokeWidth = 1.8, directional, ...props }: GlyphProps) {
  return (
    <Svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-directional={directional ? "" : undefined}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      {...props}
    >
      <path d={d} />
    </Svg>
  );
}
