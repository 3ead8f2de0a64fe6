// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { RouteTransition } from "./RouteTransition";

const pairs = [["level1-dashboard", "level1-questions"]] as const;

describe("RouteTransition", () => {
  it("does not animate the first render, slides between paired pages and fades otherwise", () => {
    const { rerender } = render(
      <RouteTransition routeKey="/a" pageName="level1-dashboard" slidePairs={pairs}>
        <p>Dashboard</p>
      </RouteTransition>,
    );
    const stage = () => screen.getByText(/./).parentElement as HTMLElement;
    expect(stage().dataset.kind).toBe("none");
    rerender(
      <RouteTransition routeKey="/b" pageName="level1-questions" slidePairs={pairs}>
        <p>Questions</p>
      </RouteTransition>,
    );
    expect(stage().dataset.kind).toBe("slide");
    expect(stage().dataset.direction).toBe("forward");
    expect(stage().style.animationDuration).toBe("300ms");
    rerender(
      <RouteTransition routeKey="/c" pageName="mock-dashboard" slidePairs={pairs}>
        <p>Mock</p>
      </RouteTransition>,
    );
    expect(stage().dataset.kind).toBe("fade");
    expect(stage().style.animationDuration).toBe("200ms");
  });

  it("stays still when the user prefers reduced motion", () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes("reduce") });
    const { rerender } = render(
      <RouteTransition routeKey="/a">
        <p>A</p>
      </RouteTransition>,
    );
    rerender(
      <RouteTransition routeKey="/b">
        <p>B</p>
      </RouteTransition>,
    );
    expect((screen.getByText("B").parentElement as HTMLElement).dataset.kind).toBe("none");
    window.matchMedia = original;
  });
});
