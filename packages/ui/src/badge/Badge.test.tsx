// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { computedStyle, hexToRgb } from "../../test/style";
import { colors } from "../theme/tokens";
import { Badge, type BadgeTone } from "./Badge";

/** Text and surface tokens of each tone. */
const tones: Record<BadgeTone, [text: keyof typeof colors, surface: keyof typeof colors]> = {
  primary: ["primary", "primaryDeep"],
  success: ["successText", "successLight"],
  neutral: ["gray700", "gray200"],
  danger: ["dangerText", "dangerLight"],
  warning: ["warningText", "warningLight"],
  info: ["infoText", "infoLight"],
};

describe("Badge", () => {
  it("renders its text in a span with the primary tone by default", () => {
    render(<Badge>Paid</Badge>);
    const badge = screen.getByText("Paid");
    expect(badge.tagName).toBe("SPAN");
    expect(computedStyle(badge, "background-color")).toBe(hexToRgb(colors.primaryDeep));
  });

  it("writes the primary tone in the brand green #50CD89", () => {
    render(<Badge>Active</Badge>);
    expect(computedStyle(screen.getByText("Active"), "color")).toBe("rgb(80, 205, 137)");
  });

  it.each(Object.entries(tones))("takes the %s tone", (tone, [text, surface]) => {
    render(<Badge tone={tone as BadgeTone}>{tone}</Badge>);
    const badge = screen.getByText(tone);
    expect(computedStyle(badge, "color")).toBe(hexToRgb(colors[text]));
    expect(computedStyle(badge, "background-color")).toBe(hexToRgb(colors[surface]));
  });
});
