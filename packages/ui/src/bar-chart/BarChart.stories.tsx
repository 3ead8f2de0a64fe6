import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { BarChart } from "./BarChart";

const meta = {
  title: "Charts/BarChart",
  component: BarChart,
  args: {
    title: "Students by class",
    description: "Level 1, this year",
    indexBy: "class",
    indexLabel: "Class",
    keys: ["Registered", "Paid"],
    data: [
      { class: "VI", Registered: 420, Paid: 380 },
      { class: "VII", Registered: 510, Paid: 455 },
      { class: "VIII", Registered: 640, Paid: 601 },
      { class: "IX", Registered: 580, Paid: 520 },
      { class: "X", Registered: 470, Paid: 410 },
      { class: "XI", Registered: 300, Paid: 262 },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Grouped: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector("svg rect")).not.toBeNull(), { timeout: 10_000 });
  },
};
export const Horizontal: Story = {
  args: {
    title: "Schools by district",
    indexBy: "district",
    indexLabel: "District",
    keys: ["Schools"],
    layout: "horizontal",
    data: [
      { district: "Pune", Schools: 182 },
      { district: "Nashik", Schools: 121 },
      { district: "Nagpur", Schools: 143 },
      { district: "Thane", Schools: 96 },
    ],
  },
};
