import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/Button";
import { EmptyState } from "./EmptyState";

const meta = {
  title: "Data/EmptyState",
  component: EmptyState,
  args: {
    title: "No students yet",
    description: "Students appear here once your school adds or imports them.",
    action: <Button>Add students</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingYet: Story = {};
export const NoResults: Story = {
  args: {
    icon: "search",
    title: "No matches",
    description: "Try another name or clear the filters.",
    action: <Button variant="secondary">Clear filters</Button>,
  },
};
export const Failed: Story = {
  args: {
    icon: "warning",
    tone: "danger",
    title: "Schools list not found",
    description: "Schools list API failed, please try again",
    action: <Button variant="secondary">Try again</Button>,
  },
};
