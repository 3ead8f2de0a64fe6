import { useEffect, useRef } from "react";

/** The part of a Remix fetcher this hook reads. */
interface FetcherLike<T> {
  state: "idle" | "loading" | "submitting";
  data: T | undefined;
}

/**
 * Calls `onResult` once for each answer a fetcher receives, when the fetcher is idle again.
 * A plain effect on `fetcher.data` runs again whenever its callbacks change identity (a parent's
 * inline `onClose`), and acting twice on one answer (close and navigate, show a dialog) starts
 * the same navigation over and over: the list never finishes loading.
 */
export function useFetcherResult<T>(fetcher: FetcherLike<T>, onResult: (data: T) => void): void {
  const handled = useRef<T | undefined>(undefined);
  const latest = useRef(onResult);
  latest.current = onResult;
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
