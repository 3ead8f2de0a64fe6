// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { PasswordField } from "./PasswordField";

describe("PasswordField", () => {
  it("hides the password until the show button is pressed", async () => {
    const user = userEvent.setup();
    render(<PasswordField label="New password" defaultValue="Demo@12345" />);
    const input = screen.getByLabelText("New password");
    expect(input.getAttribute("type")).toBe("password");
    const toggle = screen.getByRole("button", { name: "Show password", pressed: false });
    await user.click(toggle);
    expect(input.getAttribute("type")).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    await user.keyboard(" ");
    expect(input.getAttribute("type")).toBe("password");
  });

  it("keeps errors and autocomplete hints", () => {
    render(<PasswordField label="Password" autoComplete="new-password" error="Password is required" />);
    const input = screen.getByLabelText("Password");
    expect(input.getAttribute("autocomplete")).toBe("new-password");
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });
});
