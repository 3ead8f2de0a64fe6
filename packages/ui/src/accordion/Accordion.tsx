import * as RadixAccordion from "radix-ui/accordion";
import { forwardRef } from "react";
import { Icon } from "../icon/Icon";
import type { KitProps } from "../internal/styled-props";
import { focusRing } from "../theme/focus";
import { keyframes, styled } from "../theme/stitches";
import { durations } from "../theme/tokens";

const open = keyframes({ from: { height: 0 }, to: { height: "var(--radix-accordion-content-height)" } });
const close = keyframes({ from: { height: "var(--radix-accordion-content-height)" }, to: { height: 0 } });

const Root = styled(RadixAccordion.Root, {
  backgroundColor: "$surface",
  border: "1px solid $border",
  borderRadius: "$lg",
  overflow: "hidden",
});

export type AccordionProps = KitProps<typeof Root>;

/**
 * Collapsible sections (FAQ, filters, long forms). `type="single"` keeps one open,
 * `type="multiple"` any number; all are collapsed unless `defaultValue` says otherwise.
 */
export const Accordion = forwardRef<HTMLDivElement, AccordionProps>(function Accordion(props, ref) {
  return <Root ref={ref} {...props} />;
});

const Item = styled(RadixAccordion.Item, { "& + &": { borderTop: "1px solid $border" } });

export type AccordionItemProps = KitProps<typeof Item>;

export const AccordionItem = forwardRef<HTMLDivElement, AccordionItemProps>(function AccordionItem(props, ref) {
  return <Item ref={ref} {...props} />;
});

const Trigger = styled(RadixAccordion.Trigger, {
  all: "unset",
  boxSizing: "border-box",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "$3",
  width: "100%",
  padding: "$4 $5",
  fontSize: "$lg",
  fontWeight: "$semibold",
  color: "$text",
  cursor: "pointer",
  "&:hover": { color: "$primaryText" },
  "&:focus-visible": { ...focusRing, outlineOffset: "-2px" },
  "& svg": { transition: `transform ${durations.accordion}ms ease`, color: "$textMuted" },
  "&[data-state=open] svg": { transform: "rotate(180deg)" },
});

export type AccordionTriggerProps = KitProps<typeof Trigger>;

export const AccordionTrigger = forwardRef<HTMLButtonElement, AccordionTriggerProps>(function AccordionTrigger(
  { children, ...props },
  ref,
) {
  return (
    <RadixAccordion.Header style={{ margin: 0 }}>
      <Trigger ref={ref} {...props}>
        {children}
        <Icon name="chevron-down" size={18} />
      </Trigger>
    </RadixAccordion.Header>
  );
});

const Content = styled(RadixAccordion.Content, {
  overflow: "hidden",
  color: "$gray800",
  "&[data-state=open]": { animation: `${open} ${durations.accordion}ms ease` },
  "&[data-state=closed]": { animation: `${close} ${durations.accordion}ms ease` },
});

export type AccordionContentProps = KitProps<typeof Content>;

export const AccordionContent = forwardRef<HTMLDivElement, AccordionContentProps>(function AccordionContent(
  { children, ...props },
  ref,
) {
  return (
    <Content ref={ref} {...props}>
      <div style={{ padding: "0 24px 20px" }}>{children}</div>
    </Content>
  );
});
