import { describe, expect, it } from "vitest";
import { routeTransition } from "./transition";

const slidePairs = [["level1-dashboard", "level1-questions"]] as const;

describe("routeTransition", () => {
  it("slides for 300 ms between two named pages, forward and back", () => {
    expect(routeTransition({ from: "level1-dashboard", to: "level1-questions", slidePairs })).toEqual({
      kind: "slide",
      direction: "forward",
      durationMs: 300,
    });
    expect(routeTransition({ from: "level1-questions", to: "level1-dashboard", slidePairs })).toMatchObject({
      kind: "slide",
      direction: "back",
    });
  });
  it("fades for 200 ms otherwise", () => {
    expect(routeTransition({ from: "level1-dashboard", to: "mock-dashboard", slidePairs })).toEqual({
      kind: "fade",
      durationMs: 200,
    });
    expect(routeTransition({})).toEqual({ kind: "fade", durationMs: 200 });
  });
  it("does nothing on the first render or under reduced motion", () => {
    expect(routeTransition({ initial: true, from: "level1-dashboard", to: "level1-questions", slidePairs }).kind).toBe(
      "none",
    );
    expect(routeTransition({ reducedMotion: true, from: "a", to: "b" })).toEqual({ kind: "none", durationMs: 0 });
  });
});
