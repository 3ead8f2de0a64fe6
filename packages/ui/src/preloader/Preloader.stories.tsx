import type { Meta, StoryObj } from "@storybook/react-vite";
import { DemoLogo } from "../shell/demo";
import { Preloader } from "./Preloader";

const meta = {
  title: "Shell/Preloader",
  component: Preloader,
  parameters: { layout: "fullscreen" },
  args: { phase: "visible", logo: <DemoLogo /> },
} satisfies Meta<typeof Preloader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visible: Story = {};
