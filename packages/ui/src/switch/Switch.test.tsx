// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Switch } from "./Switch";

describe("Switch", () => {
  it("is announced as a switch and toggles with Space", async () => {
    const user = userEvent.setup();
    render(<Switch label="School active" />);
    const toggle = screen.getByRole("switch", { name: "School active" }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    toggle.focus();
    await user.keyboard(" ");
    expect(toggle.checked).toBe(true);
    await user.click(screen.getByText("School active"));
    expect(toggle.checked).toBe(false);
  });
});
