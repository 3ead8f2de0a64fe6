import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { styled } from "../theme/stitches";

const StyledButton = styled("button", {
  all: "unset",
  boxSizing: "border-box",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "$2",
  borderRadius: "$md",
  fontFamily: "$body",
  fontWeight: 600,
  cursor: "pointer",
  userSelect: "none",
  transition: "background-color 150ms ease, color 150ms ease",
  "&:focus-visible": { outline: "2px solid $primary", outlineOffset: "2px" },
  "&:disabled": { opacity: 0.6, cursor: "not-allowed" },
  variants: {
    variant: {
      primary: {
        backgroundColor: "$primary",
        color: "$primaryContrast",
        "&:hover:not(:disabled)": { backgroundColor: "$primaryHover" },
        "&:active:not(:disabled)": { backgroundColor: "$primaryActive" },
      },
      light: {
        backgroundColor: "$primaryLight",
        color: "$primary",
        "&:hover:not(:disabled)": { backgroundColor: "$primary", color: "$primaryContrast" },
      },
      danger: {
        backgroundColor: "$danger",
        color: "$primaryContrast",
      },
    },
    size: {
      sm: { fontSize: "$sm", padding: "$2 $3", minHeight: "32px" },
      md: { fontSize: "$md", padding: "$3 $5", minHeight: "42px" },
    },
  },
  defaultVariants: { variant: "primary", size: "md" },
});

export type ButtonProps = ComponentPropsWithoutRef<typeof StyledButton>;

/** The portal's button. Variants: primary (default), light, danger; sizes sm and md. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ type = "button", ...props }, ref) {
  return <StyledButton ref={ref} type={type} {...props} />;
});
