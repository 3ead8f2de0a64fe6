import { durations } from "../theme/tokens";

/**
 * Route change animation: a 300 ms slide between two pages named as a pair (forward
 * from the first to the second, back the other way), otherwise a 200 ms fade; nothing on the
 * first render or when the user prefers reduced motion.
 */
export type RouteTransition =
  | { kind: "slide"; direction: "forward" | "back"; durationMs: number }
  | { kind: "fade"; durationMs: number }
  | { kind: "none"; durationMs: 0 };

export interface RouteChange {
  /** The page name before the change (undefined for an unnamed page). */
  from?: string;
  /** The page name after the change. */
  to?: string;
  /** True for the very first render: no animation. */
  initial?: boolean;
  /** Pairs of page names that slide between each other, e.g. [["level1-dashboard", "level1-questions"]]. */
  slidePairs?: readonly (readonly [string, string])[];
  reducedMotion?: boolean;
}

export function routeTransition({
  from,
  to,
  initial = false,
  slidePairs = [],
  reducedMotion = false,
}: RouteChange): RouteTransition {
  if (initial || reducedMotion) return { kind: "none", durationMs: 0 };
  for (const [first, second] of slidePairs) {
    if (from === first && to === second)
      return { kind: "slide", direction: "forward", durationMs: durations.routeSlide };
    if (from === second && to === first) return { kind: "slide", direction: "back", durationMs: durations.routeSlide };
  }
  return { kind: "fade", durationMs: durations.routeFade };
}
