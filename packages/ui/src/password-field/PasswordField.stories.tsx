import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { PasswordField } from "./PasswordField";

const meta = {
  title: "Forms/PasswordField",
  component: PasswordField,
  args: { label: "Password", defaultValue: "Demo@12345" },
  decorators: [(Story) => <div style={{ maxWidth: 380 }}>{Story()}</div>],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ShowAndHide: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Password");
    await expect(input).toHaveAttribute("type", "password");
    await userEvent.click(canvas.getByRole("button", { name: "Show password" }));
    await expect(input).toHaveAttribute("type", "text");
  },
};
export const WithError: Story = {
  args: { label: "New password", defaultValue: "short", error: "Password should have at least 8 symbols" },
};
