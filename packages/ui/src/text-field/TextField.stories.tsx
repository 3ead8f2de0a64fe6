import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Icon } from "../icon/Icon";
import { Stack } from "../stack/Stack";
import { TextField } from "./TextField";

const meta = {
  title: "Forms/TextField",
  component: TextField,
  args: { label: "School name", placeholder: "e.g. Sunrise Public School" },
  decorators: [(Story) => <div style={{ maxWidth: 380 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "School name" });
    await userEvent.type(input, "Sunrise");
    await expect(input).toHaveValue("Sunrise");
  },
};
export const States: Story = {
  render: () => (
    <Stack gap={5}>
      <TextField label="Mobile number" hint="10 digits, without +91" required />
      <TextField label="E-mail" defaultValue="office@school" error="Enter a valid e-mail address" />
      <TextField label="UDISE code" defaultValue="27251000101" disabled />
      <TextField
        label="Search"
        hideLabel
        icon={<Icon name="search" size={18} />}
        type="search"
        placeholder="Search students"
      />
    </Stack>
  ),
};
