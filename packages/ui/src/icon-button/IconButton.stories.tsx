import type { Meta, StoryObj } from "@storybook/react-vite";
import { Stack } from "../stack/Stack";
import { IconButton } from "./IconButton";

const meta = {
  title: "Components/IconButton",
  component: IconButton,
  args: { icon: "edit", label: "Edit school" },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {};
export const Variants: Story = {
  render: () => (
    <Stack direction="row" gap={3} align="center">
      <IconButton icon="edit" label="Edit" variant="ghost" />
      <IconButton icon="download" label="Download" variant="light" />
      <IconButton icon="plus" label="Add" variant="primary" />
      <IconButton icon="trash" label="Delete" variant="danger" />
      <IconButton icon="bell" label="Notifications" variant="light" round />
      <IconButton icon="more" label="More actions" size="sm" />
    </Stack>
  ),
};
