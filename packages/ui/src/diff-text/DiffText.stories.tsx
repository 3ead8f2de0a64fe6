import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";
import { DiffText } from "./DiffText";

const meta = { title: "Components/DiffText", component: DiffText } satisfies Meta<typeof DiffText>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A question's text between two versions: one word removed, one added. */
export const Changed: Story = {
  args: {
    children: (
      <>
        Which of these is the{" "}
        <del>
          <VisuallyHidden>[removed: </VisuallyHidden>SI<VisuallyHidden>]</VisuallyHidden>
        </del>{" "}
        <ins>
          <VisuallyHidden>[added: </VisuallyHidden>standard<VisuallyHidden>]</VisuallyHidden>
        </ins>{" "}
        unit of force?
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const root = canvasElement;
    // Marked without colour too: struck through and underlined.
    await expect(getComputedStyle(root.querySelector("del") as HTMLElement).textDecorationLine).toBe("line-through");
    await expect(getComputedStyle(root.querySelector("ins") as HTMLElement).textDecorationLine).toBe("underline");
    await expect(within(root).getByText(/added:/)).toBeInTheDocument();
  },
};
