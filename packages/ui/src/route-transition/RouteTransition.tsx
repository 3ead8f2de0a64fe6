import { type ReactNode, useEffect, useRef, useState } from "react";
import { prefersReducedMotion } from "../internal/motion";
import { routeTransition, type RouteTransition as Transition } from "../shell/transition";
import { keyframes, styled } from "../theme/stitches";

export { routeTransition } from "../shell/transition";

const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideForward = keyframes({
  from: { opacity: 0, transform: "translateX(24px)" },
  to: { opacity: 1, transform: "none" },
});
const slideBack = keyframes({
  from: { opacity: 0, transform: "translateX(-24px)" },
  to: { opacity: 1, transform: "none" },
});

const Stage = styled("div", {
  "&[data-kind=fade]": { animationName: `${fade}` },
  "&[data-kind=slide][data-direction=forward]": { animationName: `${slideForward}` },
  "&[data-kind=slide][data-direction=back]": { animationName: `${slideBack}` },
  // In right-to-left layouts "forward" comes from the left.
  "[dir=rtl] &[data-kind=slide][data-direction=forward]": { animationName: `${slideBack}` },
  "[dir=rtl] &[data-kind=slide][data-direction=back]": { animationName: `${slideForward}` },
  animationTimingFunction: "ease",
  animationFillMode: "both",
});

export interface RouteTransitionProps {
  /** Changes on every navigation (e.g. the location's pathname). */
  routeKey: string;
  /** The page's name, for slides between named pages. */
  pageName?: string;
  /** Pairs of page names that slide between each other. */
  slidePairs?: readonly (readonly [string, string])[];
  children: ReactNode;
}

/**
 * Animates the content when the route changes: a 300 ms slide between two named pages,
 * otherwise a 200 ms fade; none on the first render or under reduced motion.
 */
export function RouteTransition({ routeKey, pageName, slidePairs, children }: RouteTransitionProps) {
  const previous = useRef<{ key: string; name?: string } | null>(null);
  const [transition, setTransition] = useState<Transition>({ kind: "none", durationMs: 0 });
  useEffect(() => {
    const before = previous.current;
    previous.current = { key: routeKey, name: pageName };
    if (before?.key === routeKey) return;
    setTransition(
      routeTransition({
        from: before?.name,
        to: pageName,
        initial: before === null,
        slidePairs,
        reducedMotion: prefersReducedMotion(),
      }),
    );
  }, [routeKey, pageName, slidePairs]);
  return (
    <Stage
      key={routeKey}
      data-kind={transition.kind}
      data-direction={transition.kind === "slide" ? transition.direction : undefined}
      style={{ animationDuration: `${transition.durationMs}ms` }}
    >
      {children}
    </Stage>
  );
}
