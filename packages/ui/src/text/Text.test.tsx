// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { computedStyle, hexToRgb } from "../../test/style";
import { colors } from "../theme/tokens";
import { Text, type TextTone } from "./Text";

const toneColour: Record<TextTone, keyof typeof colors> = {
  default: "text",
  muted: "textMuted",
  danger: "dangerText",
  success: "successText",
};

describe("Text", () => {
  it("is a paragraph without a margin, or a span when inline", () => {
    render(
      <>
        <Text>Signed out.</Text>
        <Text inline>Active</Text>
      </>,
    );
    const paragraph = screen.getByText("Signed out.");
    expect(paragraph.tagName).toBe("P");
    expect(computedStyle(paragraph, "margin-top")).toBe("0px");
    expect(screen.getByText("Active").tagName).toBe("SPAN");
  });

  it.each(Object.entries(toneColour))("writes the %s tone in its colour", (tone, token) => {
    render(<Text tone={tone as TextTone}>{tone}</Text>);
    expect(computedStyle(screen.getByText(tone), "color")).toBe(hexToRgb(colors[token]));
  });

  it("keeps line breaks of preformatted text", () => {
    render(<Text preformatted>{"Dear Asha,\n\nResults are out."}</Text>);
    expect(computedStyle(screen.getByText(/Dear Asha/), "white-space")).toBe("pre-wrap");
  });

  it("takes the kit's weights and sizes", () => {
    render(
      <Text weight="bold" size="xl">
        Asha Rao
      </Text>,
    );
    const text = screen.getByText("Asha Rao");
    expect(computedStyle(text, "font-weight")).toBe("700");
    expect(computedStyle(text, "font-size")).toBe("18px");
  });

  it("keeps a value on one line with nowrap, and is a semibold heading of its level with heading", () => {
    render(
      <>
        <Text nowrap>Roll 1204</Text>
        <Text heading={3}>Level 2</Text>
      </>,
    );
    expect(computedStyle(screen.getByText("Roll 1204"), "white-space")).toBe("nowrap");
    const heading = screen.getByRole("heading", { level: 3, name: "Level 2" });
    expect(computedStyle(heading, "font-weight")).toBe("600");
    expect(computedStyle(heading, "margin-top")).toBe("0px");
  });
});
