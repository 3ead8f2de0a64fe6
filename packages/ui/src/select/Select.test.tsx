// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { Select } from "./Select";

const options = [
  { value: "1", label: "Class VI" },
  { value: "2", label: "Class VII" },
  { value: "3", label: "Class VIII", disabled: true },
];

describe("Select", () => {
  it("is a labelled native list box with a placeholder choice", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Class" placeholder="Select a class" options={options} onChange={onChange} />);
    const select = screen.getByRole("combobox", { name: "Class" }) as HTMLSelectElement;
    expect(select.value).toBe("");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Select a class",
      "Class VI",
      "Class VII",
      "Class VIII",
    ]);
    await user.selectOptions(select, "2");
    expect(select.value).toBe("2");
    expect(onChange).toHaveBeenCalledOnce();
    expect((screen.getByRole("option", { name: "Class VIII" }) as HTMLOptionElement).disabled).toBe(true);
  });

  it("shows an error", () => {
    render(<Select label="State" options={options} error="Choose a state" />);
    expect(screen.getByRole("combobox", { name: "State" }).getAttribute("aria-invalid")).toBe("true");
  });
});
