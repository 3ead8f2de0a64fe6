import * as RadixTabs from "radix-ui/tabs";
import { forwardRef } from "react";
import type { KitProps } from "../internal/styled-props";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";

const Root = styled(RadixTabs.Root, { display: "flex", flexDirection: "column", gap: "$5" });

const List = styled(RadixTabs.List, {
  display: "flex",
  gap: "$5",
  borderBottom: "1px solid $border",
  overflowX: "auto",
  scrollbarWidth: "none",
});

const Trigger = styled(RadixTabs.Trigger, {
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
  "&[data-state=active]": { color: "$primaryText", borderBottomColor: "$primary" },
  "&[data-disabled]": { opacity: 0.5, cursor: "not-allowed" },
  "&:focus-visible": focusRing,
});

const Content = styled(RadixTabs.Content, { "&:focus-visible": { ...focusRing, borderRadius: "$md" } });

export type TabsProps = KitProps<typeof Root>;
export type TabsListProps = KitProps<typeof List>;
export type TabsTriggerProps = KitProps<typeof Trigger>;
export type TabsContentProps = KitProps<typeof Content>;

/** Tabs: `<Tabs defaultValue="a"><TabsList aria-label="…"><TabsTrigger value="a">…</TabsTrigger></TabsList><TabsContent value="a">…</TabsContent></Tabs>`. Arrow keys move between tabs. */
export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs(props, ref) {
  return <Root ref={ref} {...props} />;
});

export const TabsList = forwardRef<HTMLDivElement, TabsListProps>(function TabsList(props, ref) {
  return <List ref={ref} {...props} />;
});

export const TabsTrigger = forwardRef<HTMLButtonElement, TabsTriggerProps>(function TabsTrigger(props, ref) {
  return <Trigger ref={ref} {...props} />;
});

export const TabsContent = forwardRef<HTMLDivElement, TabsContentProps>(function TabsContent(props, ref) {
  return <Content ref={ref} {...props} />;
});
