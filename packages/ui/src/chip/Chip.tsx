import { forwardRef } from "react";
import { Slot } from "../internal/Slot";
import type { KitProps, VariantValue } from "../internal/styled-props";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";

const StyledChip = styled("button", {
  boxSizing: "border-box",
  display: "inline-flex",
  alignItems: "center",
  gap: "$2",
  maxWidth: "100%",
  minHeight: "$controlSm",
  margin: 0,
  padding: "$1 $3",
  borderRadius: "$round",
  border: "1px solid $border",
  backgroundColor: "$surface",
  color: "$gray800",
  font: "inherit",
  fontSize: "$sm",
  fontWeight: "$medium",
  textDecoration: "none",
  "& b": { fontWeight: "$semibold" },
  "&:is(a, button)": { cursor: "pointer" },
  "&:is(a, button):hover": { borderColor: "$primaryText", color: "$primaryText" },
  "&:focus-visible": focusRing,
  // The chosen one of a set: the page shown (aria-current) or a filter turned on (aria-pressed).
  "&[aria-current]:not([aria-current=false]), &[aria-pressed=true]": {
    backgroundColor: "$primaryLight",
    borderColor: "$primaryText",
    color: "$primaryText",
  },
  variants: {
    /** `box`: a full-width choice of several lines (a version in a history), text at the start. */
    shape: {
      pill: {},
      box: {
        display: "grid",
        gap: "$1",
        width: "100%",
        padding: "$2 $3",
        borderRadius: "$md",
        textAlign: "start",
        fontWeight: "$regular",
        color: "$text",
      },
    },
    tone: {
      default: {},
      /** Something not there yet (a missing translation, a locked formula): dashed. */
      missing: { backgroundColor: "$gray200", borderStyle: "dashed", borderColor: "$gray500" },
      info: { backgroundColor: "$infoLight", borderColor: "transparent", color: "$infoText" },
      success: { backgroundColor: "$successLight", borderColor: "transparent", color: "$successText" },
      danger: { backgroundColor: "$dangerLight", borderColor: "transparent", color: "$dangerText" },
    },
  },
  defaultVariants: { shape: "pill", tone: "default" },
});

export type ChipTone = VariantValue<typeof StyledChip, "tone">;

export interface ChipProps extends KitProps<typeof StyledChip> {
  /** Style the child (a router's link, a `<span>`, an `<li>`) as the chip instead of a button. */
  asChild?: boolean;
}

/**
 * A small rounded choice or label: one of a set of links (languages, levels; `aria-current` marks
 * the page shown), a toggle filter (`aria-pressed`), or a state with its tone. Links and buttons
 * get the kit's focus ring and hover. Wrap a router's link with `asChild`; put several in
 * `<Stack element="ul" direction="row" gap={2}>`.
 */
export const Chip = forwardRef<HTMLButtonElement, ChipProps>(function Chip({ asChild = false, ...props }, ref) {
  return asChild ? <StyledChip as={Slot} ref={ref} {...props} /> : <StyledChip type="button" ref={ref} {...props} />;
});
