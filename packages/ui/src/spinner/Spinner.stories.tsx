import type { Meta, StoryObj } from "@storybook/react-vite";
import { Stack } from "../stack/Stack";
import { css } from "../theme/stitches";
import { Spinner } from "./Spinner";

const brandText = css({ color: "$primaryText" });

const meta = { title: "Components/Spinner", component: Spinner, args: { label: "Loading" } } satisfies Meta<
  typeof Spinner
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sizes: Story = {
  render: () => (
    <Stack direction="row" gap={4} align="center" className={brandText()}>
      <Spinner size="sm" label="Loading" />
      <Spinner size="md" />
      <Spinner size="lg" />
    </Stack>
  ),
};
