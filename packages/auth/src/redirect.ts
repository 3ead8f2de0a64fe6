const BASE = "http://app.invalid";
/** Longer than any address of the portal; a longer `redirectTo` is refused rather than parsed. */
const MAX_REDIRECT_LENGTH = 2048;
/**
 * Characters a browser drops or rewrites while parsing a URL (C0 controls, tab, newline, DEL) and
 * backslashes, which browsers read as slashes: `/\evil.example` and `/\t/evil.example` both mean
 * `//evil.example` to them.
 */
const rewrittenByBrowsers = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
};

/** An absolute path whose first segment is empty (`//host`) is another site to a browser. */
const leavesTheSite = (path: string) => !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\");

/**
 * A `redirectTo` taken from a URL must stay inside the app. It is normalised first (dot segments
 * resolved, as the browser will resolve them: `/.//evil.example` becomes `//evil.example`) and
 * the result must still be a same-origin path. Anything else becomes the fallback. Shared by
 * servers and browsers (it needs no Node API).
 */
export function safeRedirect(to: unknown, fallback: string): string {
  if (typeof to !== "string" || to.length > MAX_REDIRECT_LENGTH) return fallback;
  if (leavesTheSite(to) || rewrittenByBrowsers(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (leavesTheSite(path) || rewrittenByBrowsers(path)) return fallback;
  // The normalised path must mean the same thing when the browser parses it again.
  const again = new URL(path, BASE);
  return again.origin === BASE && `${again.pathname}${again.search}${again.hash}` === path ? path : fallback;
}
