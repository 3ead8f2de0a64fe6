import type { Meta, StoryObj } from "@storybook/react-vite";
import { Stack } from "../stack/Stack";
import { css } from "../theme/stitches";
import { Skeleton, SkeletonText } from "./Skeleton";

const panel = css({
  maxWidth: 420,
  padding: "$5",
  backgroundColor: "$surface",
  borderRadius: "$lg",
  border: "1px solid $border",
});

const meta = { title: "Data/Skeleton", component: Skeleton } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CardPlaceholder: Story = {
  render: () => (
    <Stack gap={4} className={panel()} role="group" aria-busy="true" aria-label="Loading the school profile">
      <Stack direction="row" gap={3} align="center" wrap={false}>
        <Skeleton shape="circle" width={48} height={48} />
        <Stack gap={2} style={{ flex: 1 }}>
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </Stack>
      </Stack>
      <SkeletonText lines={4} />
    </Stack>
  ),
};
