// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";

// The chart library loads lazily; on a busy 2-core machine that can take longer than the default second.
const LAZY = { timeout: 10_000 };

import { LineChart } from "./LineChart";

describe("LineChart", () => {
  it("names the picture and tabulates every series by x", async () => {
    render(
      <LineChart
        title="Registrations"
        xLabel="Week"
        series={[
          {
            id: "Students",
            data: [
              { x: "W1", y: 120 },
              { x: "W2", y: 340 },
            ],
          },
          { id: "Schools", data: [{ x: "W1", y: 12 }] },
        ]}
      />,
    );
    expect(
      await screen.findByRole("img", { name: /Registrations\. Line chart of Students, Schools by week/ }, LAZY),
    ).toBeTruthy();
    const rows = within(screen.getByRole("table", { name: "Registrations: data" })).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual(["WeekStudentsSchools", "W112012", "W2340–"]);
  });
});
