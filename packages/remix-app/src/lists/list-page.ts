import { useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { useEffect, useRef } from "react";

/**
 * A list that could not be loaded says so once in a warning dialog titled after the list
 * ("Students list not found") with the API's message; the page shows an empty list meanwhile.
 */
export function useListFailureWarning(failure: string | null, title: string): void {
  const dialogs = useMessageDialog();
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (failure && warned.current !== failure) {
      warned.current = failure;
      void dialogs.warning(title, failure);
    }
  }, [failure, title, dialogs]);
}

/** "loading" while the page itself is reloading (new search, filter or page), for the DataTable. */
export function useListStatus(): "loading" | "ready" {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname ? "loading" : "ready";
}

/**
 * Sets (or, with an empty value, clears) URL filters of a list and goes back to its first page,
 * keeping the scroll position: the one way list screens change a filter.
 */
export function useFilterParams(): (changes: Record<string, string | null>) => void {
  const [params, setParams] = useSearchParams();
  return (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete("page");
    setParams(next, { preventScrollReset: true });
  };
}
