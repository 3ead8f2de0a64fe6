import { createStitches } from "@stitches/react";
import { colors, fontSizes, fonts, radii, shadows, space, zIndices } from "./tokens";

/**
 * The styling engine. Apps never import Stitches themselves: they use the kit's components and,
 * for the server render, `getCssText` (injected into <style id="stitches"> to avoid a flash of
 * unstyled content).
 */
export const { styled, css, globalCss, keyframes, getCssText, theme, createTheme } = createStitches({
  theme: { colors, space, radii, fontSizes, fonts, shadows, zIndices },
  media: { sm: "(min-width: 576px)", md: "(min-width: 768px)", lg: "(min-width: 992px)", xl: "(min-width: 1200px)" },
});

export const globalStyles = globalCss({
  "*, *::before, *::after": { boxSizing: "border-box" },
  body: {
    margin: 0,
    fontFamily: "$body",
    fontSize: "$md",
    color: "$text",
    backgroundColor: "$background",
    WebkitFontSmoothing: "antialiased",
  },
});

/** The id of the server-rendered style tag that carries Stitches' CSS. */
export const STITCHES_STYLE_ID = "stitches";
