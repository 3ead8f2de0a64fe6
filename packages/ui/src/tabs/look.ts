import { focusRing } from "../theme/focus";

// How a tab list looks, shared by Tabs (Radix, panels in the page) and LinkTabs (each tab a link),
// so the two kinds cannot drift apart. Plain style objects: importing this costs no component.

export const tabListLook = {
  display: "flex",
  gap: "$5",
  borderBottom: "1px solid $border",
  overflowX: "auto",
  scrollbarWidth: "none",
} as const;

export const tabLook = {
  all: "unset",
  boxSizing: "border-box",
  display: "inline-flex",
  alignItems: "center",
  gap: "$2",
  padding: "$3 0",
  marginBottom: "-1px",
  borderBottom: "2px solid transparent",
  fontSize: "$md",
  fontWeight: "$semibold",
  color: "$textMuted",
  whiteSpace: "nowrap",
  cursor: "pointer",
  transition: "color $fast, border-color $fast",
  "&:hover": { color: "$primaryText" },
  "&:focus-visible": focusRing,
} as const;

export const tabSelected = { color: "$primaryText", borderBottomColor: "$primary" } as const;

export const tabPanelLook = { "&:focus-visible": { ...focusRing, borderRadius: "$md" } } as const;
