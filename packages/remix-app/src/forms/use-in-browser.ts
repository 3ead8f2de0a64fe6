import { useEffect, useState } from "react";

/**
 * True once the page runs in the browser (false on the server and in the first, hydrating render).
 * A lazily loaded form renders only then: rendered on the server, its fields could be typed into
 * before its chunk hydrated them, and react-hook-form would not see what was typed.
 */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return inBrowser;
}
