import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { MultiSelect } from "./MultiSelect";

const states = [
  "Andhra Pradesh",
  "Assam",
  "Bihar",
  "Gujarat",
  "Karnataka",
  "Kerala",
  "Madhya Pradesh",
  "Maharashtra",
  "Odisha",
  "Punjab",
  "Rajasthan",
  "Tamil Nadu",
  "Telangana",
  "Uttar Pradesh",
  "West Bengal",
].map((label, index) => ({ value: String(index + 1), label }));

const meta = {
  title: "Forms/MultiSelect",
  component: MultiSelect,
  args: { label: "States", placeholder: "All states", options: states, name: "state_ids" },
  decorators: [(Story) => <div style={{ maxWidth: 340, minHeight: 440 }}>{Story()}</div>],
} satisfies Meta<typeof MultiSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = { args: { defaultValue: ["8", "4", "12"] } };

/** Region filter: search, tick with the keyboard. */
export const SearchAndPick: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: /States/ }));
    await userEvent.type(canvas.getByRole("combobox", { name: "Search" }), "pra");
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("option", { name: "Andhra Pradesh" })).toHaveAttribute("aria-selected", "true");
  },
};
