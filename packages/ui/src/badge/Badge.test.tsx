// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { getCssText } from "../theme/stitches";
import { Badge } from "./Badge";

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

  it("writes the primary tone in the brand green #50CD89", () => {
    render(<Badge>Active</Badge>);
    expect(getCssText()).toMatch(/[^-]color:\s*var\(--colors-primary\)/);
  });

  it.each(["success", "neutral", "warning", "info"] as const)("takes the %s tone", (tone) => {
    render(<Badge tone={tone}>{tone}</Badge>);
    expect(screen.getByText(tone).className).toMatch(new RegExp(`tone-${tone}`));
  });
});
