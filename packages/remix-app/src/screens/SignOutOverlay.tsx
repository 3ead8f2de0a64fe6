import { Spinner } from "@repo/ui/spinner";

/** Covers the page while the sign-in is being revoked (spec §4: at least 4 s). */
export function SignOutOverlay() {
  return (
    <div
      role="status"
      aria-live="assertive"
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 2000,
        display: "grid",
        placeItems: "center",
        background: "rgba(245, 248, 250, 0.92)",
        fontSize: 18,
        fontWeight: 600,
      }}
    >
      <div style={{ display: "grid", gap: 16, justifyItems: "center" }}>
        <Spinner size="lg" />
        <span>Signing out…</span>
      </div>
    </div>
  );
}
