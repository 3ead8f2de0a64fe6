// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Stack } from "./Stack";

describe("Stack", () => {
  it("lays out its children in order, as a plain container", () => {
    render(
      <Stack direction="row" gap={3} data-testid="stack">
        <span>one</span>
        <span>two</span>
      </Stack>,
    );
    const stack = screen.getByTestId("stack");
    expect(stack.textContent).toBe("onetwo");
    expect(stack.className).toMatch(/direction-row/);
    expect(stack.className).toMatch(/gap-3/);
  });
});
