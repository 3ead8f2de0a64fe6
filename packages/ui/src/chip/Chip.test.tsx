// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { computedStyle, hexToRgb } from "../../test/style";
import { colors } from "../theme/tokens";
import { Chip } from "./Chip";

function RouterLink({ to, children, ...props }: { to: string; children: string; className?: string }) {
  return (
    <a href={`#${to}`} {...props}>
      {children}
    </a>
  );
}

describe("Chip", () => {
  it("is a button by default, and a router's link through asChild", () => {
    render(
      <>
        <Chip aria-pressed={false}>Wrong answers</Chip>
        <Chip asChild>
          <RouterLink to="/results/level-2">Level 2</RouterLink>
        </Chip>
      </>,
    );
    const button = screen.getByRole("button", { name: "Wrong answers" });
    expect(button.getAttribute("type")).toBe("button");
    expect(screen.getByRole("link", { name: "Level 2" }).getAttribute("href")).toBe("#/results/level-2");
  });

  it("marks the chosen one of a set (the page shown, a filter turned on) in the primary tint", () => {
    render(
      <>
        <Chip aria-pressed>All</Chip>
        <Chip asChild aria-current="page">
          <RouterLink to="/level-1">Level 1</RouterLink>
        </Chip>
        <Chip aria-pressed={false}>Blank</Chip>
      </>,
    );
    for (const chosen of [screen.getByRole("button", { name: "All" }), screen.getByRole("link", { name: "Level 1" })]) {
      expect(computedStyle(chosen, "background-color")).toBe(hexToRgb(colors.primaryLight));
      expect(computedStyle(chosen, "color")).toBe(hexToRgb(colors.primaryText));
    }
    expect(computedStyle(screen.getByRole("button", { name: "Blank" }), "background-color")).toBe(
      hexToRgb(colors.surface),
    );
  });

  it("shows a state in its tone, a missing one dashed", () => {
    render(
      <>
        <Chip asChild tone="success">
          <span>Hindi done</span>
        </Chip>
        <Chip asChild tone="missing">
          <span>Urdu missing</span>
        </Chip>
      </>,
    );
    expect(computedStyle(screen.getByText("Hindi done"), "color")).toBe(hexToRgb(colors.successText));
    expect(computedStyle(screen.getByText("Urdu missing"), "border-top-style")).toBe("dashed");
  });
});
