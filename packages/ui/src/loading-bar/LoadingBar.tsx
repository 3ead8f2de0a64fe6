import { useSyncExternalStore } from "react";
import type { LoadingTracker } from "../shell/loading";
import { keyframes, styled } from "../theme/stitches";

const slide = keyframes({
  "0%": { transform: "translateX(-100%) scaleX(0.4)" },
  "50%": { transform: "translateX(20%) scaleX(0.6)" },
  "100%": { transform: "translateX(100%) scaleX(0.4)" },
});

const Track = styled("div", {
  position: "fixed",
  top: 0,
  insetInline: 0,
  height: "3px",
  zIndex: "$loadingBar",
  overflow: "hidden",
  pointerEvents: "none",
  opacity: 0,
  transition: "opacity 200ms ease",
  "&[data-visible]": { opacity: 1 },
});

const Bar = styled("div", {
  height: "100%",
  width: "100%",
  backgroundColor: "$primary",
  transformOrigin: "left",
  animation: `${slide} 1.1s ease-in-out infinite`,
  // Under reduced motion the bar simply shows, full width and still.
  "@reducedMotion": { animation: "none", transform: "none" },
});

export interface LoadingBarProps {
  visible: boolean;
  label?: string;
}

/** The thin bar at the top of the window while a page or a request loads. */
export function LoadingBar({ visible, label = "Loading" }: LoadingBarProps) {
  return (
    <Track data-visible={visible ? "" : undefined} aria-hidden={!visible}>
      {visible ? <Bar role="progressbar" aria-label={label} aria-busy="true" /> : null}
    </Track>
  );
}

/** Follows a loading tracker's visibility (see createLoadingTracker in "@repo/ui/shell/loading"). */
export function useLoadingTracker(tracker: LoadingTracker): boolean {
  return useSyncExternalStore(
    (onChange) => tracker.subscribe(onChange),
    () => tracker.visible,
    () => false,
  );
}
