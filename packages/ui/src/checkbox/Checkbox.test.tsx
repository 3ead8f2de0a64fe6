// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { Checkbox } from "./Checkbox";

describe("Checkbox", () => {
  it("is a native checkbox named by its label, toggled by click and Space", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Send receipts by e-mail" description="To the school's address" onChange={onChange} />);
    const box = screen.getByRole("checkbox", { name: /Send receipts by e-mail/ }) as HTMLInputElement;
    await user.click(screen.getByText("Send receipts by e-mail"));
    expect(box.checked).toBe(true);
    box.focus();
    await user.keyboard(" ");
    expect(box.checked).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("shows the mixed state", () => {
    render(<Checkbox aria-label="Select all rows" indeterminate />);
    expect((screen.getByRole("checkbox", { name: "Select all rows" }) as HTMLInputElement).indeterminate).toBe(true);
  });

  it("can be disabled", () => {
    render(<Checkbox label="Locked" disabled />);
    expect((screen.getByRole("checkbox", { name: "Locked" }) as HTMLInputElement).disabled).toBe(true);
  });
});
