import { createStitches, type CSS as StitchesCSS } from "@stitches/react";
import {
  breakpoints,
  colors,
  darkColors,
  fontSizes,
  fonts,
  fontWeights,
  lineHeights,
  radii,
  shadows,
  sizes,
  space,
  transitions,
  zIndices,
} from "./tokens";

/**
 * The styling engine. Apps never import Stitches themselves: they use the kit's components and,
 * for the server render, `pageCssText` of `@repo/ui/page-css` (injected into <style id="stitches">
 * to avoid a flash of unstyled content) and `globalStyles`.
 */
const stitches = createStitches({
  theme: { colors, space, radii, fontSizes, fontWeights, lineHeights, fonts, shadows, zIndices, sizes, transitions },
  media: {
    sm: `(min-width: ${breakpoints.sm}px)`,
    md: `(min-width: ${breakpoints.md}px)`,
    lg: `(min-width: ${breakpoints.lg}px)`,
    xl: `(min-width: ${breakpoints.xl}px)`,
    xxl: `(min-width: ${breakpoints.xxl}px)`,
    belowLg: `(max-width: ${breakpoints.lg - 0.02}px)`,
    reducedMotion: "(prefers-reduced-motion: reduce)",
  },
});

export const { styled, css, globalCss, keyframes, getCssText, theme, createTheme } = stitches;

/** Dark mode: put this class on <html> (or any subtree). Light mode is the default theme. */
export const darkTheme = createTheme("theme-dark", { colors: darkColors });

export type ColorMode = "light" | "dark";

/** The class to put on the root element for a colour mode ("" for light). */
export function colorModeClassName(mode: ColorMode): string {
  return mode === "dark" ? darkTheme.className : "";
}

const baseStyles = globalCss({
  "*, *::before, *::after": { boxSizing: "border-box" },
  html: { WebkitTextSizeAdjust: "100%", colorScheme: "light" },
  "html.theme-dark": { colorScheme: "dark" },
  body: {
    margin: 0,
    fontFamily: "$body",
    fontSize: "$md",
    lineHeight: "$normal",
    color: "$text",
    backgroundColor: "$background",
    WebkitFontSmoothing: "antialiased",
    MozOsxFontSmoothing: "grayscale",
  },
  "button, input, select, textarea": { font: "inherit", color: "inherit" },
  "img, svg": { verticalAlign: "middle" },
  // One switch for every animation in the kit: motion is off when the user asks for less.
  "@reducedMotion": {
    "*, *::before, *::after": {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
      scrollBehavior: "auto !important",
    },
  },
});

/**
 * Base styles of every page. Also renders the dark theme's variables so that the server's CSS
 * already holds them when the page starts in (or switches to) dark mode.
 */
export function globalStyles(): void {
  baseStyles();
  darkTheme.toString();
}

/** The id of the server-rendered style tag that carries Stitches' CSS. */
export const STITCHES_STYLE_ID = "stitches";

/** Style object type accepted by the kit's `css` escape hatches. */
export type CSS = StitchesCSS<typeof stitches.config>;
