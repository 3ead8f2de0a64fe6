// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCssText } from "../theme/stitches";
import { Button } from "./Button";

afterEach(cleanup);

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
});
