import { useCallback, useEffect, useState } from "react";
import { type LayoutType, readStoredLayout, resolveLayout, storeLayout } from "./layout";

/**
 * The layout to render: the route's layout, else the one stored in this browser, else
 * 'light-sidebar'. Storage is only readable after hydration, so the server (and the first client
 * render) use the route's layout or the default; the stored choice applies right after.
 * `setLayout` remembers a user's choice.
 */
// Reading window.localStorage itself throws when the browser blocks storage.
function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function useLayoutType(routeLayout?: LayoutType): [LayoutType, (layout: LayoutType) => void] {
  const [stored, setStored] = useState<string | null>(null);
  useEffect(() => setStored(readStoredLayout(browserStorage())), []);
  const setLayout = useCallback((layout: LayoutType) => {
    storeLayout(browserStorage(), layout);
    setStored(layout);
  }, []);
  return [resolveLayout(routeLayout, stored), setLayout];
}
