import { useSearchParams } from "@remix-run/react";

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
