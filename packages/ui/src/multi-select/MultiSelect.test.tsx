// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { MultiSelect } from "./MultiSelect";

const states = ["Maharashtra", "Gujarat", "Tamil Nadu", "Odisha", "Kerala"].map((label, index) => ({
  value: String(index + 1),
  label,
}));

describe("MultiSelect", () => {
  it("opens a searchable list and ticks options by keyboard", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <MultiSelect label="States" placeholder="All states" options={states} onChange={onChange} name="state_ids" />,
    );
    const trigger = screen.getByRole("button", { name: /States/ });
    expect(trigger.textContent).toContain("All states");
    await user.click(trigger);
    const search = screen.getByRole("combobox", { name: "Search" });
    expect(document.activeElement).toBe(search);
    await user.type(search, "ra");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Maharashtra",
      "Gujarat",
      "Kerala",
    ]);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(["2"]);
    expect(screen.getByRole("option", { name: "Gujarat" }).getAttribute("aria-selected")).toBe("true");
    expect(search.getAttribute("aria-activedescendant")).toBe(screen.getByRole("option", { name: "Gujarat" }).id);
  });

  it("selects all shown options, clears, and submits hidden values", async () => {
    const user = userEvent.setup();
    const { container } = render(<MultiSelect label="States" options={states} name="state_ids" />);
    await user.click(screen.getByRole("button", { name: /States/ }));
    await user.click(screen.getByRole("button", { name: "Select all" }));
    expect([...container.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((input) => input.value)).toEqual(
      ["1", "2", "3", "4", "5"],
    );
    expect(screen.getByRole("button", { name: /States/ }).textContent).toContain("Maharashtra +4");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(container.querySelectorAll("input[type=hidden]")).toHaveLength(0);
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("closes on Escape with focus back on the button", async () => {
    const user = userEvent.setup();
    render(<MultiSelect label="Districts" options={states} />);
    const trigger = screen.getByRole("button", { name: /Districts/ });
    await user.click(trigger);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});
