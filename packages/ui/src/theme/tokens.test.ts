import { describe, expect, it } from "vitest";
import { colorModeClassName, darkTheme, getCssText, globalStyles } from "./stitches";
import { breakpoints, colors, darkColors, durations, sizes, zIndices } from "./tokens";

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

type Palette = Record<string, string>;
const dark: Palette = { ...colors, ...darkColors };
const light: Palette = colors;

// Text/background pairs the components use; each must reach WCAG AA (4.5:1).
const textPairs: [string, string][] = [
  ["text", "surface"],
  ["text", "background"],
  ["textMuted", "surface"],
  ["textMuted", "background"],
  ["gray700", "gray200"],
  ["gray800", "surface"],
  ["primaryText", "surface"],
  ["primaryText", "primaryLight"],
  ["primaryText", "background"],
  ["primary", "primaryDeep"],
  ["primaryContrast", "primary"],
  ["primaryContrast", "primaryHover"],
  ["successText", "successLight"],
  ["dangerText", "dangerLight"],
  ["dangerText", "surface"],
  ["white", "dangerSolid"],
  ["warningText", "warningLight"],
  ["infoText", "infoLight"],
  ["chromeDarkText", "chromeDark"],
  ["chromeDarkText", "chromeDarkRaised"],
  ["chromeDarkTextStrong", "chromeDark"],
];

describe("tokens", () => {
  it("keeps the brand primary #50CD89", () => {
    expect(colors.primary).toBe("#50CD89");
    expect(colors.primary500).toBe("#50CD89");
  });

  it.each(textPairs)("%s on %s reaches 4.5:1 in light and dark mode", (foreground, background) => {
    for (const palette of [light, dark]) {
      const fg = palette[foreground];
      const bg = palette[background];
      if (!fg || !bg) throw new Error(`missing token ${foreground} or ${background}`);
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  // WCAG 2.2 non-text contrast (1.4.11): the one focus ring (theme/focus.ts) against the surfaces
  // it is drawn on. The brand green as a ring was 1.9:1 on the page background.
  it.each(["surface", "background", "surfaceMuted", "primaryLight"])("the focus ring on %s reaches 3:1", (surface) => {
    for (const palette of [light, dark]) {
      const ring = palette.focusRing;
      const behind = palette[surface];
      if (!ring || !behind) throw new Error(`missing token focusRing or ${surface}`);
      expect(contrast(ring, behind)).toBeGreaterThanOrEqual(3);
    }
  });

  it("has the shell's fixed numbers", () => {
    expect(sizes.drawer).toBe("225px");
    expect(zIndices.menuDropdown).toBe("105");
    expect(durations).toMatchObject({
      accordion: 250,
      menuHoverTimeout: 200,
      minimize: 300,
      stickyHeader: 300,
      scrollToTop: 600,
      routeSlide: 300,
      routeFade: 200,
      preloaderRemove: 350,
    });
    expect(breakpoints.lg).toBe(992);
  });
});

describe("themes", () => {
  it("renders the light theme on :root and the dark theme on a class", () => {
    globalStyles();
    const css = getCssText();
    expect(css).toMatch(/:root,\.t-[\w-]+\{--colors-primary50:/);
    expect(css).toContain("--colors-primary:#50CD89;");
    expect(css).toContain(`.${darkTheme.className}{`);
    expect(css).toMatch(/--colors-background:#151521/);
    expect(colorModeClassName("dark")).toBe("theme-dark");
    expect(colorModeClassName("light")).toBe("");
  });

  it("turns motion off for users who prefer reduced motion", () => {
    globalStyles();
    expect(getCssText()).toMatch(
      /@media \(prefers-reduced-motion: reduce\)\{[^}]*animation-duration:0\.01ms !important/,
    );
  });
});
