// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { computedStyle } from "../../test/style";
import { VisuallyHidden } from "./VisuallyHidden";

describe("VisuallyHidden", () => {
  it("keeps text in the accessibility tree", () => {
    render(
      <button type="button">
        <span aria-hidden>×</span>
        <VisuallyHidden>Close</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  });

  it("takes the text out of the page: a clipped 1 px box, out of the flow, on one line", () => {
    render(<VisuallyHidden>Close</VisuallyHidden>);
    const text = screen.getByText("Close");
    expect(text.tagName).toBe("SPAN");
    expect(computedStyle(text, "position")).toBe("absolute");
    expect(computedStyle(text, "width")).toBe("1px");
    expect(computedStyle(text, "height")).toBe("1px");
    expect(computedStyle(text, "overflow")).toBe("hidden");
    expect(computedStyle(text, "clip")).toBe("rect(0px, 0px, 0px, 0px)");
    expect(computedStyle(text, "white-space")).toBe("nowrap");
  });

  it("passes its ref to the span", () => {
    const ref = createRef<HTMLSpanElement>();
    render(<VisuallyHidden ref={ref}>Close</VisuallyHidden>);
    expect(ref.current).toBe(screen.getByText("Close"));
  });
});
