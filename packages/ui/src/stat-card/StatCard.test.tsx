// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { StatCard } from "./StatCard";

describe("StatCard", () => {
  it("pairs the label with the value as a term and its description", () => {
    render(<StatCard label="Students registered" value="12,480" icon="users" />);
    const term = screen.getByRole("term");
    const definition = screen.getByRole("definition");
    expect(term.textContent).toBe("Students registered");
    expect(definition.textContent).toBe("12,480");
  });

  it("reads the trend in words, the arrow badge being visual only", () => {
    render(
      <StatCard
        label="Fees collected"
        value="₹ 18.6 L"
        trend={{ value: "8%", direction: "down", label: "since last week" }}
      />,
    );
    expect(screen.getByRole("definition").textContent).toBe("₹ 18.6 L, down 8% since last week");
    const badge = screen.getByText("8%");
    expect(badge.closest("[aria-hidden=true]")).not.toBeNull();
  });
});
