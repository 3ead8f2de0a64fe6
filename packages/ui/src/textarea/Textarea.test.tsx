// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Textarea } from "./Textarea";

describe("Textarea", () => {
  it("is a labelled multi-line box with a live character count", async () => {
    const user = userEvent.setup();
    render(<Textarea label="Message" maxLength={100} showCount />);
    const box = screen.getByRole("textbox", { name: "Message" });
    expect(screen.getByText("0 / 100")).toBeTruthy();
    await user.type(box, "Hello{Enter}school");
    expect((box as HTMLTextAreaElement).value).toBe("Hello\nschool");
    expect(screen.getByText("12 / 100")).toBeTruthy();
  });

  it("shows an error", () => {
    render(<Textarea label="Reason" error="Give a reason" />);
    expect(screen.getByRole("textbox", { name: "Reason" }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Give a reason")).toBeTruthy();
  });
});
