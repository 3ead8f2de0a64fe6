import { buttonStyles } from "../button/styles";
import { styled } from "../theme/stitches";

/**
 * The square icon-only button's look, without any icon: `IconButton` puts a named kit icon in it;
 * controls with a fixed glyph (the password field) use it directly to stay light.
 */
export const IconButtonFrame = styled("button", {
  ...buttonStyles,
  flexShrink: 0,
  padding: 0,
  variants: {
    variant: {
      ghost: {
        color: "$textMuted",
        "&:hover:not(:disabled)": { backgroundColor: "$surfaceHover", color: "$primaryText" },
      },
      light: {
        backgroundColor: "$gray100",
        color: "$textMuted",
        "&:hover:not(:disabled)": { backgroundColor: "$primaryLight", color: "$primaryText" },
      },
      primary: {
        backgroundColor: "$primary",
        color: "$primaryContrast",
        "&:hover:not(:disabled)": { backgroundColor: "$primaryHover" },
      },
      danger: {
        color: "$dangerText",
        "&:hover:not(:disabled)": { backgroundColor: "$dangerLight" },
      },
    },
    size: {
      sm: { width: "$controlSm", height: "$controlSm" },
      md: { width: "$control", height: "$control" },
    },
    round: { true: { borderRadius: "$round" } },
  },
  defaultVariants: { variant: "ghost", size: "md" },
});
