import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button/Button";
import { Stack } from "../stack/Stack";
import { MessageDialog } from "./MessageDialog";
import { MessageDialogProvider, useMessageDialog } from "./useMessageDialog";

const meta = {
  title: "Components/MessageDialog",
  component: MessageDialog,
  args: { kind: "success", open: true, onOpenChange: () => {}, text: "School activated successfully!" },
} satisfies Meta<typeof MessageDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const ErrorMessage: Story = { name: "Error", args: { kind: "error", text: undefined } };
export const ListWarning: Story = {
  args: { kind: "warning", title: "Questions list not found", text: "Questions list API failed, please try again" },
};
export const Confirmation: Story = {
  args: { kind: "confirm", text: "Are you sure you want to deactivate the School?", destructive: true },
};

function SchoolToggle() {
  const messages = useMessageDialog();
  const [active, setActive] = useState(true);
  const [log, setLog] = useState("");
  return (
    <Stack gap={3} align="start">
      <Button
        variant={active ? "danger" : "primary"}
        onClick={async () => {
          const yes = await messages.confirm(
            `Are you sure you want to ${active ? "deactivate" : "activate"} the School?`,
            {
              destructive: active,
            },
          );
          if (!yes) return setLog("Cancelled");
          setActive(!active);
          setLog("Done");
          await messages.success(`School ${active ? "deactivated" : "activated"} successfully!`);
        }}
      >
        {active ? "Deactivate school" : "Activate school"}
      </Button>
      <output>{log}</output>
    </Stack>
  );
}

/** The school toggle: confirmation, then 'Success!'. */
export const ConfirmThenSuccess: Story = {
  render: () => (
    <MessageDialogProvider>
      <SchoolToggle />
    </MessageDialogProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "Deactivate school" }));
    await userEvent.click(await body.findByRole("button", { name: "Yes" }));
    const success = await body.findByRole("alertdialog", { name: "Success!" });
    await waitFor(() => expect(success).toBeVisible());
    await userEvent.click(body.getByRole("button", { name: "OK" }));
    await expect(canvas.getByRole("button", { name: "Activate school" })).toBeVisible();
  },
};
