// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { ProgressBar } from "./ProgressBar";

describe("ProgressBar", () => {
  it("is a named progress bar with its value", () => {
    render(<ProgressBar label="Importing students" value={420} max={1000} valueText="420 of 1,000 rows" />);
    const bar = screen.getByRole("progressbar", { name: "Importing students" });
    expect(bar.getAttribute("aria-valuenow")).toBe("420");
    expect(bar.getAttribute("aria-valuemax")).toBe("1000");
    expect(bar.getAttribute("aria-valuetext")).toBe("420 of 1,000 rows");
  });
  it("shows a percentage by default and clamps the value", () => {
    render(<ProgressBar label="Upload" value={140} />);
    const bar = screen.getByRole("progressbar", { name: "Upload" });
    expect(bar.getAttribute("aria-valuenow")).toBe("100");
    expect(bar.getAttribute("aria-valuetext")).toBe("100%");
  });
  it("is indeterminate without a value", () => {
    render(<ProgressBar label="Preparing export" />);
    const bar = screen.getByRole("progressbar", { name: "Preparing export" });
    expect(bar.hasAttribute("aria-valuenow")).toBe(false);
  });
});
