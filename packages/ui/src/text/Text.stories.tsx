import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Stack } from "../stack/Stack";
import { Text } from "./Text";

const meta = { title: "Foundations/Text", component: Text } satisfies Meta<typeof Text>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Tones: Story = {
  render: () => (
    <Stack gap={2}>
      <Text>Your school has 42 registered students.</Text>
      <Text tone="muted">Last updated today at 10:42</Text>
      <Text tone="success" weight="semibold">
        Password changed successfully
      </Text>
      <Text tone="danger" weight="semibold" role="alert">
        Login failed
      </Text>
      <Text size="xl" weight="bold">
        Asha Rao{" "}
        <Text inline tone="muted" size="md">
          (Principal)
        </Text>
      </Text>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(getComputedStyle(canvas.getByRole("alert")).fontWeight).toBe("600");
    await expect(getComputedStyle(canvas.getByText("Login failed")).marginTop).toBe("0px");
  },
};
