import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "../button/Button";
import { Card } from "../card/Card";
import { Stack } from "../stack/Stack";
import { Text } from "../text/Text";
import { Split } from "./Split";

const meta = { title: "Foundations/Split", component: Split } satisfies Meta<typeof Split>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A form and its preview: side by side on a laptop, the preview staying in view. */
export const Editor: Story = {
  args: {
    layout: "editor",
    gap: 5,
    stickyEnd: true,
    children: [
      <Card key="form" title="Write the question">
        <Text>The form</Text>
      </Card>,
      <Card key="preview" title="Preview">
        <Text>What is saved</Text>
      </Card>,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByRole("region", { name: "Write the question" }).getBoundingClientRect();
    const preview = canvas.getByRole("region", { name: "Preview" }).getBoundingClientRect();
    if (window.innerWidth >= 992) {
      // Side by side, the form the wider (3 : 2).
      await expect(preview.top).toBeCloseTo(form.top, 0);
      await expect(form.width).toBeGreaterThan(preview.width);
    } else {
      await expect(preview.top).toBeGreaterThan(form.bottom);
    }
  },
};

/** Rows of a list: a column of dates and the rest, underlined with dashes. */
export const Dated: Story = {
  args: { layout: "dated", children: null },
  render: () => (
    <Stack element="ol" gap={3}>
      {["20 May 2026", "7 Oct 2026"].map((date) => (
        <Split key={date} element="li" layout="dated" gap="rows" ruled="dashed">
          <Text weight="semibold">{date}</Text>
          <Text>An important date</Text>
        </Split>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const item = within(canvasElement).getAllByRole("listitem")[0] as HTMLElement;
    await expect(getComputedStyle(item).borderBottomStyle).toBe("dashed");
  },
};

/** A dialog's footer: the status at the start, the buttons at the end. */
export const Status: Story = {
  args: {
    layout: "status",
    gap: 3,
    children: [
      <Text key="status" size="sm" tone="muted" role="status">
        3 chosen.
      </Text>,
      <Stack key="buttons" direction="row" gap={2}>
        <Button variant="ghost">Cancel</Button>
        <Button>Add 3 questions</Button>
      </Stack>,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole("status").getBoundingClientRect();
    const add = canvas.getByRole("button", { name: "Add 3 questions" }).getBoundingClientRect();
    await expect(add.left).toBeGreaterThan(status.right);
  },
};

/** Row buttons in two short rows. */
export const Pairs: Story = {
  args: {
    layout: "pairs",
    gap: 2,
    children: ["Edit", "History", "Translate", "Review"].map((name) => (
      <Button key={name} size="sm" variant="light">
        {name}
      </Button>
    )),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const edit = canvas.getByRole("button", { name: "Edit" }).getBoundingClientRect();
    const translate = canvas.getByRole("button", { name: "Translate" }).getBoundingClientRect();
    await expect(translate.top).toBeGreaterThan(edit.bottom);
  },
};
