import { forwardRef } from "react";
import type { KitProps, VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";

const StyledText = styled("p", {
  margin: 0,
  overflowWrap: "anywhere",
  variants: {
    tone: {
      default: { color: "$text" },
      muted: { color: "$textMuted" },
      danger: { color: "$dangerText" },
      success: { color: "$successText" },
    },
    weight: {
      regular: { fontWeight: "$regular" },
      medium: { fontWeight: "$medium" },
      semibold: { fontWeight: "$semibold" },
      bold: { fontWeight: "$bold" },
    },
    size: {
      sm: { fontSize: "$sm" },
      md: { fontSize: "$md" },
      lg: { fontSize: "$lg" },
      xl: { fontSize: "$xl" },
    },
    /** Keeps the text's own line breaks and spacing, in the monospace face (logs, plain-text mail). */
    preformatted: { true: { whiteSpace: "pre-wrap", fontFamily: "$mono" } },
  },
  defaultVariants: { tone: "default", weight: "regular" },
});

export type TextTone = VariantValue<typeof StyledText, "tone">;

export interface TextProps extends KitProps<typeof StyledText> {
  /** A span inside a line of other text, instead of a paragraph of its own. */
  inline?: boolean;
}

/**
 * A line or paragraph of text in the kit's tones (default, muted, danger, success), weights and
 * sizes, without a margin: messages above a form, a name under an avatar, a status line.
 */
export const Text = forwardRef<HTMLParagraphElement, TextProps>(function Text({ inline = false, ...props }, ref) {
  return inline ? <StyledText as="span" ref={ref} {...props} /> : <StyledText ref={ref} {...props} />;
});
