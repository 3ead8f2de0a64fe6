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
    /** Keeps the writer's own line breaks, in the text face (a message, a comment). */
    keepLines: { true: { whiteSpace: "pre-wrap" } },
    /** Keeps a short value on one line (a roll number, a date, a figure in a table cell). */
    nowrap: { true: { whiteSpace: "nowrap", overflowWrap: "normal" } },
  },
  defaultVariants: { tone: "default", weight: "regular" },
});

export type TextTone = VariantValue<typeof StyledText, "tone">;

export interface TextProps extends KitProps<typeof StyledText> {
  /** A span inside a line of other text, instead of a paragraph of its own. */
  inline?: boolean;
  /** A heading of this level (h2–h4) in the text's look: a titled part inside a card or a list. */
  heading?: 2 | 3 | 4;
}

/**
 * A line or paragraph of text in the kit's tones (default, muted, danger, success), weights and
 * sizes, without a margin: messages above a form, a name under an avatar, a status line, and
 * (with `heading`) the small headings inside cards, so screens never style an h3 themselves.
 */
export const Text = forwardRef<HTMLParagraphElement, TextProps>(function Text(
  { inline = false, heading, ...props },
  ref,
) {
  if (heading) {
    const { weight = "semibold", size = "md", ...rest } = props;
    return <StyledText as={`h${heading}` as "h2"} ref={ref} weight={weight} size={size} {...rest} />;
  }
  return inline ? <StyledText as="span" ref={ref} {...props} /> : <StyledText ref={ref} {...props} />;
});
