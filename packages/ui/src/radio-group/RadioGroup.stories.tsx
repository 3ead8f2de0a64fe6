import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { RadioGroup } from "./RadioGroup";

const meta = {
  title: "Forms/RadioGroup",
  component: RadioGroup,
  args: {
    legend: "Exam",
    name: "exam",
    defaultValue: "1",
    options: [
      { value: "1", label: "Level 1", description: "100 questions, 90 minutes" },
      { value: "2", label: "Level 2", description: "50 questions, 45 minutes" },
      { value: "mock", label: "Mock", description: "Practice papers, never ranked" },
    ],
  },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Vertical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: /Level 2/ }));
    await expect(canvas.getByRole("radio", { name: /Level 2/ })).toBeChecked();
  },
};
export const Horizontal: Story = { args: { orientation: "horizontal" } };

/** Native radios: the arrow keys move the choice. */
export const Keyboard: Story = {
  args: { name: "exam-keyboard" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("radio", { name: /Level 1/ }).focus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(canvas.getByRole("radio", { name: /Level 2/ })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: /Level 2/ })).toHaveFocus();
  },
};
