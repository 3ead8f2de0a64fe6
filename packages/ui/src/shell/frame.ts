// The styled parts of the AppShell frame (kept apart from its behaviour in AppShell.tsx).
import { IconButton } from "../icon-button/IconButton";
import { focusRing } from "../theme/focus";
import { keyframes, styled } from "../theme/stitches";
import { durations } from "../theme/tokens";
import { darkChromeVars, lightChrome } from "./chrome";

export const Root = styled("div", {
  "--shell-sidebar": "0px",
  minHeight: "100vh",
  backgroundColor: "$background",
  "@lg": {
    "&[data-has-sidebar]": { "--shell-sidebar": "$sizes$sidebar" },
    "&[data-has-sidebar][data-minimized]": { "--shell-sidebar": "$sizes$sidebarMinimized" },
  },
});

export const SkipLink = styled("a", {
  position: "absolute",
  insetInlineStart: "$3",
  top: "-100px",
  zIndex: "$loadingBar",
  padding: "$2 $4",
  borderRadius: "$md",
  backgroundColor: "$primary",
  color: "$primaryContrast",
  fontWeight: "$semibold",
  textDecoration: "none",
  "&:focus": { top: "$3", ...focusRing },
});

export const Wrapper = styled("div", {
  display: "flex",
  flexDirection: "column",
  minHeight: "100vh",
  paddingInlineStart: "var(--shell-sidebar)",
  transition: `padding ${durations.minimize}ms ease`,
});

export const slideDown = keyframes({ from: { transform: "translateY(-100%)" }, to: { transform: "none" } });

export const HeaderSlot = styled("div", { height: "$headerMobile", flexShrink: 0, "@lg": { height: "$header" } });

export const Header = styled("header", {
  ...lightChrome,
  height: "100%",
  backgroundColor: "var(--chrome-bg)",
  borderBottom: "1px solid var(--chrome-border)",
  color: "var(--header-text)",
  "&[data-sticky]": {
    position: "fixed",
    top: 0,
    insetInlineStart: "var(--shell-sidebar)",
    insetInlineEnd: 0,
    height: "$headerMobile",
    zIndex: "$header",
    boxShadow: "$header",
    animation: `${slideDown} ${durations.stickyHeader}ms ease`,
    "@lg": { height: "$header" },
  },
  variants: { chrome: { light: {}, dark: { ...darkChromeVars, borderBottomColor: "transparent" } } },
});

export const Container = styled("div", {
  width: "100%",
  paddingInline: "$4",
  marginInline: "auto",
  "@lg": { paddingInline: "30px" },
  variants: { mode: { fluid: {}, fixed: { maxWidth: "$container" } } },
});

export const HeaderRow = styled(Container, { display: "flex", alignItems: "center", gap: "$3", height: "100%" });

export const OnlyBelowLg = styled("div", {
  display: "flex",
  alignItems: "center",
  gap: "$2",
  "@lg": { display: "none" },
});
export const OnlyLg = styled("div", {
  display: "none",
  height: "100%",
  alignItems: "center",
  "@lg": { display: "flex" },
});
export const OnlyBelowLgBlock = styled("div", { "@lg": { display: "none" } });
export const OnlyXxl = styled("div", { display: "none", alignItems: "center", "@xxl": { display: "flex" } });
export const NoWrap = styled("div", { display: "flex", alignItems: "center", whiteSpace: "nowrap", flexShrink: 0 });

export const RoleTitle = styled("p", {
  margin: 0,
  display: "flex",
  alignItems: "center",
  gap: "$3",
  minWidth: 0,
  fontSize: "$lg",
  fontWeight: "$semibold",
  color: "var(--header-text)",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});

export const HeaderEnd = styled("div", { marginInlineStart: "auto", display: "flex", alignItems: "center", gap: "$2" });

export const MenuButton = styled(IconButton, {
  color: "var(--header-text) !important",
  "&:hover": { backgroundColor: "var(--header-hover) !important" },
});

export const ToolbarBar = styled("div", { paddingBlock: "$5" });
export const ToolbarRow = styled(Container, {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "$4",
});

export const Main = styled("main", { flex: 1, paddingBottom: "$6", "&:focus": { outline: "none" } });

export const FooterBar = styled("footer", {
  backgroundColor: "$surface",
  borderTop: "1px solid $border",
  paddingBlock: "$4",
  fontSize: "$sm",
  color: "$textMuted",
});
export const FooterRow = styled(Container, {
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: "$3",
});

export const Overlay = styled("div", {
  display: "none",
  "@belowLg": {
    "&[data-open]": {
      display: "block",
      position: "fixed",
      inset: 0,
      backgroundColor: "$overlay",
      zIndex: "$drawerOverlay",
    },
  },
});
