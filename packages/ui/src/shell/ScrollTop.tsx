import { Icon } from "../icon/Icon";
import { prefersReducedMotion } from "../internal/motion";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";
import { SCROLL_TOP_DURATION_MS, scrollPositionAt } from "./scroll";

const Button = styled("button", {
  all: "unset",
  position: "fixed",
  insetInlineEnd: "$5",
  bottom: "$5",
  zIndex: "$scrollTop",
  display: "grid",
  placeItems: "center",
  width: "40px",
  height: "40px",
  borderRadius: "$md",
  backgroundColor: "$primary",
  color: "$primaryContrast",
  boxShadow: "$raised",
  cursor: "pointer",
  opacity: 0,
  visibility: "hidden",
  transform: "translateY(8px)",
  transition: "opacity 200ms ease, transform 200ms ease, visibility 0s linear 200ms",
  "&[data-visible]": {
    opacity: 1,
    visibility: "visible",
    transform: "none",
    transition: "opacity 200ms ease, transform 200ms ease",
  },
  "&:hover": { backgroundColor: "$primaryHover" },
  "&:focus-visible": focusRing,
});

/** Scrolls the window to the top in 600 ms (at once under reduced motion). */
export function scrollToTop(durationMs = SCROLL_TOP_DURATION_MS): void {
  const from = window.scrollY;
  if (prefersReducedMotion() || durationMs <= 0 || from === 0) {
    window.scrollTo(0, 0);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const y = scrollPositionAt(from, now - start, durationMs);
    window.scrollTo(0, y);
    if (y > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** The floating "back to top" button, shown once the page is scrolled past the offset. */
export function ScrollTop({ visible, focusTargetId }: { visible: boolean; focusTargetId?: string }) {
  return (
    <Button
      type="button"
      aria-label="Scroll to top"
      title="Scroll to top"
      data-visible={visible ? "" : undefined}
      onClick={() => {
        scrollToTop();
        // Keyboard users continue from the top of the content, not from a vanished button.
        if (focusTargetId) document.getElementById(focusTargetId)?.focus({ preventScroll: true });
      }}
    >
      <Icon name="arrow-up" size={20} strokeWidth={2.2} />
    </Button>
  );
}
