/**
 * Readiness of the page preloader: it hides once the app is
 * hydrated, the first navigation is done, the window has loaded, no counted request is pending
 * and every custom gate is done, or after 20 s whatever happens; it is removed ~350 ms later.
 */
export const PRELOADER_TIMEOUT_MS = 20_000;
export const PRELOADER_REMOVE_DELAY_MS = 350;

export type PreloaderPhase = "visible" | "hiding" | "removed";

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReadinessOptions {
  /** Names of app-specific gates (e.g. "fonts", "translations") that must complete too. */
  gates?: readonly string[];
  timeoutMs?: number;
  removeDelayMs?: number;
  timers?: Timers;
}

export interface Readiness {
  markHydrated(): void;
  markFirstNavigationDone(): void;
  markWindowLoaded(): void;
  setPendingRequests(count: number): void;
  completeGate(name: string): void;
  readonly phase: PreloaderPhase;
  /** Why the preloader went: everything ready, or the 20 s fallback. */
  readonly reason: "ready" | "timeout" | null;
  subscribe(listener: (phase: PreloaderPhase) => void): () => void;
  /** Stops the timers (on unmount). */
  dispose(): void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export function createReadiness({
  gates = [],
  timeoutMs = PRELOADER_TIMEOUT_MS,
  removeDelayMs = PRELOADER_REMOVE_DELAY_MS,
  timers = defaultTimers,
}: ReadinessOptions = {}): Readiness {
  const state = { hydrated: false, navigated: false, loaded: false, pending: 0 };
  const openGates = new Set(gates);
  let phase: PreloaderPhase = "visible";
  let reason: Readiness["reason"] = null;
  let removeTimer: unknown = null;
  const listeners = new Set<(phase: PreloaderPhase) => void>();

  const setPhase = (next: PreloaderPhase) => {
    phase = next;
    for (const listener of listeners) listener(phase);
  };
  const hide = (why: "ready" | "timeout") => {
    if (phase !== "visible") return;
    timers.clearTimeout(fallback);
    reason = why;
    setPhase("hiding");
    removeTimer = timers.setTimeout(() => setPhase("removed"), removeDelayMs);
  };
  const check = () => {
    if (state.hydrated && state.navigated && state.loaded && state.pending === 0 && openGates.size === 0) {
      hide("ready");
    }
  };
  const fallback = timers.setTimeout(() => hide("timeout"), timeoutMs);

  return {
    markHydrated() {
      state.hydrated = true;
      check();
    },
    markFirstNavigationDone() {
      state.navigated = true;
      check();
    },
    markWindowLoaded() {
      state.loaded = true;
      check();
    },
    setPendingRequests(count) {
      state.pending = Math.max(0, count);
      check();
    },
    completeGate(name) {
      openGates.delete(name);
      check();
    },
    get phase() {
      return phase;
    },
    get reason() {
      return reason;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      timers.clearTimeout(fallback);
      if (removeTimer !== null) timers.clearTimeout(removeTimer);
      listeners.clear();
    },
  };
}
