import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { VisuallyHidden } from "./VisuallyHidden";

const meta = { title: "Foundations/VisuallyHidden", component: VisuallyHidden } satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The button reads "Download receipt for order 1042"; sighted users see "Download". */
export const ExtraContext: Story = {
  render: () => (
    <button type="button">
      Download<VisuallyHidden> receipt for order 1042</VisuallyHidden>
    </button>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Download receipt for order 1042" })).toBeVisible();
    // Read, never painted: a clipped 1 × 1 px box out of the flow.
    const hidden = canvas.getByText("receipt for order 1042");
    const style = getComputedStyle(hidden);
    await expect(style.position).toBe("absolute");
    await expect(style.overflow).toBe("hidden");
    await expect(style.clip).toBe("rect(0px, 0px, 0px, 0px)");
    const box = hidden.getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([1, 1]);
  },
};
