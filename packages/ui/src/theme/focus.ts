/** The kit's keyboard focus ring (shown for keyboard focus only, via :focus-visible). */
export const focusRing = {
  outline: "2px solid $colors$focusRing",
  outlineOffset: "2px",
} as const;
