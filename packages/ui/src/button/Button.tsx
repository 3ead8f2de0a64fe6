import { forwardRef, type ReactNode } from "react";
import { Slot } from "../internal/Slot";
import type { KitProps, VariantValue } from "../internal/styled-props";
import { Spinner } from "../spinner/Spinner";
import { styled } from "../theme/stitches";
import { buttonStyles } from "./styles";

export { buttonStyles } from "./styles";

const StyledButton = styled("button", {
  ...buttonStyles,
  variants: {
    variant: {
      primary: {
        backgroundColor: "$primary",
        color: "$primaryContrast",
        "&:hover:not(:disabled)": { backgroundColor: "$primaryHover" },
        "&:active:not(:disabled)": { backgroundColor: "$primaryActive" },
      },
      secondary: {
        backgroundColor: "$gray200",
        color: "$gray800",
        "&:hover:not(:disabled)": { backgroundColor: "$gray300", color: "$text" },
      },
      light: {
        backgroundColor: "$primaryLight",
        color: "$primaryText",
        "&:hover:not(:disabled)": { backgroundColor: "$primary", color: "$primaryContrast" },
      },
      danger: {
        backgroundColor: "$dangerSolid",
        color: "$white",
        "&:hover:not(:disabled)": { backgroundColor: "$dangerSolidHover" },
      },
      ghost: {
        backgroundColor: "transparent",
        color: "$textMuted",
        "&:hover:not(:disabled)": { backgroundColor: "$surfaceHover", color: "$primaryText" },
      },
    },
    size: {
      sm: { fontSize: "$sm", padding: "0 $3", minHeight: "$controlSm" },
      md: { fontSize: "$md", padding: "0 $4", minHeight: "$control" },
      lg: { fontSize: "$lg", padding: "0 $5", minHeight: "48px" },
    },
    fullWidth: { true: { width: "100%" } },
  },
  defaultVariants: { variant: "primary", size: "md" },
});

export type ButtonVariant = VariantValue<typeof StyledButton, "variant">;
export type ButtonSize = VariantValue<typeof StyledButton, "size">;

export interface ButtonProps extends Omit<KitProps<typeof StyledButton>, "variant" | "size"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, marks the button busy and ignores clicks (e.g. while a form submits). */
  loading?: boolean;
  /** An icon before the label. */
  icon?: ReactNode;
  /** Render the child element (a link, a router link) with the button's look instead of a <button>. */
  asChild?: boolean;
}

/** The portal's button. Variants: primary (default), secondary, light, danger, ghost; sizes sm, md, lg. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { type = "button", loading = false, icon, asChild = false, disabled, children, onClick, ...props },
  ref,
) {
  if (asChild) {
    return (
      <StyledButton as={Slot} ref={ref} {...props}>
        {children}
      </StyledButton>
    );
  }
  return (
    <StyledButton
      ref={ref}
      type={type}
      disabled={disabled}
      aria-busy={loading || undefined}
      // A busy button stays focusable (screen readers keep their place) but does nothing.
      aria-disabled={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </StyledButton>
  );
});
