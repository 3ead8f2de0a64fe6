import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button/Button";
import { Stack } from "../stack/Stack";
import { TextField } from "../text-field/TextField";
import { Dialog, DialogClose } from "./Dialog";

const meta = {
  title: "Components/Dialog",
  component: Dialog,
  args: {
    title: "Update profile",
    description: "Your name and designation as coordinators see them.",
    trigger: <Button>Edit profile</Button>,
    children: (
      <Stack gap={4}>
        <TextField label="Full name" defaultValue="Anita Deshpande" />
        <TextField label="Designation" defaultValue="State Coordinator" />
      </Stack>
    ),
    footer: (
      <>
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button>Save changes</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** Opens, keeps focus inside, closes on Escape and returns focus. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Edit profile" }));
    const dialog = await body.findByRole("dialog", { name: "Update profile" });
    // Wait out the opening animation (it starts transparent).
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(body.getByRole("textbox", { name: "Full name" })).toHaveFocus();
    // A real modal: the browser makes everything behind it inert.
    await expect(dialog.matches(":modal")).toBe(true);
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole("button", { name: "Edit profile" });
    await userEvent.click(trigger);
    await body.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};
