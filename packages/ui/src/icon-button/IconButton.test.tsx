// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { IconButton } from "./IconButton";

describe("IconButton", () => {
  it("is named by its label, with the icon hidden from screen readers", () => {
    render(<IconButton icon="trash" label="Delete school" />);
    const button = screen.getByRole("button", { name: "Delete school" });
    expect(button.getAttribute("title")).toBe("Delete school");
    expect(button.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("is operable by keyboard", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<IconButton icon="edit" label="Edit" onClick={onClick} />);
    await user.tab();
    await user.keyboard("{Enter}");
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("reports a toggle state", () => {
    render(<IconButton icon="eye" label="Show password" aria-pressed />);
    expect(screen.getByRole("button", { name: "Show password", pressed: true })).toBeTruthy();
  });
});
