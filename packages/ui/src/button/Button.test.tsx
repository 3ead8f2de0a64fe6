// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { computedStyle, hexToRgb } from "../../test/style";
import { colors } from "../theme/tokens";
import { Button } from "./Button";

describe("Button", () => {
  it("is a real button that defaults to type=button and reports clicks", () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Create</Button>);
    const button = screen.getByRole("button", { name: "Create" });
    expect(button.getAttribute("type")).toBe("button");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("does not report clicks while disabled", () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it("fills the primary variant (the default) with the brand green #50CD89", () => {
    render(<Button>Go</Button>);
    // In the light theme; the Primary story checks the same in Chromium.
    expect(computedStyle(screen.getByRole("button", { name: "Go" }), "background-color")).toBe("rgb(80, 205, 137)");
  });

  it("gives the other variants their own look", () => {
    render(
      <>
        <Button variant="secondary">Cancel</Button>
        <Button variant="danger">Delete</Button>
      </>,
    );
    expect(computedStyle(screen.getByRole("button", { name: "Cancel" }), "background-color")).toBe(
      hexToRgb(colors.gray200),
    );
    expect(computedStyle(screen.getByRole("button", { name: "Delete" }), "background-color")).toBe(
      hexToRgb(colors.dangerSolid),
    );
  });

  it("works from the keyboard (Enter and Space)", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Export</Button>);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Export" }));
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it("while loading stays focusable, says it is busy and ignores clicks (no form submit)", () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const onClick = vi.fn();
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button type="submit" loading onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.hasAttribute("disabled")).toBe(false);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("renders its child with the button look (asChild)", () => {
    render(
      <Button asChild>
        <a href="/new">New school</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "New school" });
    expect(link.getAttribute("href")).toBe("/new");
    expect(computedStyle(link, "display")).toBe("inline-flex");
    expect(computedStyle(link, "background-color")).toBe("rgb(80, 205, 137)");
  });
});
