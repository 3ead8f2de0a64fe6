import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Stack } from "../stack/Stack";
import { Switch } from "./Switch";

const meta = { title: "Forms/Switch", component: Switch, args: { label: "School active" } } satisfies Meta<
  typeof Switch
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Toggle: Story = {
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole("switch", { name: "School active" });
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
  },
};
export const States: Story = {
  render: () => (
    <Stack gap={4}>
      <Switch label="Off" />
      <Switch label="On" defaultChecked />
      <Switch label="Disabled" disabled />
    </Stack>
  ),
};
