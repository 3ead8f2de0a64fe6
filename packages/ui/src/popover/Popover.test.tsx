// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Popover } from "./Popover";

function Example() {
  return (
    <>
      <Popover label="Filter options" trigger={<button type="button">Filter</button>}>
        {(close) => (
          <div>
            <label>
              District <input />
            </label>
            <button type="button" onClick={close}>
              Done
            </button>
          </div>
        )}
      </Popover>
      <button type="button">Outside</button>
    </>
  );
}

describe("Popover", () => {
  it("tells its state on the trigger and moves focus into the panel", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole("button", { name: "Filter" });
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    await user.click(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    const panel = screen.getByRole("dialog", { name: "Filter options" });
    expect(trigger.getAttribute("aria-controls")).toBe(panel.id);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "District" }));
  });

  it("closes on Escape with focus back on the trigger", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Filter" }));
  });

  it("closes on an outside click, on tabbing away and from inside", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole("button", { name: "Filter" });
    await user.click(trigger);
    await user.click(screen.getByRole("button", { name: "Outside" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(trigger);
    await user.tab();
    await user.tab();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(trigger);
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
