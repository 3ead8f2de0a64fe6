import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Clamp } from "./Clamp";

const meta = { title: "Components/Clamp", component: Clamp } satisfies Meta<typeof Clamp>;
export default meta;
type Story = StoryObj<typeof meta>;

const long =
  "A long question's text in a list row: only its first three lines show, so every row of the list keeps a readable height, and the full text is one click away on the question's own page. ".repeat(
    4,
  );

/** A question's text in a list row, cut to three lines. */
export const ThreeLines: Story = {
  args: { children: <p>{long}</p> },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector("p")?.parentElement as HTMLElement;
    const lineHeight = Number.parseFloat(getComputedStyle(box).fontSize) * 1.7;
    await expect(box.getBoundingClientRect().height).toBeLessThanOrEqual(3 * lineHeight + 1);
  },
};
