import { type ReactNode, useSyncExternalStore } from "react";
import type { PreloaderPhase, Readiness } from "../shell/preloader";
import { Spinner } from "../spinner/Spinner";
import { styled } from "../theme/stitches";
import { durations } from "../theme/tokens";

const Screen = styled("div", {
  position: "fixed",
  inset: 0,
  zIndex: "$preloader",
  display: "grid",
  placeItems: "center",
  alignContent: "center",
  gap: "$4",
  backgroundColor: "$background",
  color: "$text",
  "& [data-spinner]": { color: "$primary", display: "inline-flex" },
  transition: `opacity ${durations.preloaderFade}ms ease, visibility 0s linear ${durations.preloaderFade}ms`,
  "&[data-phase=hiding]": { opacity: 0, visibility: "hidden" },
});
const Text = styled("p", { margin: 0, color: "$textMuted", fontWeight: "$medium" });

export interface PreloaderProps {
  /** 'visible' → 'hiding' (fades out) → 'removed' (gone from the page). */
  phase: PreloaderPhase;
  /** A logo above the spinner. */
  logo?: ReactNode;
  label?: string;
}

/**
 * The full-screen loader shown until the app is ready (see createReadiness in
 * "@repo/ui/shell/preloader"): server-rendered as visible, faded out, then removed.
 */
export function Preloader({ phase, logo, label = "Loading the portal" }: PreloaderProps) {
  if (phase === "removed") return null;
  return (
    <Screen data-phase={phase} role="status" aria-live="polite" aria-busy={phase === "visible"}>
      {logo}
      <span data-spinner="">
        <Spinner size="lg" />
      </span>
      <Text>{label}</Text>
    </Screen>
  );
}

/** Follows a readiness tracker's phase. */
export function usePreloaderPhase(readiness: Readiness): PreloaderPhase {
  return useSyncExternalStore(
    (onChange) => readiness.subscribe(onChange),
    () => readiness.phase,
    () => "visible",
  );
}
