import type { Meta, StoryObj } from "@storybook/react-vite";
import { Select } from "./Select";

const meta = {
  title: "Forms/Select",
  component: Select,
  args: {
    label: "Question language",
    placeholder: "Select a language",
    options: ["English", "Hindi", "Marathi", "Tamil", "Telugu", "Urdu"].map((label) => ({
      value: label.toLowerCase(),
      label,
    })),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithError: Story = { args: { error: "Choose a language", required: true } };
