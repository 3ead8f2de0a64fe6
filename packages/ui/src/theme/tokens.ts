/**
 * Design tokens: the only source of colours, spacing, radii and type in the portal. Components
 * read them through Stitches' `$` tokens; nothing else hard-codes a value.
 */
export const colors = {
  primary: "#50CD89",
  primaryHover: "#47BE7D",
  primaryActive: "#3FAE72",
  primaryLight: "#E8FFF3",
  primaryContrast: "#FFFFFF",
  text: "#181C32",
  textMuted: "#7E8299",
  background: "#F5F8FA",
  surface: "#FFFFFF",
  border: "#E4E6EF",
  success: "#50CD89",
  warning: "#FFC700",
  danger: "#F1416C",
  info: "#7239EA",
} as const;

export const space = { 1: "4px", 2: "8px", 3: "12px", 4: "16px", 5: "24px", 6: "32px", 7: "48px" } as const;
export const radii = { sm: "4px", md: "6px", lg: "10px", round: "9999px" } as const;
export const fontSizes = { xs: "11px", sm: "12px", md: "14px", lg: "16px", xl: "20px", xxl: "26px" } as const;
export const fonts = {
  body: "Inter, 'Noto Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
} as const;
export const shadows = {
  card: "0 0 20px 0 rgba(76, 87, 125, 0.02)",
  dropdown: "0 0 50px 0 rgba(82, 63, 105, 0.15)",
} as const;
export const zIndices = { header: "100", drawer: "110", menuDropdown: "105", modal: "1050", toast: "1090" } as const;
