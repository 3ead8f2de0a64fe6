import { Preloader } from "@repo/ui/preloader";

/** Covers the page while the sign-in is being revoked (at least 4 s: docs/domain.md, Shell behaviour). */
export function SignOutOverlay() {
  return <Preloader phase="visible" label="Signing out…" />;
}
