// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { Icon } from "../icon/Icon";
import { TextField } from "./TextField";

describe("TextField", () => {
  it("is a labelled text box that takes typing", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField label="School name" onChange={onChange} />);
    const input = screen.getByRole("textbox", { name: "School name" });
    await user.type(input, "Sunrise");
    expect((input as HTMLInputElement).value).toBe("Sunrise");
    expect(onChange).toHaveBeenCalledTimes(7);
  });

  it("marks an error and describes the field with it", () => {
    render(<TextField label="Mobile" hint="10 digits" error="Enter 10 digits" />);
    const input = screen.getByRole("textbox", { name: "Mobile" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["10 digits", "Enter 10 digits"]);
  });

  it("passes its ref to the input (react-hook-form register works)", () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="City" ref={ref} defaultValue="Pune" />);
    expect(ref.current?.value).toBe("Pune");
  });

  it("keeps a hidden label for screen readers and shows a decorative icon", () => {
    render(<TextField label="Search students" hideLabel icon={<Icon name="search" size={18} />} type="search" />);
    expect(screen.getByRole("searchbox", { name: "Search students" })).toBeTruthy();
  });
});
