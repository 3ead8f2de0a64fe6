import { Link as RemixLink, useSearchParams } from "@remix-run/react";
import { AWARDS, type AwardCode } from "@repo/contracts/results-constants";
import { Stack } from "@repo/ui/stack";
import { styled } from "@repo/ui/theme";
import { type KeyboardEvent, type ReactNode, useId } from "react";

const List = styled("div", {
  display: "flex",
  gap: "$5",
  borderBottom: "1px solid $border",
  overflowX: "auto",
  scrollbarWidth: "none",
});

// Drawn as the kit's tabs (packages/ui/src/tabs) are.
const Tab = styled(RemixLink, {
  all: "unset",
  boxSizing: "border-box",
  display: "inline-flex",
  alignItems: "center",
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
  "&[aria-selected=true]": { color: "$primaryText", borderBottomColor: "$primary" },
  "&:focus-visible": { outline: "2px solid $colors$focusRing", outlineOffset: "2px" },
});

const Panel = styled("div", {
  "&:focus-visible": { outline: "2px solid $colors$focusRing", outlineOffset: "2px", borderRadius: "$md" },
});

/** The keys that move between tabs, as in any tab list: to the next, the previous, the first, the last. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The winners page's awards as tabs that are links to the page with its `award` (the other filters
 * kept, back to the first page), as the level picker is a URL parameter: a tab widget (Radix Tabs,
 * 9 KB) is not part of the page. The arrow keys, Home and End move between the tabs; Enter or Space
 * opens one.
 */
export function AwardTabs({ value, children }: { value: AwardCode; children: ReactNode }) {
  const [params] = useSearchParams();
  const id = useId();
  const hrefOf = (code: AwardCode) => {
    const next = new URLSearchParams(params);
    next.set("award", code);
    next.delete("page");
    return `?${next}`;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLAnchorElement)) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
    const index = tabs.indexOf(event.target);
    if (index < 0) return;
    if (event.key === " ") {
      event.preventDefault();
      tabs[index]?.click();
      return;
    }
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    tabs[move(index, tabs.length)]?.focus();
  };
  return (
    <Stack gap={5}>
      <List role="tablist" aria-label="Awards" onKeyDown={onKeyDown}>
        {AWARDS.map((award) => {
          const selected = award.code === value;
          return (
            <Tab
              key={award.code}
              id={`${id}-${award.code}`}
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? `${id}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              to={hrefOf(award.code)}
              preventScrollReset
            >
              {award.name}
            </Tab>
          );
        })}
      </List>
      <Panel role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`} tabIndex={0}>
        {children}
      </Panel>
    </Stack>
  );
}
