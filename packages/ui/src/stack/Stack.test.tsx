// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { computedStyle } from "../../test/style";
import { sizes, space } from "../theme/tokens";
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

  it("is a list without bullets as element=ul, or keeps its bullets with bullets", () => {
    render(
      <>
        <Stack element="ul" gap={2} aria-label="Schools">
          <li>Asha Vidyalaya</li>
        </Stack>
        <Stack element="ol" bullets aria-label="Steps">
          <li>Print</li>
        </Stack>
      </>,
    );
    const plain = screen.getByRole("list", { name: "Schools" });
    expect(plain.tagName).toBe("UL");
    expect(computedStyle(plain, "list-style")).toMatch(/none/);
    expect(computedStyle(plain, "padding-left")).toBe("0px");
    const numbered = screen.getByRole("list", { name: "Steps" });
    expect(numbered.tagName).toBe("OL");
    expect(computedStyle(numbered, "padding-inline-start")).toBe(space[5]);
  });

  it("groups fields as a fieldset without its frame, named by its legend", () => {
    render(
      <Stack element="fieldset" gap={3}>
        <legend>Sections</legend>
        <input aria-label="Section 1 name" />
      </Stack>,
    );
    const group = screen.getByRole("group", { name: "Sections" });
    expect(group.tagName).toBe("FIELDSET");
    expect(computedStyle(group, "border-top-width")).toMatch(/^0(px)?$/);
  });

  it("draws a rule between items and caps a lone field's width at the token", () => {
    render(
      <Stack dividers fieldWidth="short" data-testid="stack">
        <span>one</span>
        <span>two</span>
      </Stack>,
    );
    const stack = screen.getByTestId("stack");
    expect(computedStyle(stack, "max-width")).toBe(sizes.field);
    expect(computedStyle(screen.getByText("two"), "border-top-style")).toBe("solid");
    expect(computedStyle(screen.getByText("one"), "border-top-style")).not.toBe("solid");
  });
});
