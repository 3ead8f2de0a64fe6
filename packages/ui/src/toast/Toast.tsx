import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { Icon, type IconName } from "../icon/Icon";
import { IconButton } from "../icon-button/IconButton";
import type { VariantValue } from "../internal/styled-props";
import { keyframes, styled } from "../theme/stitches";

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  tone?: ToastTone;
  /** Milliseconds before it closes by itself (5 s by default). */
  duration?: number;
}

interface ShownToast extends ToastOptions {
  id: number;
}

const slideIn = keyframes({
  from: { opacity: 0, transform: "translateY(12px)" },
  to: { opacity: 1, transform: "none" },
});

const Region = styled("section", {
  position: "fixed",
  bottom: 0,
  insetInlineEnd: 0,
  zIndex: "$toast",
  width: "380px",
  maxWidth: "100vw",
  padding: "$5",
  pointerEvents: "none",
  "&:focus-visible": { outline: "2px solid $colors$focusRing", outlineOffset: "-4px" },
});
const List = styled("div", {
  display: "flex",
  flexDirection: "column",
  gap: "$2",
});

const Item = styled("div", {
  pointerEvents: "auto",
  display: "grid",
  gridTemplateColumns: "auto 1fr auto",
  alignItems: "start",
  gap: "$3",
  padding: "$4",
  backgroundColor: "$surface",
  color: "$text",
  border: "1px solid $border",
  borderInlineStartWidth: "4px",
  borderRadius: "$lg",
  boxShadow: "$dropdown",
  animation: `${slideIn} 200ms ease`,
  variants: {
    tone: {
      success: { borderInlineStartColor: "$colors$success", "& [data-toast-icon]": { color: "$successText" } },
      error: { borderInlineStartColor: "$colors$danger", "& [data-toast-icon]": { color: "$dangerText" } },
      warning: { borderInlineStartColor: "$colors$warning", "& [data-toast-icon]": { color: "$warningText" } },
      info: { borderInlineStartColor: "$colors$info", "& [data-toast-icon]": { color: "$infoText" } },
    },
  },
});

/** A toast's tone: its accent colour and icon (one per variant of the item). */
export type ToastTone = VariantValue<typeof Item, "tone">;

const Title = styled("p", { margin: 0, fontWeight: "$semibold", fontSize: "$md" });
const Description = styled("p", { margin: "2px 0 0", fontSize: "$sm", color: "$textMuted" });

const icons: Record<ToastTone, IconName> = { success: "success", error: "error", warning: "warning", info: "info" };

const Context = createContext<((options: ToastOptions) => void) | null>(null);

/** One notice: closes after its duration, paused while hovered or focused. */
function Toast({ toast, onClose }: { toast: ShownToast; onClose: () => void }) {
  const { title, description, tone = "success", duration = 5_000 } = toast;
  const [paused, setPaused] = useState(false);
  const remaining = useRef(duration);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => closeRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused]);
  return (
    <Item
      tone={tone}
      // Errors interrupt (alert); other notices wait their turn in the polite live region.
      role={tone === "error" ? "alert" : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span data-toast-icon aria-hidden>
        <Icon name={icons[tone]} size={22} />
      </span>
      <div>
        <Title>{title}</Title>
        {description ? <Description>{description}</Description> : null}
      </div>
      <IconButton icon="close" label="Dismiss" size="sm" onClick={onClose} />
    </Item>
  );
}

/**
 * Short notices in the corner that close by themselves ("Saved", "Export started"), read out by
 * screen readers through a live region; F8 moves focus to them. Put the provider once around the
 * app. (Hand-made, a few hundred bytes, because it sits on every page.)
 */
export function ToastProvider({ children, label = "Notifications" }: { children: ReactNode; label?: string }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(0);
  const regionRef = useRef<HTMLElement>(null);
  const show = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setToasts((items) => [...items, { ...options, id }]);
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <Context.Provider value={show}>
      {children}
      <Region ref={regionRef} aria-label={`${label} (F8)`} tabIndex={-1}>
        <List aria-live="polite" aria-relevant="additions">
          {toasts.map((toast) => (
            <Toast
              key={toast.id}
              toast={toast}
              onClose={() => setToasts((items) => items.filter((item) => item.id !== toast.id))}
            />
          ))}
        </List>
      </Region>
    </Context.Provider>
  );
}

/** Returns `toast({ title, description, tone })`. */
export function useToast(): (options: ToastOptions) => void {
  const show = useContext(Context);
  if (!show) throw new Error("useToast needs a <ToastProvider> around the app");
  return show;
}
