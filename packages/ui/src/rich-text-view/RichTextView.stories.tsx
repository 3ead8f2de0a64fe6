import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { RichTextView } from "./RichTextView";

const question = `<h2>Question 14</h2>
<p>A body of mass <strong>2 kg</strong> moves with a speed of <span class="ql-formula" data-value="v = 3\\,\\text{m/s}"></span>. Its kinetic energy is
<span class="ql-formula" data-value="E_k = \\frac{1}{2} m v^2"></span>.</p>
<ol><li data-list="ordered">9 J</li><li data-list="ordered">18 J</li><li data-list="ordered">6 J</li><li data-list="ordered">3 J</li></ol>
<blockquote>Hint: the unit of energy is the joule.</blockquote>
<p class="ql-align-center"><span class="ql-size-small">Section A · 1 mark</span></p>
<p><img src="x" onerror="alert('never runs')"></p>`;

const meta = {
  title: "Rich text/RichTextView",
  component: RichTextView,
  args: { html: question },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640, background: "var(--colors-surface)", padding: 24, borderRadius: 10 }}>{Story()}</div>
    ),
  ],
} satisfies Meta<typeof RichTextView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const QuestionWithFormulas: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll("math")).toHaveLength(2));
    await expect(canvasElement.querySelector("img[onerror]")).toBeNull();
  },
};

export const Hindi: Story = {
  args: {
    lang: "hi",
    html: '<p>एक पिंड का द्रव्यमान <strong>2 kg</strong> है। उसकी गतिज ऊर्जा <span class="ql-formula" data-value="\\frac{1}{2}mv^2"></span> है।</p>',
  },
};

export const Urdu: Story = {
  args: { lang: "ur", dir: "rtl", html: "<p>درج ذیل میں سے کون سا عنصر <strong>دھات</strong> ہے؟</p>" },
};
