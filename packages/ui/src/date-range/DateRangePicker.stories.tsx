import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { type DateRange, DateRangePicker } from "./DateRangePicker";

function Controlled({ initial }: { initial: DateRange }) {
  const [range, setRange] = useState(initial);
  return (
    <DateRangePicker
      value={range}
      onChange={setRange}
      label="Payment date"
      align="start"
      today={new Date(2025, 2, 15)}
    />
  );
}

const meta = {
  title: "Forms/DateRangePicker",
  component: Controlled,
  args: { initial: {} },
  decorators: [(Story) => <div style={{ minHeight: 340 }}>{Story()}</div>],
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { initial: { from: "2025-03-01", to: "2025-03-15" } } };
export const PickPreset: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: /Payment date/ }));
    await userEvent.click(canvas.getByRole("button", { name: "Last 7 days" }));
    await expect(canvas.getByRole("button", { name: /Payment date/ })).toHaveTextContent("9 Mar 2025 – 15 Mar 2025");
  },
};
