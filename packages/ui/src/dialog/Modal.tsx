import { type ReactNode, useEffect, useRef } from "react";
import type { VariantValue } from "../internal/styled-props";
import { keyframes, styled } from "../theme/stitches";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: "translateY(8px) scale(0.98)" },
  to: { opacity: 1, transform: "none" },
});

const Surface = styled("dialog", {
  position: "fixed",
  inset: 0,
  margin: "auto",
  padding: 0,
  border: 0,
  width: "calc(100vw - 32px)",
  maxHeight: "calc(100vh - 48px)",
  backgroundColor: "$surface",
  color: "$text",
  borderRadius: "$xl",
  boxShadow: "$dropdown",
  overflow: "hidden",
  "&[open]": { display: "flex", flexDirection: "column", animation: `${popIn} 180ms ease` },
  "&:focus": { outline: "none" },
  // The backdrop is the native one: everything behind a modal <dialog> is inert.
  "&::backdrop": { backgroundColor: "rgba(24, 28, 50, 0.45)", animation: `${fadeIn} 150ms ease` },
  "html.theme-dark &::backdrop": { backgroundColor: "rgba(0, 0, 0, 0.6)" },
  variants: {
    size: { sm: { maxWidth: "420px" }, md: { maxWidth: "560px" }, lg: { maxWidth: "800px" } },
  },
});

const FOCUSABLE =
  "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [href], [tabindex]:not([tabindex='-1'])";

export interface ModalProps {
  children: ReactNode;
  /** Called on Escape, and on a backdrop click when `closeOnBackdrop`. */
  onDismiss: () => void;
  role?: "dialog" | "alertdialog";
  labelledBy: string;
  describedBy?: string;
  size?: VariantValue<typeof Surface, "size">;
  closeOnBackdrop?: boolean;
  /** Where focus starts: an element marked `data-autofocus`, else the first field, else the first control. */
  className?: string;
}

/**
 * A modal built on the browser's own <dialog> (showModal): the page behind becomes inert, the
 * dialog sits in the top layer (no portal, no clipping), Escape dismisses it, and focus goes back
 * to where it was on close. No positioning or focus-trap library: it stays light on every page.
 */
export function Modal({
  children,
  onDismiss,
  role = "dialog",
  labelledBy,
  describedBy,
  size = "md",
  closeOnBackdrop = false,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const start =
      dialog.querySelector<HTMLElement>("[data-autofocus]") ??
      dialog.querySelector<HTMLElement>(
        "[data-dialog-body] input:not([type=hidden]), [data-dialog-body] select, [data-dialog-body] textarea",
      ) ??
      dialog.querySelector<HTMLElement>(FOCUSABLE);
    start?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);
  return (
    <Surface
      ref={ref}
      size={size}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // The browser's own cancel (Escape, a phone's back gesture): let React's state decide.
        event.preventDefault();
        onDismiss();
      }}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        event.preventDefault();
        event.stopPropagation();
        onDismiss();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (closeOnBackdrop && event.target === event.currentTarget) onDismiss();
      }}
    >
      {children}
    </Surface>
  );
}
