import { forwardRef, type ReactNode } from "react";
import { IconButton } from "../icon-button/IconButton";
import type { VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";
import { durations } from "../theme/tokens";
import { COLLAPSED_SIDEBAR, darkChromeVars, lightChrome } from "./chrome";

const Root = styled("div", {
  ...lightChrome,
  position: "fixed",
  top: 0,
  bottom: 0,
  insetInlineStart: 0,
  display: "flex",
  flexDirection: "column",
  width: "$sidebar",
  backgroundColor: "var(--chrome-bg)",
  borderInlineEnd: "1px solid var(--chrome-border)",
  zIndex: "$sidebar",
  // Below the large breakpoint the sidebar is a 225 px drawer that slides in from the start side.
  "@belowLg": {
    width: "$drawer",
    zIndex: "$drawer",
    visibility: "hidden",
    transform: "translateX(-100%)",
    transition: `transform ${durations.accordion}ms ease, visibility 0s linear ${durations.accordion}ms`,
    "[dir=rtl] &": { transform: "translateX(100%)" },
    "&[data-open]": {
      visibility: "visible",
      transform: "none !important",
      boxShadow: "$dropdown",
      transition: `transform ${durations.accordion}ms ease`,
    },
  },
  "@lg": {
    transition: `width ${durations.minimize}ms ease, box-shadow ${durations.minimize}ms ease`,
    "[data-header-layout] &": { display: "none" },
    "[data-minimized] &": { width: "$sidebar", boxShadow: "$dropdown" },
    [`${COLLAPSED_SIDEBAR}&`]: { width: "$sidebarMinimized", boxShadow: "none" },
  },
  variants: { chrome: { light: {}, dark: { ...darkChromeVars, borderInlineEndColor: "transparent" } } },
});

const Top = styled("div", {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "$2",
  flexShrink: 0,
  height: "$headerMobile",
  paddingInline: "$5 $3",
  borderBottom: "1px dashed var(--chrome-border)",
  color: "var(--menu-text-strong)",
  "@lg": { height: "$header" },
});

const Brand = styled("div", {
  minWidth: 0,
  overflow: "hidden",
  whiteSpace: "nowrap",
  transition: `opacity ${durations.minimize}ms ease`,
  "@lg": { [`${COLLAPSED_SIDEBAR} &`]: { opacity: 0, width: 0 } },
});

const MinimizeButton = styled(IconButton, {
  color: "var(--menu-icon) !important",
  "&:hover": { backgroundColor: "var(--menu-hover) !important", color: "var(--menu-active-icon) !important" },
  "& svg": { transition: `transform ${durations.minimize}ms ease` },
  "&[aria-pressed=true] svg": { transform: "rotate(180deg)" },
  "[dir=rtl] &[aria-pressed=true] svg": { transform: "scaleX(-1) rotate(180deg)" },
  "@belowLg": { display: "none" },
});

const CloseButton = styled(IconButton, {
  color: "var(--menu-icon) !important",
  "&:hover": { backgroundColor: "var(--menu-hover) !important" },
  "@lg": { display: "none" },
});

const Body = styled("div", {
  flex: 1,
  overflowY: "auto",
  overflowX: "hidden",
  paddingBlock: "$4",
  scrollbarWidth: "thin",
  scrollbarColor: "var(--chrome-border) transparent",
});

const Footer = styled("div", {
  flexShrink: 0,
  padding: "$3",
  borderTop: "1px dashed var(--chrome-border)",
  "@lg": { [`${COLLAPSED_SIDEBAR} &`]: { display: "none" } },
});

export interface SidebarProps {
  id: string;
  chrome: VariantValue<typeof Root, "chrome">;
  logo?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  /** The drawer is open (below the large breakpoint). */
  open: boolean;
  /** Whether the sidebar currently acts as a drawer (a modal dialog). */
  drawerMode: boolean;
  minimized: boolean;
  animating: boolean;
  hoverLock: boolean;
  showMinimize: boolean;
  onToggleMinimize: () => void;
  onClose: () => void;
  onPointerLeave: () => void;
}

/** The sidebar: a fixed column on large screens (minimisable), a drawer below them. */
export const Sidebar = forwardRef<HTMLDivElement, SidebarProps>(function Sidebar(
  {
    id,
    chrome,
    logo,
    footer,
    children,
    open,
    drawerMode,
    minimized,
    animating,
    hoverLock,
    showMinimize,
    onToggleMinimize,
    onClose,
    onPointerLeave,
  },
  ref,
) {
  const dialog = drawerMode && open;
  return (
    <Root
      ref={ref}
      id={id}
      chrome={chrome}
      data-sidebar=""
      data-open={open ? "" : undefined}
      data-hover-lock={hoverLock ? "" : undefined}
      className={animating ? "animating" : undefined}
      {...(dialog ? { role: "dialog", "aria-modal": true, "aria-label": "Menu" } : {})}
      onPointerLeave={onPointerLeave}
    >
      <Top>
        <Brand>{logo}</Brand>
        {showMinimize ? (
          <MinimizeButton
            icon="chevrons-left"
            label="Minimize sidebar"
            size="sm"
            aria-pressed={minimized}
            aria-controls={id}
            onClick={onToggleMinimize}
          />
        ) : null}
        <CloseButton icon="close" label="Close menu" size="sm" onClick={onClose} data-drawer-close="" />
      </Top>
      <Body>{children}</Body>
      {footer ? <Footer>{footer}</Footer> : null}
    </Root>
  );
});
