import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Embed } from "./Embed";

const meta = { title: "Components/Embed", component: Embed } satisfies Meta<typeof Embed>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A player's frame, 16:9, its iframe edge to edge (here an empty page: no video site is contacted). */
export const Player: Story = {
  args: { children: <iframe title="Video: Force and motion" src="about:blank" /> },
  play: async ({ canvasElement }) => {
    const frame = within(canvasElement).getByTitle("Video: Force and motion");
    const box = (frame.parentElement as HTMLElement).getBoundingClientRect();
    await expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    await expect(frame.getBoundingClientRect().width).toBeCloseTo(box.width, 0);
  },
};
