import type { Meta, StoryObj } from "@storybook/react-vite";
import { Stack } from "../stack/Stack";
import { Badge } from "./Badge";

const meta = {
  title: "Components/Badge",
  component: Badge,
  args: { children: "Active" },
  argTypes: { tone: { control: "select", options: ["primary", "success", "neutral", "danger", "warning", "info"] } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Tones: Story = {
  render: () => (
    <Stack direction="row" gap={2} align="center">
      <Badge>Primary</Badge>
      <Badge tone="success">Paid</Badge>
      <Badge tone="neutral">Draft</Badge>
      <Badge tone="warning">Pending</Badge>
      <Badge tone="danger">Unpaid</Badge>
      <Badge tone="info">Mock</Badge>
      <Badge tone="success" size="sm">
        Small
      </Badge>
    </Stack>
  ),
};
