// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { DateRangePicker } from "./DateRangePicker";

const today = new Date(2025, 2, 15);

describe("DateRangePicker", () => {
  it("applies a preset", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateRangePicker value={{}} onChange={onChange} today={today} label="Payment date" />);
    const trigger = screen.getByRole("button", { name: "Payment date: Select dates" });
    await user.click(trigger);
    expect(screen.getByRole("dialog", { name: "Payment date" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Last 7 days" }));
    expect(onChange).toHaveBeenCalledWith({ from: "2025-03-09", to: "2025-03-15" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("applies typed dates and refuses a reversed range", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateRangePicker value={{}} onChange={onChange} today={today} />);
    await user.click(screen.getByRole("button", { name: /Date range/ }));
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2025-03-20" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2025-03-10" } });
    expect(screen.getByText("The start date must not be after the end date.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2025-03-25" } });
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(onChange).toHaveBeenCalledWith({ from: "2025-03-20", to: "2025-03-25" });
  });

  it("shows the chosen range on its button and clears it", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateRangePicker value={{ from: "2025-04-01", to: "2025-04-30" }} onChange={onChange} />);
    const trigger = screen.getByRole("button", { name: "Date range: 1 Apr 2025 – 30 Apr 2025" });
    await user.click(trigger);
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenCalledWith({});
  });
});
