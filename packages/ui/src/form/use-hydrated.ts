import { useEffect, useState } from "react";

/**
 * False on the server and in the hydrating render, true once React runs the page in the browser:
 * what only works with JavaScript (a button that needs no page load) shows from then on, and what
 * stands in for it without JavaScript (docs/decisions/053) until then.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
