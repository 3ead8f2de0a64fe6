/**
 * Leaving the signed-in area wipes local and session storage, except the layout
 * settings and dismissed announcements, which survive sign-out.
 */
const KEPT_PREFIXES = ["exam-portal.layout", "exam-portal.announcement"];

export function clearSessionData(): void {
  try {
    window.sessionStorage.clear();
    const local = window.localStorage;
    const keys = Array.from({ length: local.length }, (_, i) => local.key(i)).filter((k): k is string => k !== null);
    for (const key of keys) if (!KEPT_PREFIXES.some((prefix) => key.startsWith(prefix))) local.removeItem(key);
  } catch {
    // Storage can be blocked by the browser; there is then nothing to wipe.
  }
}
