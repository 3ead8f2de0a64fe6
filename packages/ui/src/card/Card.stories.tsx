import type { Meta, StoryObj } from "@storybook/react-vite";
import { Badge } from "../badge/Badge";
import { Button } from "../button/Button";
import { Card } from "./Card";

const meta = {
  title: "Components/Card",
  component: Card,
  args: {
    title: "School profile",
    children: "Sunrise Public School, Pune. Registered for the Level 1 exam with 240 students in classes VI to XI.",
  },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithActions: Story = {
  args: {
    description: "Shown to coordinators of your district",
    headerActions: <Badge tone="success">Active</Badge>,
    actions: (
      <>
        <Button size="sm">Edit profile</Button>
        <Button size="sm" variant="secondary">
          Bank details
        </Button>
      </>
    ),
  },
};
