import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button/Button";
import { Stack } from "../stack/Stack";
import { ToastProvider, type ToastTone, useToast } from "./Toast";

function Buttons() {
  const toast = useToast();
  const show = (tone: ToastTone, title: string, description: string) =>
    toast({ tone, title, description, duration: 60_000 });
  return (
    <Stack direction="row" gap={2}>
      <Button onClick={() => show("success", "Profile updated", "Your changes are saved.")}>Success</Button>
      <Button variant="secondary" onClick={() => show("info", "Export started", "The file will be ready in a minute.")}>
        Info
      </Button>
      <Button variant="secondary" onClick={() => show("warning", "Session ends soon", "Save your work.")}>
        Warning
      </Button>
      <Button variant="danger" onClick={() => show("error", "Payment failed", "The bank declined the payment.")}>
        Error
      </Button>
    </Stack>
  );
}

const meta = {
  title: "Components/Toast",
  component: ToastProvider,
  args: { children: <Buttons /> },
  parameters: { layout: "padded" },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Notices: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Success" }));
    await userEvent.click(canvas.getByRole("button", { name: "Error" }));
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByText("Profile updated")).toBeVisible());
    await waitFor(() => expect(body.getByText("Payment failed")).toBeVisible());
  },
};
