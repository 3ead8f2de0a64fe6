/**
 * The global loading bar's logic: shown while a navigation runs or a
 * counted request is pending; hidden once the count is back to zero and the navigation has
 * ended, been cancelled or failed. Background traffic is not counted.
 */

/** Requests whose URL contains one of these are background traffic, never counted. */
export const UNCOUNTED_URL_PATTERNS = ["/notifications/stream", "/telemetry", "/analytics", "/socket", "/health"];

/** A request carrying this header (any value but "false") opts out of the loading bar. */
export const LOADING_OPT_OUT_HEADER = "x-no-loading-bar";

type HeaderSource = Headers | Record<string, string> | [string, string][] | undefined;

function headerValue(headers: HeaderSource, name: string): string | null {
  if (!headers) return null;
  if (typeof Headers !== "undefined" && headers instanceof Headers) return headers.get(name);
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  const found = entries.find(([key]) => key.toLowerCase() === name);
  return found ? found[1] : null;
}

/** Whether a request should show the loading bar. */
export function isCountedRequest(url: string, headers?: HeaderSource): boolean {
  if (UNCOUNTED_URL_PATTERNS.some((pattern) => url.includes(pattern))) return false;
  const optOut = headerValue(headers, LOADING_OPT_OUT_HEADER);
  return optOut === null || optOut.toLowerCase() === "false";
}

export type NavigationOutcome = "done" | "cancelled" | "failed";

export interface LoadingTracker {
  /** Counts a request (when it should be counted); call the returned function when it settles. */
  requestStarted(url: string, headers?: HeaderSource): () => void;
  navigationStarted(): void;
  navigationEnded(outcome?: NavigationOutcome): void;
  readonly pendingRequests: number;
  readonly navigating: boolean;
  readonly visible: boolean;
  /** Called with the new visibility whenever it changes. */
  subscribe(listener: (visible: boolean) => void): () => void;
}

export function createLoadingTracker(): LoadingTracker {
  let pending = 0;
  let navigating = false;
  let visible = false;
  const listeners = new Set<(visible: boolean) => void>();
  const update = () => {
    const next = navigating || pending > 0;
    if (next === visible) return;
    visible = next;
    for (const listener of listeners) listener(visible);
  };
  return {
    requestStarted(url, headers) {
      if (!isCountedRequest(url, headers)) return () => {};
      pending++;
      update();
      let settled = false;
      return () => {
        // Settling twice (e.g. both an error and a finally handler) must not count down twice.
        if (settled) return;
        settled = true;
        pending--;
        update();
      };
    },
    navigationStarted() {
      navigating = true;
      update();
    },
    navigationEnded() {
      navigating = false;
      update();
    },
    get pendingRequests() {
      return pending;
    },
    get navigating() {
      return navigating;
    },
    get visible() {
      return visible;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** Wraps `fetch` so that every counted request shows the loading bar until it settles. */
export function trackFetch(tracker: LoadingTracker, fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const done = tracker.requestStarted(requestUrl(input), headers);
    try {
      return await fetchImpl(input, init);
    } finally {
      done();
    }
  };
}
