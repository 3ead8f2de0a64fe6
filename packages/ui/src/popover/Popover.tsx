import { cloneElement, type ReactElement, type ReactNode, useEffect, useId, useRef } from "react";
import type { VariantValue } from "../internal/styled-props";
import { useControllableState } from "../internal/useControllableState";
import { useDismiss } from "../internal/useDismiss";
import { styled } from "../theme/stitches";

const Root = styled("div", { position: "relative", display: "inline-flex" });

const Panel = styled("div", {
  position: "absolute",
  top: "calc(100% + 6px)",
  zIndex: "$popover",
  minWidth: "240px",
  maxWidth: "calc(100vw - 24px)",
  backgroundColor: "$surface",
  color: "$text",
  border: "1px solid $border",
  borderRadius: "$lg",
  boxShadow: "$dropdown",
  "&[hidden]": { display: "none" },
  "&:focus": { outline: "none" },
  variants: { align: { start: { insetInlineStart: 0 }, end: { insetInlineEnd: 0 } } },
});

interface TriggerProps {
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
  "aria-haspopup"?: "dialog" | "listbox";
  onClick?: (event: never) => void;
}

export interface PopoverProps {
  /** The button that opens the panel; it gets aria-expanded and aria-controls. */
  trigger: ReactElement<TriggerProps>;
  /** The panel's accessible name. */
  label: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: VariantValue<typeof Panel, "align">;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Popup role announced by the trigger: a dialog (default) or a listbox. */
  kind?: "dialog" | "listbox";
  /** Where focus goes on open (a selector inside the panel); the first focusable element by default. */
  initialFocus?: string;
  width?: number;
}

const FOCUSABLE = "input, select, textarea, button, [href], [tabindex]:not([tabindex='-1'])";

/**
 * A light, non-modal popup under a button (filters, a date range, a picker): focus moves into it,
 * Escape closes it and returns focus to the button; a click outside or tabbing away closes it.
 * Hand-made rather than Radix's Popover to keep list pages light (no positioning engine): it
 * opens below its button, aligned to the start or the end.
 */
export function Popover({
  trigger,
  label,
  children,
  align = "start",
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  kind = "dialog",
  initialFocus,
  width,
}: PopoverProps) {
  const [open, setOpen] = useControllableState(openProp, defaultOpen, onOpenChange);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLElement | null>(null);
  const close = () => setOpen(false);
  useDismiss(open, close, [rootRef], triggerRef);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const target = panel?.querySelector<HTMLElement>(initialFocus ?? FOCUSABLE) ?? panel;
    target?.focus();
  }, [open, initialFocus]);

  const triggerElement = cloneElement(trigger, {
    "aria-expanded": open,
    "aria-controls": panelId,
    "aria-haspopup": kind,
    onClick: (event: never) => {
      trigger.props.onClick?.(event);
      triggerRef.current = rootRef.current?.querySelector<HTMLElement>(`[aria-controls="${panelId}"]`) ?? null;
      setOpen(!open);
    },
  });

  return (
    <Root ref={rootRef}>
      {triggerElement}
      <Panel
        ref={panelRef}
        id={panelId}
        role={kind === "dialog" ? "dialog" : undefined}
        aria-label={kind === "dialog" ? label : undefined}
        tabIndex={-1}
        hidden={!open}
        align={align}
        style={width ? { width } : undefined}
      >
        {open ? (typeof children === "function" ? children(close) : children) : null}
      </Panel>
    </Root>
  );
}
