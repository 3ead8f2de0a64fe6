import type { Meta, StoryObj } from "@storybook/react-vite";
import { LoadingBar } from "./LoadingBar";

const meta = {
  title: "Shell/LoadingBar",
  component: LoadingBar,
  args: { visible: true },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof LoadingBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {};
