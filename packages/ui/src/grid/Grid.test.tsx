// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Grid } from "./Grid";

describe("Grid", () => {
  it("can be a named group and sets its narrowest column", () => {
    render(
      <Grid role="group" aria-label="Summary" minItemWidth={180}>
        <div>a</div>
        <div>b</div>
      </Grid>,
    );
    const grid = screen.getByRole("group", { name: "Summary" });
    expect(grid.style.getPropertyValue("--grid-min")).toBe("180px");
    expect(grid.children).toHaveLength(2);
  });
});
