import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Stack } from "../stack/Stack";
import { Checkbox } from "./Checkbox";

const meta = {
  title: "Forms/Checkbox",
  component: Checkbox,
  args: { label: "Send receipts by e-mail" },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole("checkbox", { name: "Send receipts by e-mail" });
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};
export const States: Story = {
  render: () => (
    <Stack gap={4}>
      <Checkbox label="Unchecked" />
      <Checkbox label="Checked" defaultChecked />
      <Checkbox label="Some selected" indeterminate />
      <Checkbox
        label="With a description"
        description="Coordinators of your district see this school."
        defaultChecked
      />
      <Checkbox label="Disabled" disabled />
      <Checkbox label="Invalid" aria-invalid />
    </Stack>
  ),
};
