import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/Button";
import { Stack } from "./Stack";

const meta = { title: "Foundations/Stack", component: Stack } satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Row: Story = {
  render: () => (
    <Stack direction="row" gap={2}>
      <Button>Save</Button>
      <Button variant="secondary">Cancel</Button>
    </Stack>
  ),
};
export const Column: Story = {
  render: () => (
    <Stack gap={3} css={{ maxWidth: 240 }}>
      <Button fullWidth>Pay fees</Button>
      <Button fullWidth variant="light">
        Download receipt
      </Button>
    </Stack>
  ),
};
