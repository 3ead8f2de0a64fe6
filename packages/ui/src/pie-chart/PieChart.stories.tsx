import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { PieChart } from "./PieChart";

const meta = {
  title: "Charts/PieChart",
  component: PieChart,
  args: {
    title: "Students by fee status",
    categoryLabel: "Status",
    data: [
      { id: "paid", label: "Paid", value: 9840 },
      { id: "unpaid", label: "Unpaid", value: 1205 },
      { id: "waived", label: "Waived", value: 310 },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof PieChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Donut: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector("svg path")).not.toBeNull(), { timeout: 10_000 });
  },
};
export const Pie: Story = {
  args: {
    donut: false,
    title: "Question languages",
    categoryLabel: "Language",
    data: [
      { id: "en", label: "English", value: 5200 },
      { id: "hi", label: "Hindi", value: 3100 },
      { id: "mr", label: "Marathi", value: 1900 },
      { id: "ta", label: "Tamil", value: 800 },
      { id: "ur", label: "Urdu", value: 240 },
    ],
  },
};
