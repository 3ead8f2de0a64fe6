import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { CheckboxGroup } from "./CheckboxGroup";

const OPTIONS = [
  { value: "2", label: "School" },
  { value: "17", label: "Master Institute" },
  { value: "18", label: "Institute" },
];

const meta = {
  title: "Forms/CheckboxGroup",
  component: CheckboxGroup,
  args: { legend: "For", options: OPTIONS, value: ["2", "18"], onChange: () => undefined },
} satisfies Meta<typeof CheckboxGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Interactive: Story = {
  render: (args) => {
    const [value, setValue] = useState<string[]>([...args.value]);
    return <CheckboxGroup {...args} value={value} onChange={setValue} />;
  },
};
export const WithError: Story = { args: { value: [], error: "Choose at least one role" } };
