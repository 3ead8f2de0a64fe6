/**
 * A `redirectTo` taken from a URL must stay inside the app: a single leading slash, no scheme,
 * no protocol-relative `//host`, no backslash tricks. Anything else becomes the fallback. Shared
 * by servers and browsers (it needs no Node API).
 */
export function safeRedirect(to: unknown, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  try {
    const url = new URL(to, "http://app.invalid");
    if (url.origin !== "http://app.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
