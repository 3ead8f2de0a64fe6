/** Sticky header and scroll-to-top rules. */
export const STICKY_HEADER_OFFSET = 200;
export const SCROLL_TOP_OFFSET = 200;
export const SCROLL_TOP_DURATION_MS = 600;

/**
 * 'on': the header sticks past the offset. 'reverse': it sticks only while scrolling down past
 * the offset and lets go when scrolling back up. 'off': never.
 */
export type StickyMode = "on" | "reverse" | "off";

export function isHeaderSticky(
  mode: StickyMode,
  scrollY: number,
  previousScrollY: number,
  offset = STICKY_HEADER_OFFSET,
): boolean {
  if (mode === "off" || scrollY <= offset) return false;
  if (mode === "reverse") return scrollY > previousScrollY;
  return true;
}

export function isScrollTopVisible(scrollY: number, offset = SCROLL_TOP_OFFSET): boolean {
  return scrollY > offset;
}

/** Ease-in-out position of an animated scroll from `from` to 0 after `elapsedMs`. */
export function scrollPositionAt(from: number, elapsedMs: number, durationMs = SCROLL_TOP_DURATION_MS): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return 0;
  const t = Math.max(0, elapsedMs) / durationMs;
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  return Math.round(from * (1 - eased));
}
