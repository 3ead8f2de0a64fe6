import * as RadixTabs from "radix-ui/tabs";
import { forwardRef } from "react";
import type { KitProps } from "../internal/styled-props";
import { styled } from "../theme/stitches";
import { tabListLook, tabLook, tabPanelLook, tabSelected } from "./look";

const Root = styled(RadixTabs.Root, { display: "flex", flexDirection: "column", gap: "$5" });

const List = styled(RadixTabs.List, tabListLook);

const Trigger = styled(RadixTabs.Trigger, {
  ...tabLook,
  "&[data-state=active]": tabSelected,
  "&[data-disabled]": { opacity: 0.5, cursor: "not-allowed" },
});

const Content = styled(RadixTabs.Content, tabPanelLook);

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
