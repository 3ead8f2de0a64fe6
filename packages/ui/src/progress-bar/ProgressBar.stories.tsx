import type { Meta, StoryObj } from "@storybook/react-vite";
import { Stack } from "../stack/Stack";
import { ProgressBar } from "./ProgressBar";

const meta = {
  title: "Data/ProgressBar",
  component: ProgressBar,
  args: { label: "Importing students", value: 42 },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Jobs: Story = {
  render: () => (
    <Stack gap={5} style={{ maxWidth: 480 }}>
      <ProgressBar label="Importing students" value={420} max={1000} valueText="420 of 1,000 rows" />
      <ProgressBar label="Uploading answer sheets" value={76} tone="info" />
      <ProgressBar label="Export failed at" value={30} tone="danger" />
      <ProgressBar label="Preparing export" />
    </Stack>
  ),
};
