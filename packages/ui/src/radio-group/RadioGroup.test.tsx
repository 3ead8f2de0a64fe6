// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { RadioGroup } from "./RadioGroup";

const options = [
  { value: "1", label: "Level 1" },
  { value: "2", label: "Level 2" },
  { value: "mock", label: "Mock", description: "Practice papers, never ranked" },
];

describe("RadioGroup", () => {
  it("is a group named by its legend, one choice at a time", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RadioGroup legend="Exam" name="exam" options={options} defaultValue="1" onChange={onChange} />);
    expect(screen.getByRole("group", { name: "Exam" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Level 1" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: /Mock/ }));
    expect(onChange).toHaveBeenLastCalledWith("mock", expect.anything());
    expect((screen.getByRole("radio", { name: "Level 1" }) as HTMLInputElement).checked).toBe(false);
  });

  // Arrow keys are the browser's own radio behaviour (jsdom lacks it; the story's play function
  // checks it in Chromium): it needs one shared name and a single tab stop.
  it("shares one name so the browser gives arrow-key navigation", () => {
    render(<RadioGroup legend="Exam" name="exam2" options={options} defaultValue="1" />);
    const names = screen.getAllByRole("radio").map((radio) => radio.getAttribute("name"));
    expect(new Set(names)).toEqual(new Set(["exam2"]));
  });

  it("is controlled and shows an error", () => {
    render(
      <RadioGroup legend="Exam" name="exam3" options={options} value="2" onChange={() => {}} error="Choose an exam" />,
    );
    expect((screen.getByRole("radio", { name: "Level 2" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("group", { name: "Exam" }).getAttribute("aria-describedby")).toBe(
      screen.getByText("Choose an exam").id,
    );
  });
});
