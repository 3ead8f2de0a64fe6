// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Badge } from "./Badge";

afterEach(cleanup);

describe("Badge", () => {
  it("renders its text in a span with the primary tone by default", () => {
    render(<Badge>Paid</Badge>);
    const badge = screen.getByText("Paid");
    expect(badge.tagName).toBe("SPAN");
    expect(badge.className).toMatch(/tone-primary/);
  });

  it("takes the danger tone", () => {
    render(<Badge tone="danger">Unpaid</Badge>);
    expect(screen.getByText("Unpaid").className).toMatch(/tone-danger/);
  });
});
