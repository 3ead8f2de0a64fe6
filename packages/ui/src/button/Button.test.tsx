// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { getCssText } from "../theme/stitches";
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

  it("styles the primary variant with the primary token #50CD89", () => {
    render(<Button>Go</Button>);
    expect(getCssText()).toMatch(/--colors-primary:\s*#50CD89/i);
    expect(getCssText()).toMatch(/background-color:\s*var\(--colors-primary\)/);
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
    expect(link.className).toMatch(/variant-primary/);
  });
});
