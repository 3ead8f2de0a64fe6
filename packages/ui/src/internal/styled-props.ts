import type { ComponentPropsWithoutRef, ElementType } from "react";

/**
 * Stitches' escape hatches: `css` (any style at all) and `as` (any other element). The kit uses
 * them inside; its users get the components' own props and variants only.
 */
export type EscapeHatch = "css" | "as";

/** `Omit` that keeps the members of a union apart (Radix roots have one props type per mode). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The public props of a component drawn by a styled one: the element's props and the variants,
 * without `css` and `as`.
 */
export type KitProps<Styled extends ElementType> = DistributiveOmit<ComponentPropsWithoutRef<Styled>, EscapeHatch>;

/**
 * The values of one variant of a styled component, read from its `variants` (never copied by
 * hand): without the responsive object form, and without the string spellings Stitches also
 * accepts for `true`/`false` and number keys (so `gap: { 3: … }` gives `3`, `round: { true: … }`
 * gives `boolean`).
 */
export type VariantValue<Styled extends ElementType, Name extends keyof ComponentPropsWithoutRef<Styled>> = Exclude<
  ComponentPropsWithoutRef<Styled>[Name],
  object | undefined | `${number}` | "true" | "false"
>;
