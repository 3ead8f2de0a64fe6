import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { IconButton } from "../icon-button/IconButton";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from "./DropdownMenu";

const meta = {
  title: "Components/DropdownMenu",
  component: DropdownMenu,
  args: {
    trigger: <IconButton icon="more" label="Actions for Sunrise Public School" variant="light" />,
    children: (
      <>
        <DropdownMenuLabel>School</DropdownMenuLabel>
        <DropdownMenuItem icon="edit">Edit profile</DropdownMenuItem>
        <DropdownMenuItem icon="credit-card">Bank details</DropdownMenuItem>
        <DropdownMenuItem icon="download">Export students</DropdownMenuItem>
        <DropdownMenuCheckboxItem checked>Send e-mail receipts</DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon="trash" tone="danger">
          Deactivate
        </DropdownMenuItem>
      </>
    ),
  },
  decorators: [(Story) => <div style={{ padding: "16px 16px 280px 240px" }}>{Story()}</div>],
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Actions for/ }));
    const body = within(canvasElement.ownerDocument.body);
    const menu = await body.findByRole("menu");
    await waitFor(() => expect(menu).toBeVisible());
    await userEvent.keyboard("{ArrowDown}");
    await expect(body.getByRole("menuitem", { name: "Bank details" })).toHaveFocus();
  },
};
