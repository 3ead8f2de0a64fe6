// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";

// The chart library loads lazily; on a busy 2-core machine that can take longer than the default second.
const LAZY = { timeout: 10_000 };

import { PieChart } from "./PieChart";

describe("PieChart", () => {
  it("names the picture and lists values with their shares", async () => {
    render(
      <PieChart
        title="Fee status"
        categoryLabel="Status"
        data={[
          { id: "paid", label: "Paid", value: 750 },
          { id: "unpaid", label: "Unpaid", value: 250 },
        ]}
      />,
    );
    expect(await screen.findByRole("img", { name: /Fee status\. Donut chart of 2 parts/ }, LAZY)).toBeTruthy();
    const rows = within(screen.getByRole("table", { name: "Fee status: data" })).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual(["StatusValueShare", "Paid75075.0%", "Unpaid25025.0%"]);
  });
});
