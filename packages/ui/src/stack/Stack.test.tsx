// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { computedStyle } from "../../test/style";
import { space } from "../theme/tokens";
import { Stack } from "./Stack";

// The real geometry (children side by side, 8 px apart) is checked in Chromium by the stories'
// play functions; here the computed layout of the rendered element.
describe("Stack", () => {
  it("lays out its children in order, in a wrapping row with the token gap", () => {
    render(
      <Stack direction="row" gap={3} data-testid="stack">
        <span>one</span>
        <span>two</span>
      </Stack>,
    );
    const stack = screen.getByTestId("stack");
    expect(stack.textContent).toBe("onetwo");
    expect(computedStyle(stack, "display")).toBe("flex");
    expect(computedStyle(stack, "flex-direction")).toBe("row");
    expect(computedStyle(stack, "flex-wrap")).toBe("wrap");
    expect(computedStyle(stack, "gap")).toBe(space[3]);
  });

  it("is a column with the 16 px gap by default", () => {
    render(<Stack data-testid="stack" />);
    const stack = screen.getByTestId("stack");
    expect(computedStyle(stack, "flex-direction")).toBe("column");
    expect(computedStyle(stack, "gap")).toBe(space[4]);
  });

  it("keeps a row on one line with wrap={false} and aligns its children", () => {
    render(<Stack direction="row" wrap={false} align="center" justify="between" data-testid="stack" />);
    const stack = screen.getByTestId("stack");
    expect(computedStyle(stack, "flex-wrap")).toBe("nowrap");
    expect(computedStyle(stack, "align-items")).toBe("center");
    expect(computedStyle(stack, "justify-content")).toBe("space-between");
  });

  it("passes its ref to the div", () => {
    const ref = createRef<HTMLDivElement>();
    render(<Stack ref={ref} data-testid="stack" />);
    expect(ref.current).toBe(screen.getByTestId("stack"));
    expect(ref.current?.tagName).toBe("DIV");
  });
});
