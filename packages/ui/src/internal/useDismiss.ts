import { type RefObject, useEffect, useRef } from "react";

/**
 * Closes a popup the way users expect: Escape (focus goes back to the trigger), a pointer press
 * outside, or focus moving outside (tabbing away). `inside` lists the elements that count as
 * the popup (usually the trigger and the panel).
 */
export function useDismiss(
  open: boolean,
  onDismiss: () => void,
  inside: readonly RefObject<HTMLElement | null>[],
  trigger?: RefObject<HTMLElement | null>,
): void {
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  const insideRef = useRef(inside);
  insideRef.current = inside;

  useEffect(() => {
    if (!open) return;
    const contains = (target: EventTarget | null) =>
      target instanceof Node && insideRef.current.some((ref) => ref.current?.contains(target));
    // Capture phase, stopped there: Escape closes this popup only, not a dialog around it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      event.stopPropagation();
      dismissRef.current();
      trigger?.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!contains(event.target)) dismissRef.current();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!contains(event.target)) dismissRef.current();
    };
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, trigger]);
}
