import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { RichTextView } from "../rich-text-view/RichTextView";
import { Stack } from "../stack/Stack";
import { RichTextEditor } from "./RichTextEditor";

const initial =
  '<p>A body of mass <strong>2 kg</strong> moves at 3 m/s. Its kinetic energy is <span class="ql-formula" data-value="\\frac{1}{2}mv^2"></span>.</p>';

function EditorWithPreview() {
  const [html, setHtml] = useState(initial);
  return (
    <Stack gap={5} style={{ maxWidth: 760 }}>
      <RichTextEditor
        label="Question text"
        defaultValue={initial}
        onChange={setHtml}
        name="question"
        hint="Use the ƒx button to add a formula."
      />
      <div>
        <p style={{ fontWeight: 600 }}>Preview (sanitised)</p>
        <RichTextView html={html} />
      </div>
    </Stack>
  );
}

const meta = { title: "Rich text/RichTextEditor", component: EditorWithPreview } satisfies Meta<
  typeof EditorWithPreview
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Quill 2 and KaTeX load on demand; typing updates the sanitised preview. */
export const WithPreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByRole("textbox", { name: "Question text" }, { timeout: 15_000 });
    await expect(canvas.getByRole("toolbar", { name: "Question text formatting" })).toBeVisible();
    // Put the caret at the end of the text, then type.
    box.focus();
    window.getSelection()?.selectAllChildren(box);
    window.getSelection()?.collapseToEnd();
    await userEvent.keyboard(" Choose one.");
    await waitFor(() =>
      expect(canvas.getByText(/Choose one\./, { selector: "p:not([contenteditable] p)" })).toBeVisible(),
    );
  },
};

export const Empty: Story = {
  render: () => <RichTextEditor label="Instructions" placeholder="Write the instructions for this paper set" />,
};

export const RightToLeft: Story = {
  render: () => (
    <RichTextEditor label="Urdu translation" dir="rtl" defaultValue="<p>درج ذیل میں سے کون سا عنصر دھات ہے؟</p>" />
  ),
};
