import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { DocumentPreview } from "./DocumentPreview";

const meta = { title: "Components/DocumentPreview", component: DocumentPreview } satisfies Meta<typeof DocumentPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Mail: Story = {
  args: {
    title: "Mail as the recipient sees it",
    height: "sm",
    html: `<!doctype html><html><body style="font-family:sans-serif;margin:16px">
      <h1 style="color:#50CD89;font-size:20px">Exam Portal</h1>
      <p>Dear Asha Rao,</p><p>Level 1 results are published.</p>
      <script>document.body.dataset.ran = "yes"</script></body></html>`,
  },
  play: async ({ canvasElement }) => {
    const frame = within(canvasElement).getByTitle("Mail as the recipient sees it") as HTMLIFrameElement;
    await expect(frame.getAttribute("sandbox")).toBe("");
    // A sandboxed document without allow-same-origin is opaque to the page: its script cannot reach us.
    await expect(frame.contentDocument).toBeNull();
  },
};
