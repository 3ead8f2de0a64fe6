import * as RadixTabs from "radix-ui/tabs";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";

/** Tabs: `<Tabs defaultValue="a"><TabsList aria-label="…"><TabsTrigger value="a">…</TabsTrigger></TabsList><TabsContent value="a">…</TabsContent></Tabs>`. Arrow keys move between tabs. */
export const Tabs = styled(RadixTabs.Root, { display: "flex", flexDirection: "column", gap: "$5" });

export const TabsList = styled(RadixTabs.List, {
  display: "flex",
  gap: "$5",
  borderBottom: "1px solid $border",
  overflowX: "auto",
  scrollbarWidth: "none",
});

export const TabsTrigger = styled(RadixTabs.Trigger, {
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

export const TabsContent = styled(RadixTabs.Content, { "&:focus-visible": { ...focusRing, borderRadius: "$md" } });
