// @vitest-environment happy-dom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Skeleton, SkeletonText } from "./Skeleton";

describe("Skeleton", () => {
  it("is hidden from screen readers and takes a size", () => {
    const { container } = render(<Skeleton width={120} height={16} />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.getAttribute("aria-hidden")).toBe("true");
    expect(block.style.width).toBe("120px");
  });
  it("draws lines of text, the last shorter", () => {
    const { container } = render(<SkeletonText lines={3} />);
    const lines = container.querySelectorAll<HTMLElement>("span > span");
    expect(lines).toHaveLength(3);
    expect(lines[2]?.style.width).toBe("60%");
  });
});
