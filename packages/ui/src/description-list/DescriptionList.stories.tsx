import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { DescriptionList } from "./DescriptionList";

const meta = { title: "Components/DescriptionList", component: DescriptionList } satisfies Meta<typeof DescriptionList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Profile: Story = {
  args: {
    "aria-label": "Profile",
    items: [
      { label: "Username", value: "district.pune" },
      { label: "Role", value: "District Coordinator" },
      { label: "E-mail", value: "pune.district@example.org" },
      { label: "Region", value: "Pune" },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const term = canvas.getByText("Role");
    const value = canvas.getByText("District Coordinator");
    // Label and value share a row, the value to the label's inline end.
    await expect(Math.abs(term.getBoundingClientRect().top - value.getBoundingClientRect().top)).toBeLessThan(2);
    await expect(value.getBoundingClientRect().left).toBeGreaterThan(term.getBoundingClientRect().right);
  },
};
