import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Stack } from "../stack/Stack";
import { Chip } from "./Chip";

const meta = { title: "Components/Chip", component: Chip } satisfies Meta<typeof Chip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Links to a set of pages; the page shown is marked with aria-current. */
export const Links: Story = {
  render: () => (
    <nav aria-label="Levels">
      <Stack element="ul" direction="row" gap={2}>
        {["Level 1", "Level 2", "Mock"].map((level) => (
          <li key={level}>
            <Chip asChild aria-current={level === "Level 2" ? "page" : undefined}>
              <a href={`#${level}`}>{level}</a>
            </Chip>
          </li>
        ))}
      </Stack>
    </nav>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const current = canvas.getByRole("link", { name: "Level 2" });
    const other = canvas.getByRole("link", { name: "Level 1" });
    await expect(getComputedStyle(current).backgroundColor).not.toBe(getComputedStyle(other).backgroundColor);
    // The keyboard focus ring is drawn (the kit's ring, 2 px).
    await userEvent.tab();
    await expect(other).toHaveFocus();
    await expect(getComputedStyle(other).outlineWidth).toBe("2px");
  },
};

function Filters() {
  const [show, setShow] = useState("all");
  return (
    <Stack direction="row" gap={2} role="group" aria-label="Show">
      {["all", "wrong", "blank"].map((code) => (
        <Chip key={code} aria-pressed={show === code} onClick={() => setShow(code)}>
          {code}
        </Chip>
      ))}
    </Stack>
  );
}

/** Toggle filters: the one turned on is pressed. */
export const Toggles: Story = {
  render: () => <Filters />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "wrong" }));
    await expect(canvas.getByRole("button", { name: "wrong" })).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getByRole("button", { name: "all" })).toHaveAttribute("aria-pressed", "false");
  },
};

/** States in their tones (translations of a question). */
export const Tones: Story = {
  render: () => (
    <Stack element="ul" direction="row" gap={2} aria-label="Translations">
      <Chip asChild tone="missing">
        <li>Urdu: missing</li>
      </Chip>
      <Chip asChild tone="info">
        <li>Hindi: draft</li>
      </Chip>
      <Chip asChild tone="success">
        <li>Tamil: done</li>
      </Chip>
      <Chip asChild tone="danger">
        <li>Bengali: out of date</li>
      </Chip>
    </Stack>
  ),
};
