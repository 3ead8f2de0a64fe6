import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { LineChart } from "./LineChart";

const weeks = ["1 Jul", "8 Jul", "15 Jul", "22 Jul", "29 Jul", "5 Aug", "12 Aug", "19 Aug"];
const meta = {
  title: "Charts/LineChart",
  component: LineChart,
  args: {
    title: "Registrations and payments",
    description: "Students per week",
    xLabel: "Week",
    series: [
      {
        id: "Registered",
        data: weeks.map((x, index) => ({ x, y: [120, 340, 610, 880, 1320, 1710, 1980, 2150][index] ?? 0 })),
      },
      {
        id: "Paid",
        data: weeks.map((x, index) => ({ x, y: [80, 260, 470, 700, 1040, 1460, 1730, 1900][index] ?? 0 })),
      },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoSeries: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector("svg path")).not.toBeNull(), { timeout: 10_000 });
  },
};
