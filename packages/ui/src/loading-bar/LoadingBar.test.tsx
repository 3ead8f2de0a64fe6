// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { createLoadingTracker } from "../shell/loading";
import { LoadingBar, useLoadingTracker } from "./LoadingBar";

function TrackedBar({ tracker }: { tracker: ReturnType<typeof createLoadingTracker> }) {
  return <LoadingBar visible={useLoadingTracker(tracker)} />;
}

describe("LoadingBar", () => {
  it("is a progress bar only while loading", () => {
    const { rerender } = render(<LoadingBar visible={false} />);
    expect(screen.queryByRole("progressbar")).toBeNull();
    rerender(<LoadingBar visible label="Loading page" />);
    expect(screen.getByRole("progressbar", { name: "Loading page" })).toBeTruthy();
  });

  it("follows a tracker: navigation and counted requests", () => {
    const tracker = createLoadingTracker();
    render(<TrackedBar tracker={tracker} />);
    act(() => tracker.navigationStarted());
    expect(screen.getByRole("progressbar")).toBeTruthy();
    let done = () => {};
    act(() => {
      tracker.navigationEnded("done");
      done = tracker.requestStarted("/api/schools");
    });
    expect(screen.getByRole("progressbar")).toBeTruthy();
    act(() => done());
    expect(screen.queryByRole("progressbar")).toBeNull();
    act(() => {
      tracker.requestStarted("/api/notifications/stream");
    });
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
