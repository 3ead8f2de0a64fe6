// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { Card } from "./Card";

describe("Card", () => {
  it("is a region named by its title heading", () => {
    render(<Card title="School profile">Details</Card>);
    const region = screen.getByRole("region", { name: "School profile" });
    expect(screen.getByRole("heading", { level: 2, name: "School profile" })).toBeTruthy();
    expect(region.textContent).toContain("Details");
  });

  it("keeps two cards with the same title apart", () => {
    render(
      <>
        <Card title="Summary">One</Card>
        <Card title="Summary">Two</Card>
      </>,
    );
    const regions = screen.getAllByRole("region", { name: "Summary" });
    expect(regions).toHaveLength(2);
    expect(regions[0]?.getAttribute("aria-labelledby")).not.toBe(regions[1]?.getAttribute("aria-labelledby"));
  });

  it("shows description, header actions and footer actions", () => {
    render(
      <Card
        title="Students"
        description="Last 7 days"
        headerActions={<button type="button">Export</button>}
        actions={<a href="#all">All students</a>}
        headingLevel={3}
      >
        List
      </Card>,
    );
    expect(screen.getByRole("heading", { level: 3, name: "Students" })).toBeTruthy();
    expect(screen.getByText("Last 7 days")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Export" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "All students" })).toBeTruthy();
  });
});
