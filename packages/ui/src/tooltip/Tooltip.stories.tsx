import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { IconButton } from "../icon-button/IconButton";
import { Tooltip } from "./Tooltip";

const meta = {
  title: "Components/Tooltip",
  component: Tooltip,
  args: {
    content: "Download the receipt as PDF",
    children: <IconButton icon="download" label="Download receipt" title="" variant="light" />,
  },
  decorators: [(Story) => <div style={{ padding: "48px 120px" }}>{Story()}</div>],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnFocus: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole("tooltip")).toHaveTextContent("Download the receipt as PDF");
  },
};
