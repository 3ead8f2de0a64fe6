// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { createReadiness } from "../shell/preloader";
import { Preloader, usePreloaderPhase } from "./Preloader";

afterEach(() => vi.useRealTimers());

function AppPreloader({ readiness }: { readiness: ReturnType<typeof createReadiness> }) {
  return <Preloader phase={usePreloaderPhase(readiness)} />;
}

describe("Preloader", () => {
  it("announces the wait, fades, then is removed 350 ms after the app is ready", () => {
    vi.useFakeTimers();
    const readiness = createReadiness();
    const { container } = render(<AppPreloader readiness={readiness} />);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-busy")).toBe("true");
    expect(status.textContent).toContain("Loading the portal");
    act(() => {
      readiness.markHydrated();
      readiness.markFirstNavigationDone();
      readiness.markWindowLoaded();
    });
    // Fading out: already hidden from assistive technology.
    expect(screen.getByRole("status", { hidden: true }).dataset.phase).toBe("hiding");
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(container.innerHTML).toBe("");
  });
});
