// @vitest-environment happy-dom
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Tooltip } from "./Tooltip";

describe("Tooltip", () => {
  it("shows on keyboard focus, describes its trigger, and hides on Escape", async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Download the receipt as PDF" delayDuration={0}>
        <button type="button">Receipt</button>
      </Tooltip>,
    );
    await user.tab();
    const tip = await screen.findByRole("tooltip");
    expect(tip.textContent).toContain("Download the receipt as PDF");
    const button = screen.getByRole("button", { name: "Receipt" });
    expect(button.getAttribute("aria-describedby")).toBe(tip.id);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
  });
});
