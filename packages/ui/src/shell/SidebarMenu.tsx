import { useEffect, useId, useState } from "react";
import { Icon } from "../icon/Icon";
import { focusRing } from "../theme/focus";
import { css, styled } from "../theme/stitches";
import { durations } from "../theme/tokens";
import { COLLAPSED_SIDEBAR } from "./chrome";
import { activeGroupIds, findActiveTrail, MAX_MENU_DEPTH, type MenuItem } from "./menu";
import type { ShellLinkComponent } from "./types";

// Colours come from variables set by the sidebar (light or dark chrome).
const rowStyles = {
  all: "unset",
  boxSizing: "border-box",
  display: "flex",
  alignItems: "center",
  gap: "$3",
  width: "100%",
  minHeight: "40px",
  padding: "$2 $3",
  borderRadius: "$md",
  color: "var(--menu-text)",
  fontSize: "$md",
  fontWeight: "$medium",
  lineHeight: "$tight",
  cursor: "pointer",
  transition: "background-color $fast, color $fast",
  "&:hover": { backgroundColor: "var(--menu-hover)", color: "var(--menu-text-strong)" },
  "&:focus-visible": { ...focusRing, outlineOffset: "-2px" },
  "&[aria-current=page]": { backgroundColor: "var(--menu-active-bg)", color: "var(--menu-active-text)" },
  "&[data-trail]": { color: "var(--menu-text-strong)" },
  "& [data-menu-icon]": { color: "var(--menu-icon)" },
  "&[aria-current=page] [data-menu-icon], &[data-trail] [data-menu-icon], &:hover [data-menu-icon]": {
    color: "var(--menu-active-icon)",
  },
} as const;

const rowLink = css(rowStyles);
const RowButton = styled("button", rowStyles);

const Title = styled("span", {
  flex: 1,
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  // Hidden (not removed) while the sidebar is minimised, so links keep their names.
  transition: `opacity ${durations.minimize}ms ease`,
  "@lg": { [`${COLLAPSED_SIDEBAR} &`]: { opacity: 0 } },
});

const Bullet = styled("span", {
  width: "20px",
  display: "inline-grid",
  placeItems: "center",
  flexShrink: 0,
  "&::before": { content: "", width: "5px", height: "5px", borderRadius: "$round", backgroundColor: "currentColor" },
});

const Chevron = styled("span", {
  display: "inline-flex",
  transition: `transform ${durations.accordion}ms ease`,
  "[aria-expanded=true] > &": { transform: "rotate(180deg)" },
  "@lg": { [`${COLLAPSED_SIDEBAR} &`]: { opacity: 0 } },
});

const List = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "2px",
  variants: {
    level: {
      top: { padding: "0 $3" },
      nested: { paddingTop: "2px", paddingInlineStart: "$3" },
    },
  },
});

// The panel slides open over 250 ms by animating its grid row from 0fr to 1fr: no measuring.
const Panel = styled("div", {
  display: "grid",
  gridTemplateRows: "0fr",
  visibility: "hidden",
  transition: `grid-template-rows ${durations.accordion}ms ease, visibility 0s linear ${durations.accordion}ms`,
  "&[data-open]": {
    gridTemplateRows: "1fr",
    visibility: "visible",
    transition: `grid-template-rows ${durations.accordion}ms ease`,
  },
  "& > div": { overflow: "hidden", minHeight: 0 },
  "@lg": { [`${COLLAPSED_SIDEBAR} &`]: { display: "none" } },
});

export interface SidebarMenuProps {
  items: readonly MenuItem[];
  location: string;
  linkComponent: ShellLinkComponent;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?: () => void;
}

/**
 * The sidebar's menu tree as accordion items: groups are collapsed except the one holding the
 * current page; opening a group closes its open siblings.
 */
export function SidebarMenu({ items, location, linkComponent, onNavigate }: SidebarMenuProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(activeGroupIds(items, location)));
  const trail = findActiveTrail(items, location);
  const trailIds = new Set(trail.map((item) => item.id));
  const activeId = trail.at(-1)?.id;

  // Following a link elsewhere (or a back button) opens the branch of the new page.
  useEffect(() => {
    const ids = activeGroupIds(items, location);
    if (ids.length) setOpen((current) => new Set([...current, ...ids]));
  }, [items, location]);

  const toggle = (item: MenuItem, siblings: readonly MenuItem[]) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(item.id)) next.delete(item.id);
      else {
        for (const sibling of siblings) next.delete(sibling.id);
        next.add(item.id);
      }
      return next;
    });

  return <Level items={items} depth={0} ctx={{ open, toggle, trailIds, activeId, linkComponent, onNavigate }} />;
}

interface LevelContext {
  open: ReadonlySet<string>;
  toggle: (item: MenuItem, siblings: readonly MenuItem[]) => void;
  trailIds: ReadonlySet<string>;
  activeId: string | undefined;
  linkComponent: ShellLinkComponent;
  onNavigate?: () => void;
}

function Level({ items, depth, ctx }: { items: readonly MenuItem[]; depth: number; ctx: LevelContext }) {
  if (depth >= MAX_MENU_DEPTH) return null;
  return (
    <List level={depth === 0 ? "top" : "nested"}>
      {items.map((item) => (
        <Entry key={item.id} item={item} siblings={items} depth={depth} ctx={ctx} />
      ))}
    </List>
  );
}

function Entry({
  item,
  siblings,
  depth,
  ctx,
}: {
  item: MenuItem;
  siblings: readonly MenuItem[];
  depth: number;
  ctx: LevelContext;
}) {
  const panelId = useId();
  const LinkComponent = ctx.linkComponent;
  const marker =
    depth === 0 ? (
      <span data-menu-icon style={{ display: "inline-flex" }}>
        <Icon name={item.icon ?? "dot"} size={20} />
      </span>
    ) : (
      <Bullet data-menu-icon aria-hidden />
    );
  const inTrail = ctx.trailIds.has(item.id);

  if (item.children?.length && depth + 1 < MAX_MENU_DEPTH) {
    const isOpen = ctx.open.has(item.id);
    return (
      <li>
        <RowButton
          aria-expanded={isOpen}
          aria-controls={panelId}
          data-trail={inTrail ? "" : undefined}
          onClick={() => ctx.toggle(item, siblings)}
        >
          {marker}
          <Title>{item.title}</Title>
          <Chevron aria-hidden>
            <Icon name="chevron-down" size={16} />
          </Chevron>
        </RowButton>
        <Panel id={panelId} data-open={isOpen ? "" : undefined}>
          <div>
            <Level items={item.children} depth={depth + 1} ctx={ctx} />
          </div>
        </Panel>
      </li>
    );
  }
  if (item.path === undefined) return null;
  const active = ctx.activeId === item.id;
  return (
    <li>
      <LinkComponent
        href={item.path}
        className={rowLink().className}
        aria-current={active ? "page" : undefined}
        onClick={ctx.onNavigate}
      >
        {marker}
        <Title>{item.title}</Title>
      </LinkComponent>
    </li>
  );
}
