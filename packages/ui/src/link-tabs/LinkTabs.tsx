import {
  createContext,
  forwardRef,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useId,
} from "react";
import { Slot } from "../internal/Slot";
import type { KitProps } from "../internal/styled-props";
import { tabListLook, tabLook, tabPanelLook, tabSelected } from "../tabs/look";
import { styled } from "../theme/stitches";

const Root = styled("div", { display: "flex", flexDirection: "column", gap: "$5" });
const List = styled("div", tabListLook);
const Tab = styled(Slot, { ...tabLook, "&[aria-selected=true]": tabSelected });
const Panel = styled("div", tabPanelLook);

/** The keys that move between tabs, as in any tab list: to the next, the previous, the first, the last. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

const Selected = createContext<{ value: string; id: string } | null>(null);

export interface LinkTabsProps {
  /** The selected tab's value (from the URL, as the page reads it). */
  value: string;
  "aria-label": string;
  /** The tabs: `<LinkTab value="…"><RemixLink to="…">…</RemixLink></LinkTab>`. */
  tabs: ReactNode;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * Tabs whose tabs are links: each tab leads to the page with its own URL parameter, so the
 * selected tab survives a reload, a shared link and the back button, and no tab widget is
 * shipped (Radix Tabs is about 9 KB). Looks like `Tabs`. The arrow keys, Home and End move
 * between the tabs; Enter or Space opens one.
 */
export function LinkTabs({ value, tabs, children, ...props }: LinkTabsProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLElement)) return;
    const all = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const index = all.indexOf(event.target);
    if (index < 0) return;
    if (event.key === " ") {
      event.preventDefault();
      all[index]?.click();
      return;
    }
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    all[move(index, all.length)]?.focus();
  };
  return (
    <Selected.Provider value={{ value, id }}>
      <Root>
        <List role="tablist" aria-label={props["aria-label"]} onKeyDown={onKeyDown}>
          {tabs}
        </List>
        <Panel role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`} tabIndex={0}>
          {children}
        </Panel>
      </Root>
    </Selected.Provider>
  );
}

export interface LinkTabProps extends Omit<KitProps<typeof Tab>, "children"> {
  value: string;
  /** One link element (a router's link or an <a>), which wears the tab's look and role. */
  children: ReactElement;
}

/** One tab of `LinkTabs`: its only child is the link. */
export const LinkTab = forwardRef<HTMLElement, LinkTabProps>(function LinkTab({ value, children, ...props }, ref) {
  const selected = useContext(Selected);
  if (!selected) throw new Error("LinkTab must be inside LinkTabs");
  const isSelected = selected.value === value;
  return (
    <Tab
      ref={ref}
      id={`${selected.id}-${value}`}
      role="tab"
      aria-selected={isSelected}
      aria-controls={isSelected ? `${selected.id}-panel` : undefined}
      tabIndex={isSelected ? 0 : -1}
      {...props}
    >
      {children}
    </Tab>
  );
});
