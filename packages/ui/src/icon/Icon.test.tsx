// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Icon, iconPaths, isIconName } from "./Icon";

describe("Icon", () => {
  it("is decorative (hidden) without a label", () => {
    const { container } = render(<Icon name="home" />);
    const svg = container.querySelector("svg");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.getAttribute("focusable")).toBe("false");
  });

  it("is an image named by its label", () => {
    render(<Icon name="warning" label="Warning" />);
    expect(screen.getByRole("img", { name: "Warning" })).toBeTruthy();
  });

  it("marks direction-bound icons for mirroring in right-to-left layouts", () => {
    const { container } = render(
      <>
        <Icon name="chevron-right" />
        <Icon name="home" />
      </>,
    );
    const [chevron, home] = container.querySelectorAll("svg");
    expect(chevron?.hasAttribute("data-directional")).toBe(true);
    expect(home?.hasAttribute("data-directional")).toBe(false);
  });

  it("knows its names (menus may name icons in JSON)", () => {
    expect(isIconName("users")).toBe(true);
    expect(isIconName("toString")).toBe(false);
    expect(isIconName(3)).toBe(false);
    for (const path of Object.values(iconPaths)) expect(path).toMatch(/^[Mm]/);
  });
});
