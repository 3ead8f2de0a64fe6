/**
 * Design tokens: the only source of colours, spacing, radii, type, motion and breakpoints in the
 * portal. Components read them through Stitches' `$` tokens (and `durations`/`breakpoints` from
 * here for the few places JavaScript needs a number); nothing else hard-codes a value.
 *
 * Colour pairs used for text are chosen for WCAG AA contrast (tokens.test.ts checks them). The
 * brand green #50CD89 is too light for text on white (2:1), so green text uses `primaryText` and
 * solid green surfaces carry dark text (`primaryContrast`).
 */

/** The primary green scale; 500 is the brand colour. */
export const primaryScale = {
  primary50: "#F1FCF6",
  primary100: "#E8FFF3",
  primary200: "#C3F1D7",
  primary300: "#97E3B9",
  primary400: "#6FD69E",
  primary500: "#50CD89",
  primary600: "#3FAE72",
  primary700: "#1A7F4B",
  primary800: "#13613A",
  primary900: "#0B3B24",
} as const;

/** Neutral greys (light mode). */
export const grayScale = {
  gray50: "#FBFCFD",
  gray100: "#F5F8FA",
  gray200: "#EFF2F5",
  gray300: "#E4E6EF",
  gray400: "#B5B5C3",
  gray500: "#A1A5B7",
  gray600: "#6D7186",
  gray700: "#5E6278",
  gray800: "#3F4254",
  gray900: "#181C32",
} as const;

export const colors = {
  ...primaryScale,
  ...grayScale,
  primary: "#50CD89",
  primaryHover: "#47BE7D",
  primaryActive: "#3FAE72",
  /** Soft green surface (light badges, selected rows, active menu items). */
  primaryLight: "#E8FFF3",
  /** Green text on light surfaces (AA on white and on primaryLight). */
  primaryText: "#1A7F4B",
  /** Text on a solid primary surface (AA on #50CD89). */
  primaryContrast: "#072A17",
  /** Deep green surface that carries brand-green text (AA), e.g. the primary badge. */
  primaryDeep: "#0F3D26",

  text: "#181C32",
  textMuted: "#6D7186",
  textSubtle: "#A1A5B7",
  background: "#F5F8FA",
  surface: "#FFFFFF",
  surfaceMuted: "#F9FAFB",
  surfaceHover: "#F5F8FA",
  border: "#E4E6EF",
  borderStrong: "#D2D5E0",
  overlay: "rgba(24, 28, 50, 0.45)",
  focusRing: "#1A7F4B",

  success: "#50CD89",
  successLight: "#E8FFF3",
  successText: "#1A7F4B",
  warning: "#FFC700",
  warningLight: "#FFF8DD",
  warningText: "#7A5600",
  danger: "#F1416C",
  dangerLight: "#FFF5F8",
  dangerText: "#D9214E",
  /** Solid danger surface with white text (AA). */
  dangerSolid: "#D9214E",
  dangerSolidHover: "#C01B45",
  info: "#7239EA",
  infoLight: "#F8F5FF",
  infoText: "#7239EA",
  white: "#FFFFFF",

  /** Chrome of the dark-sidebar and dark-header layouts (same in both colour modes). */
  chromeDark: "#1E1E2D",
  chromeDarkRaised: "#2A2A3C",
  chromeDarkText: "#9899AC",
  chromeDarkTextStrong: "#FFFFFF",
  chromeDarkBorder: "#2B2B40",
} as const;

/** Dark-mode overrides (a Stitches theme applied by class, see stitches.ts). */
export const darkColors = {
  primaryLight: "#1C3238",
  primaryText: "#50CD89",
  primaryContrast: "#072A17",
  primaryDeep: "#1C3238",
  gray50: "#1B1B29",
  gray100: "#1B1B29",
  gray200: "#2B2B40",
  gray300: "#323248",
  gray400: "#474761",
  gray500: "#565674",
  gray600: "#92929F",
  gray700: "#A6A6B5",
  gray800: "#CDCDDE",
  gray900: "#FFFFFF",
  text: "#F5F5FA",
  textMuted: "#A2A3B7",
  textSubtle: "#6D6D80",
  background: "#151521",
  surface: "#1E1E2D",
  surfaceMuted: "#1B1B29",
  surfaceHover: "#2B2B40",
  border: "#2B2B40",
  borderStrong: "#3A3A55",
  overlay: "rgba(0, 0, 0, 0.6)",
  focusRing: "#50CD89",
  successLight: "#1C3238",
  successText: "#50CD89",
  warningLight: "#392F28",
  warningText: "#FFC700",
  dangerLight: "#3A2434",
  dangerText: "#FF7A9A",
  infoLight: "#2F264F",
  infoText: "#A78BFA",
  chromeDark: "#1E1E2D",
  chromeDarkRaised: "#2B2B40",
} as const;

export const space = {
  0: "0px",
  1: "4px",
  2: "8px",
  3: "12px",
  4: "16px",
  5: "24px",
  6: "32px",
  7: "48px",
  8: "64px",
} as const;
export const radii = { sm: "4px", md: "6px", lg: "10px", xl: "14px", round: "9999px" } as const;
export const fontSizes = {
  xs: "11px",
  sm: "12px",
  md: "14px",
  lg: "16px",
  xl: "18px",
  xxl: "22px",
  xxxl: "28px",
} as const;
export const fontWeights = { regular: "400", medium: "500", semibold: "600", bold: "700" } as const;
export const lineHeights = { tight: "1.25", normal: "1.5", relaxed: "1.7" } as const;

/**
 * Noto Sans first (self-hosted, see src/fonts), then the Noto families of the question languages'
 * scripts: each is only downloaded when a page holds characters of its script (unicode-range).
 */
export const fonts = {
  body: "'Noto Sans', 'Noto Sans Bengali', 'Noto Sans Gurmukhi', 'Noto Sans Gujarati', 'Noto Sans Oriya', 'Noto Sans Tamil', 'Noto Sans Telugu', 'Noto Sans Kannada', 'Noto Sans Malayalam', 'Noto Naskh Arabic', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
} as const;

export const shadows = {
  card: "0 0 20px 0 rgba(76, 87, 125, 0.05)",
  raised: "0 1px 3px rgba(24, 28, 50, 0.06), 0 6px 20px rgba(76, 87, 125, 0.08)",
  dropdown: "0 0 50px 0 rgba(82, 63, 105, 0.15)",
  header: "0 10px 30px 0 rgba(82, 63, 105, 0.05)",
} as const;

/** Stacking order; the menu dropdown is 105. */
export const zIndices = {
  base: "1",
  scrollTop: "95",
  header: "100",
  sidebar: "101",
  menuDropdown: "105",
  drawerOverlay: "109",
  drawer: "110",
  modal: "1050",
  popover: "1060",
  tooltip: "1070",
  toast: "1090",
  loadingBar: "1100",
  preloader: "2000",
} as const;

/** Fixed sizes of the shell (drawer 225 px). */
export const sizes = {
  sidebar: "265px",
  sidebarMinimized: "75px",
  drawer: "225px",
  header: "70px",
  headerMobile: "56px",
  container: "1320px",
  /** The widest a lone short field gets (a level picker, a confirmation word, a code). */
  field: "360px",
  /** The widest a lone long field gets (a link to share, an address). */
  fieldLong: "640px",
  control: "40px",
  controlSm: "32px",
} as const;

/** Motion durations in milliseconds. */
export const durations = {
  fast: 150,
  accordion: 250,
  menuHoverTimeout: 200,
  minimize: 300,
  stickyHeader: 300,
  scrollToTop: 600,
  routeSlide: 300,
  routeFade: 200,
  preloaderFade: 300,
  preloaderRemove: 350,
} as const;

export const transitions = {
  fast: `${durations.fast}ms ease`,
  accordion: `${durations.accordion}ms ease`,
  minimize: `${durations.minimize}ms ease`,
} as const;

/** Breakpoints (min widths, px). The drawer is active below `lg`. */
export const breakpoints = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
