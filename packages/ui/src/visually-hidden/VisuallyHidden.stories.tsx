import type { Meta, StoryObj } from "@storybook/react-vite";
import { VisuallyHidden } from "./VisuallyHidden";

const meta = { title: "Foundations/VisuallyHidden", component: VisuallyHidden } satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The button reads "Download receipt for order 1042"; sighted users see "Download". */
export const ExtraContext: Story = {
  render: () => (
    <button type="button">
      Download<VisuallyHidden> receipt for order 1042</VisuallyHidden>
    </button>
  ),
};
