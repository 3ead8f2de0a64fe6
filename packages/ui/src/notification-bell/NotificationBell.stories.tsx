import type { Meta, StoryObj } from "@storybook/react-vite";
import { Stack } from "../stack/Stack";
import { NotificationBell } from "./NotificationBell";

const meta = {
  title: "Components/NotificationBell",
  component: NotificationBell,
  args: { href: "#notifications", count: 3 },
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unread: Story = {};
export const Counts: Story = {
  render: () => (
    <Stack direction="row" gap={3} align="center">
      <NotificationBell href="#none" count={0} />
      <NotificationBell href="#one" count={1} />
      <NotificationBell href="#many" count={120} />
    </Stack>
  ),
};
