import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Flipbook, type FlipbookSource } from "./Flipbook";

/** A drawn stand-in for a PDF: each page shows its number, so the story needs no file or worker. */
const sample = async (): Promise<FlipbookSource> => ({
  numPages: 6,
  aspectRatio: async () => 420 / 595,
  render: async (page, canvas, cssWidth) => {
    canvas.width = cssWidth;
    canvas.height = Math.round((cssWidth * 595) / 420);
    const context = canvas.getContext("2d");
    if (!context) return;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.strokeStyle = "#50CD89";
    context.lineWidth = 6;
    context.strokeRect(8, 8, canvas.width - 16, canvas.height - 16);
    context.fillStyle = "#1b5e3b";
    context.font = `bold ${Math.round(cssWidth / 3)}px sans-serif`;
    context.textAlign = "center";
    context.fillText(String(page), canvas.width / 2, canvas.height / 2);
  },
  destroy: () => undefined,
});

const meta = {
  title: "Components/Flipbook",
  component: Flipbook,
  args: { src: "sample.pdf", title: "VVM Brochure 2026", load: sample },
} satisfies Meta<typeof Flipbook>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Reading: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = await canvas.findByRole("button", { name: "Next" });
    await canvas.findByText(/of 6$/);
    await userEvent.click(next);
    await expect(canvas.getByText(/^Pages? [23]/)).toBeTruthy();
  },
};

export const CannotOpen: Story = {
  args: {
    load: async () => {
      throw new Error("Invalid PDF");
    },
    fallback: "This brochure could not be opened. Download it instead.",
  },
};
