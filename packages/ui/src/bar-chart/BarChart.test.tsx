// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";

// The chart library loads lazily; on a busy 2-core machine that can take longer than the default second.
const LAZY = { timeout: 10_000 };

import { BarChart } from "./BarChart";

const data = [
  { class: "VI", Registered: 420, Paid: 380 },
  { class: "VII", Registered: 510, Paid: 455 },
];

describe("BarChart", () => {
  it("is a titled figure whose picture is named and whose data is a table", async () => {
    render(
      <BarChart
        title="Students by class"
        data={data}
        indexBy="class"
        keys={["Registered", "Paid"]}
        indexLabel="Class"
      />,
    );
    expect(screen.getByRole("figure", { name: "Students by class" })).toBeTruthy();
    const picture = await screen.findByRole(
      "img",
      { name: /Students by class\. Bar chart of Registered, Paid by class/ },
      LAZY,
    );
    expect(picture).toBeTruthy();
    const table = screen.getByRole("table", { name: "Students by class: data" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Class", "Registered", "Paid"]);
    expect(within(table).getAllByRole("row")[1]?.textContent).toBe("VI420380");
  });

  it("shows the table instead of the chart on request", async () => {
    const user = userEvent.setup();
    render(<BarChart title="Students by class" data={data} indexBy="class" keys={["Registered"]} />);
    const toggle = screen.getByRole("button", { name: "Show table" });
    await user.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("table")).toBeTruthy();
  });
});
