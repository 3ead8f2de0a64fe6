import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../button/Button";
import { Select } from "../select/Select";
import { Popover } from "./Popover";

const meta = {
  title: "Components/Popover",
  component: Popover,
  args: {
    label: "Class filter",
    trigger: <Button variant="secondary">Class</Button>,
    children: (
      <div style={{ padding: 16 }}>
        <Select
          label="Class"
          placeholder="All classes"
          options={["VI", "VII", "VIII", "IX", "X", "XI"].map((value) => ({ value, label: `Class ${value}` }))}
        />
      </div>
    ),
  },
  decorators: [(Story) => <div style={{ minHeight: 220 }}>{Story()}</div>],
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Class" }));
    await expect(canvas.getByRole("dialog", { name: "Class filter" })).toBeVisible();
    await expect(canvas.getByRole("combobox", { name: "Class" })).toHaveFocus();
  },
};
