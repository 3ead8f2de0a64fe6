import { MessageDialogProvider } from "@repo/ui/message-dialog";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ExportMenu } from "./ExportMenu";

/** The button once its menu has loaded (it waits, disabled, until then). */
const ready = (canvasElement: HTMLElement) =>
  waitFor(() => {
    const button = within(canvasElement).getByRole("button", { name: "Export" });
    expect(button).toBeEnabled();
    return button;
  });

/** Answers the export route's post with `answer` for the story's duration (no server in Storybook). */
const answering = (answer: () => Response) => () => {
  const original = globalThis.fetch;
  globalThis.fetch = async () => answer();
  return () => {
    globalThis.fetch = original;
  };
};

const meta = {
  title: "Data/ExportMenu",
  component: ExportMenu,
  args: { kind: "students", filters: { class_level: 8, search: "rao" }, csrf: "story-csrf" },
  decorators: [
    (Story) => (
      <MessageDialogProvider>
        <div style={{ padding: "16px 16px 160px 200px" }}>{Story()}</div>
      </MessageDialogProvider>
    ),
  ],
} satisfies Meta<typeof ExportMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
  },
};

/** The two formats; arrows move between them. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await ready(canvasElement));
    const body = within(canvasElement.ownerDocument.body);
    const menu = await body.findByRole("menu", { name: "Export the list" });
    await waitFor(() => expect(menu).toBeVisible());
    await expect(body.getByRole("menuitem", { name: "Export XLSX" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(body.getByRole("menuitem", { name: "Export CSV" })).toHaveFocus();
  },
};

/** The list as CSV: the file is saved and no dialog opens. */
export const Downloads: Story = {
  beforeEach: answering(
    () =>
      new Response("\uFEFFStudent id,First name\n1,Asha\n", {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="students-2026-01-15.csv"',
        },
      }),
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await ready(canvasElement));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole("menuitem", { name: "Export CSV" }),
    );
    await waitFor(() => expect(canvas.getByRole("button", { name: "Export" })).not.toHaveAttribute("aria-busy"));
    await expect(within(canvasElement.ownerDocument.body).queryByRole("alertdialog")).toBeNull();
  },
};

/** A refusal shows "Export Failed" with the server's message (docs/domain.md, Shell behaviour). */
export const Failed: Story = {
  beforeEach: answering(() =>
    Response.json({ status: false, message: "You do not have permission to do this." }, { status: 403 }),
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(await ready(canvasElement));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole("menuitem", { name: "Export XLSX" }));
    const dialog = await body.findByRole("alertdialog", { name: "Export Failed" });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(dialog).toHaveTextContent("You do not have permission to do this.");
  },
};
