import { forwardRef } from "react";
import { Icon } from "../icon/Icon";
import { Slot } from "../internal/Slot";
import type { KitProps, VariantValue } from "../internal/styled-props";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";

const StyledLink = styled("a", {
  color: "$primaryText",
  fontWeight: "$medium",
  textDecoration: "underline",
  textDecorationThickness: "1px",
  textUnderlineOffset: "3px",
  borderRadius: "$sm",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  gap: "$1",
  "&:hover": { textDecorationThickness: "2px" },
  "&:focus-visible": focusRing,
  variants: {
    tone: {
      primary: {},
      muted: { color: "$textMuted", "&:hover": { color: "$primaryText" } },
    },
    underline: {
      always: {},
      hover: { textDecoration: "none", "&:hover": { textDecoration: "underline" } },
    },
    /** A whole card or panel that is a link (a stat card that opens its list): no link colour. */
    block: {
      true: {
        display: "block",
        color: "inherit",
        fontWeight: "inherit",
        textDecoration: "none",
        borderRadius: "$lg",
        "&:hover": { textDecoration: "none" },
        "&:hover > *": { borderColor: "$primary" },
      },
    },
  },
  defaultVariants: { tone: "primary", underline: "always" },
});

export interface LinkProps extends Omit<KitProps<typeof StyledLink>, "tone" | "underline"> {
  tone?: VariantValue<typeof StyledLink, "tone">;
  underline?: VariantValue<typeof StyledLink, "underline">;
  /** Opens in a new tab, with rel="noopener noreferrer" and a screen-reader note. */
  external?: boolean;
  /** Style the child element (e.g. a router's <Link>) as a link instead of rendering an <a>. */
  asChild?: boolean;
}

/**
 * A text link. Apps wrap their router's link with `asChild`:
 * `<Link asChild><RemixLink to="/student">Students</RemixLink></Link>`.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { external = false, asChild = false, children, ...props },
  ref,
) {
  if (asChild) {
    return (
      <StyledLink as={Slot} ref={ref} {...props}>
        {children}
      </StyledLink>
    );
  }
  return (
    <StyledLink ref={ref} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...props}>
      {children}
      {external ? (
        <>
          <Icon name="external" size={14} />
          <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
        </>
      ) : null}
    </StyledLink>
  );
});
