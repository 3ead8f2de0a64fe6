import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Icon } from "../icon/Icon";
import { useDismiss } from "../internal/useDismiss";
import { focusRing } from "../theme/focus";
import { css, styled } from "../theme/stitches";
import { durations } from "../theme/tokens";
import { findActiveTrail, MAX_MENU_DEPTH, type MenuItem } from "./menu";
import type { ShellLinkComponent } from "./types";

const TopList = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  alignItems: "center",
  gap: "$1",
  height: "100%",
});

const topStyles = {
  all: "unset",
  boxSizing: "border-box",
  display: "inline-flex",
  alignItems: "center",
  gap: "$2",
  height: "40px",
  padding: "0 $2",
  "@xl": { padding: "0 $3" },
  borderRadius: "$md",
  fontSize: "$md",
  fontWeight: "$medium",
  color: "var(--menu-text)",
  cursor: "pointer",
  whiteSpace: "nowrap",
  transition: "background-color $fast, color $fast",
  "&:hover, &[aria-expanded=true]": { backgroundColor: "var(--menu-hover)", color: "var(--menu-text-strong)" },
  "&[aria-current=page], &[data-trail]": { backgroundColor: "var(--menu-active-bg)", color: "var(--menu-active-text)" },
  "&:focus-visible": focusRing,
  "& svg": { transition: "transform $fast" },
  "&[aria-expanded=true] svg": { transform: "rotate(180deg)" },
} as const;
const topLink = css(topStyles);
const TopButton = styled("button", topStyles);

const DropPanel = styled("div", {
  position: "absolute",
  top: "calc(100% + 6px)",
  insetInlineStart: 0,
  zIndex: "$menuDropdown",
  minWidth: "250px",
  maxHeight: "70vh",
  overflowY: "auto",
  padding: "$2",
  backgroundColor: "$surface",
  border: "1px solid $border",
  borderRadius: "$lg",
  boxShadow: "$dropdown",
  "&[hidden]": { display: "none" },
});

const SubList = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  "& &": { paddingInlineStart: "$3" },
});

const subLink = css({
  display: "flex",
  alignItems: "center",
  gap: "$2",
  padding: "$2 $3",
  borderRadius: "$md",
  color: "$gray800",
  textDecoration: "none",
  fontSize: "$md",
  "&:hover": { backgroundColor: "$surfaceHover", color: "$primaryText" },
  "&[aria-current=page]": { backgroundColor: "$primaryLight", color: "$primaryText", fontWeight: "$semibold" },
  "&:focus-visible": { ...focusRing, outlineOffset: "-2px" },
});

const GroupLabel = styled("span", {
  display: "block",
  padding: "$2 $3 $1",
  fontSize: "$xs",
  fontWeight: "$semibold",
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  color: "$textMuted",
});

export interface HeaderMenuProps {
  items: readonly MenuItem[];
  location: string;
  linkComponent: ShellLinkComponent;
  label?: string;
}

/**
 * The menu of the header layouts: top-level links and dropdowns. A dropdown opens on click,
 * Enter, Space or ArrowDown, and on mouse hover; it closes 200 ms after the pointer leaves (so a
 * diagonal move does not drop it), on Escape, on an outside click or when focus leaves.
 */
export function HeaderMenu({ items, location, linkComponent: LinkComponent, label = "Main" }: HeaderMenuProps) {
  const trail = findActiveTrail(items, location);
  const trailIds = new Set(trail.map((item) => item.id));
  const activeId = trail.at(-1)?.id;
  return (
    <nav aria-label={label} style={{ height: "100%" }}>
      <TopList>
        {items.map((item) =>
          item.children?.length ? (
            <Dropdown key={item.id} item={item} inTrail={trailIds.has(item.id)} location={location}>
              <SubItems items={item.children} depth={1} activeId={activeId} LinkComponent={LinkComponent} />
            </Dropdown>
          ) : item.path !== undefined ? (
            <li key={item.id}>
              <LinkComponent
                href={item.path}
                className={topLink().className}
                aria-current={activeId === item.id ? "page" : undefined}
              >
                {item.title}
              </LinkComponent>
            </li>
          ) : null,
        )}
      </TopList>
    </nav>
  );
}

function Dropdown({
  item,
  inTrail,
  location,
  children,
}: {
  item: MenuItem;
  inTrail: boolean;
  location: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelClose = () => clearTimeout(closeTimer.current);
  const close = () => {
    cancelClose();
    hoverOpened.current = false;
    setOpen(false);
  };
  useDismiss(open, close, [rootRef], triggerRef);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // A followed link closes the dropdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => setOpen(false), [location]);

  // Opened by hovering: a click then keeps it open instead of closing it again.
  const hoverOpened = useRef(false);
  const focusFirst = () => requestAnimationFrame(() => document.getElementById(panelId)?.querySelector("a")?.focus());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      focusFirst();
    }
  };

  return (
    <li
      ref={rootRef}
      style={{ position: "relative", height: "100%", display: "flex", alignItems: "center" }}
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        cancelClose();
        if (!open) hoverOpened.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== "mouse") return;
        cancelClose();
        closeTimer.current = setTimeout(close, durations.menuHoverTimeout);
      }}
    >
      <TopButton
        ref={triggerRef}
        aria-expanded={open}
        aria-controls={panelId}
        data-trail={inTrail ? "" : undefined}
        onClick={() => {
          if (hoverOpened.current) hoverOpened.current = false;
          else setOpen((value) => !value);
        }}
        onKeyDown={onKeyDown}
      >
        {item.title}
        <Icon name="chevron-down" size={16} />
      </TopButton>
      <DropPanel id={panelId} hidden={!open}>
        {children}
      </DropPanel>
    </li>
  );
}

function SubItems({
  items,
  depth,
  activeId,
  LinkComponent,
}: {
  items: readonly MenuItem[];
  depth: number;
  activeId: string | undefined;
  LinkComponent: ShellLinkComponent;
}) {
  if (depth >= MAX_MENU_DEPTH) return null;
  return (
    <SubList>
      {items.map((item) => (
        <li key={item.id}>
          {item.path !== undefined ? (
            <LinkComponent
              href={item.path}
              className={subLink().className}
              aria-current={activeId === item.id ? "page" : undefined}
            >
              {item.title}
            </LinkComponent>
          ) : (
            <GroupLabel>{item.title}</GroupLabel>
          )}
          {item.children?.length ? (
            <SubItems items={item.children} depth={depth + 1} activeId={activeId} LinkComponent={LinkComponent} />
          ) : null}
        </li>
      ))}
    </SubList>
  );
}
