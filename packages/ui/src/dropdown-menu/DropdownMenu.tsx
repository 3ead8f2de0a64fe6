import {
  cloneElement,
  createContext,
  forwardRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Icon, type IconName } from "../icon/Icon";
import { placeFloating } from "../internal/position";
import type { KitProps, VariantValue } from "../internal/styled-props";
import { keyframes, styled } from "../theme/stitches";

const appear = keyframes({
  from: { opacity: 0, transform: "translateY(-4px)" },
  to: { opacity: 1, transform: "none" },
});

const Content = styled("div", {
  position: "fixed",
  zIndex: "$popover",
  minWidth: "200px",
  padding: "$2",
  backgroundColor: "$surface",
  color: "$text",
  border: "1px solid $border",
  borderRadius: "$lg",
  boxShadow: "$dropdown",
  animation: `${appear} 140ms ease`,
  "&:focus": { outline: "none" },
});

const ItemButton = styled("button", {
  all: "unset",
  boxSizing: "border-box",
  display: "flex",
  alignItems: "center",
  gap: "$3",
  width: "100%",
  minHeight: "36px",
  padding: "$2 $3",
  borderRadius: "$md",
  fontSize: "$md",
  color: "$gray800",
  cursor: "pointer",
  userSelect: "none",
  "&:hover, &:focus": { backgroundColor: "$surfaceHover", color: "$primaryText" },
  "&:focus-visible": { outline: "2px solid $colors$focusRing", outlineOffset: "-2px" },
  "&[aria-disabled=true]": { opacity: 0.5, cursor: "not-allowed" },
  variants: {
    tone: {
      default: {},
      danger: { color: "$dangerText", "&:hover, &:focus": { backgroundColor: "$dangerLight", color: "$dangerText" } },
    },
  },
});
const Separator = styled("div", { height: "1px", margin: "$2 0", backgroundColor: "$border" });
const Label = styled("div", {
  padding: "$2 $3 $1",
  fontSize: "$xs",
  fontWeight: "$semibold",
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: "$textMuted",
});

export type DropdownMenuSeparatorProps = KitProps<typeof Separator>;

/** A line between groups of items. */
export const DropdownMenuSeparator = forwardRef<HTMLDivElement, DropdownMenuSeparatorProps>(
  function DropdownMenuSeparator(props, ref) {
    return <Separator ref={ref} {...props} />;
  },
);

export type DropdownMenuLabelProps = KitProps<typeof Label>;

/** A small heading over a group of items. */
export const DropdownMenuLabel = forwardRef<HTMLDivElement, DropdownMenuLabelProps>(
  function DropdownMenuLabel(props, ref) {
    return <Label ref={ref} {...props} />;
  },
);

const ITEM = "[role^=menuitem]:not([aria-disabled=true])";
const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
const MenuContext = createContext<{ close: () => void }>({ close: () => {} });

interface TriggerProps {
  id?: string;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  "aria-haspopup"?: "menu";
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
}

export interface DropdownMenuProps {
  /** The button that opens the menu. */
  trigger: ReactElement<TriggerProps>;
  children: ReactNode;
  align?: "start" | "center" | "end";
  /** Accessible name of the menu when the trigger's text does not say enough. */
  label?: string;
}

/**
 * A menu of actions behind a button (row actions of a table, "More"). Enter, Space or ↓ open it
 * on the first item, ↑ on the last; arrows, Home and End move; typing a letter jumps; Enter
 * chooses; Escape or Tab close it (Escape returns focus to the button). Hand-made on purpose: a
 * positioning engine for a list of actions would weigh more than a whole list page.
 */
export function DropdownMenu({ trigger, children, align = "end", label }: DropdownMenuProps) {
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const triggerId = useId();
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLElement | null>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (returnFocus) triggerRef.current?.focus();
  };
  const items = () => menuItems(menuRef.current);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    const anchor = triggerRef.current;
    if (!open || !menu || !anchor) return;
    const rtl = getComputedStyle(anchor).direction === "rtl";
    const physical = align === "center" ? "center" : (align === "end") !== rtl ? "end" : "start";
    setPosition(
      placeFloating(
        anchor.getBoundingClientRect(),
        menu.getBoundingClientRect(),
        { width: innerWidth, height: innerHeight },
        "bottom",
        physical,
      ),
    );
  }, [open, align]);

  // Focus moves in once the menu is placed (a hidden element cannot take focus).
  useLayoutEffect(() => {
    if (!open || !position) return;
    const list = menuItems(menuRef.current);
    (open === "last" ? list.at(-1) : list[0])?.focus();
  }, [open, position]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !triggerRef.current?.contains(target)) close(false);
    };
    // A fixed menu would float away from its button: close it when the page scrolls or resizes.
    const onMove = (event: Event) => {
      if (!(event.target instanceof Node && menuRef.current?.contains(event.target))) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("scroll", onMove, true);
    window.addEventListener("resize", onMove);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("scroll", onMove, true);
      window.removeEventListener("resize", onMove);
    };
  });

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focus = (next: number) => list[(next + list.length) % list.length]?.focus();
    if (event.key === "ArrowDown") focus(index + 1);
    else if (event.key === "ArrowUp") focus(index - 1);
    else if (event.key === "Home") focus(0);
    else if (event.key === "End") focus(list.length - 1);
    else if (event.key === "Escape") {
      event.stopPropagation(); // Not the dialog the menu may sit in.
      close(true);
    } else if (event.key === "Tab") return close(false);
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      const after = [...list.slice(index + 1), ...list.slice(0, index + 1)];
      after.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
    } else return;
    event.preventDefault();
  };

  return (
    <MenuContext.Provider value={{ close: () => close(true) }}>
      {cloneElement(trigger, {
        id: triggerId,
        "aria-haspopup": "menu",
        "aria-expanded": Boolean(open),
        "aria-controls": open ? menuId : undefined,
        onClick: (event: MouseEvent<HTMLElement>) => {
          trigger.props.onClick?.(event);
          triggerRef.current = event.currentTarget;
          if (open) close(false);
          else setOpen("first");
        },
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
          trigger.props.onKeyDown?.(event);
          triggerRef.current = event.currentTarget;
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(event.key === "ArrowDown" ? "first" : "last");
          }
        },
      })}
      {open ? (
        <Content
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          aria-labelledby={label ? undefined : triggerId}
          tabIndex={-1}
          style={position ?? { top: 0, left: 0, visibility: "hidden" }}
          onKeyDown={onMenuKeyDown}
        >
          {children}
        </Content>
      ) : null}
    </MenuContext.Provider>
  );
}

export interface DropdownMenuItemProps {
  children: ReactNode;
  icon?: IconName;
  tone?: VariantValue<typeof ItemButton, "tone">;
  disabled?: boolean;
  /** Called when the item is chosen; call `event.preventDefault()` to keep the menu open. */
  onSelect?: (event: Event) => void;
}

export const DropdownMenuItem = forwardRef<HTMLButtonElement, DropdownMenuItemProps>(function DropdownMenuItem(
  { icon, children, tone = "default", disabled, onSelect },
  ref,
) {
  const { close } = useContext(MenuContext);
  return (
    <ItemButton
      ref={ref}
      type="button"
      role="menuitem"
      tabIndex={-1}
      tone={tone}
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        if (disabled) return;
        onSelect?.(event.nativeEvent);
        if (!event.nativeEvent.defaultPrevented) close();
      }}
    >
      {icon ? <Icon name={icon} size={18} /> : null}
      {children}
    </ItemButton>
  );
});

export interface DropdownMenuCheckboxItemProps {
  children: ReactNode;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
}

/** An item that toggles an option (e.g. a visible column); the menu stays open. */
export const DropdownMenuCheckboxItem = forwardRef<HTMLButtonElement, DropdownMenuCheckboxItemProps>(
  function DropdownMenuCheckboxItem({ children, checked, onCheckedChange, disabled }, ref) {
    return (
      <ItemButton
        ref={ref}
        type="button"
        role="menuitemcheckbox"
        aria-checked={checked}
        tabIndex={-1}
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && onCheckedChange?.(!checked)}
      >
        <span style={{ width: 18, display: "inline-flex" }}>{checked ? <Icon name="check" size={18} /> : null}</span>
        {children}
      </ItemButton>
    );
  },
);
