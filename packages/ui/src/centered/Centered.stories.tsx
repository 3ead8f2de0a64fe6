import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/Button";
import { Card } from "../card/Card";
import { Centered } from "./Centered";

const meta = {
  title: "Components/Centered",
  component: Centered,
  parameters: { layout: "fullscreen" },
  args: {
    children: (
      <Card title="Page not found" actions={<Button>Back to the dashboard</Button>}>
        The page you asked for does not exist or has moved.
      </Card>
    ),
  },
} satisfies Meta<typeof Centered>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
