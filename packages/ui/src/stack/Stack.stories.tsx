import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "../button/Button";
import { Stack } from "./Stack";

const meta = { title: "Foundations/Stack", component: Stack } satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Row: Story = {
  render: () => (
    <Stack direction="row" gap={2}>
      <Button>Save</Button>
      <Button variant="secondary">Cancel</Button>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole("button", { name: "Save" });
    const cancel = canvas.getByRole("button", { name: "Cancel" });
    await expect(getComputedStyle(save.parentElement as HTMLElement).flexDirection).toBe("row");
    // Side by side, $2 (8 px) apart, on one line (in reading order: rtl mirrors the row).
    const [first, second] = [save.getBoundingClientRect(), cancel.getBoundingClientRect()].sort(
      (a, b) => a.left - b.left,
    ) as [DOMRect, DOMRect];
    await expect(second.left - first.right).toBeCloseTo(8, 0);
    await expect(second.top).toBeCloseTo(first.top, 0);
  },
};
export const Column: Story = {
  render: () => (
    <Stack gap={3} style={{ maxWidth: 240 }}>
      <Button fullWidth>Pay fees</Button>
      <Button fullWidth variant="light">
        Download receipt
      </Button>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pay = canvas.getByRole("button", { name: "Pay fees" });
    const download = canvas.getByRole("button", { name: "Download receipt" });
    await expect(getComputedStyle(pay.parentElement as HTMLElement).flexDirection).toBe("column");
    // One under the other, $3 (12 px) apart.
    const [top, bottom] = [pay.getBoundingClientRect(), download.getBoundingClientRect()];
    await expect(bottom.top - top.bottom).toBeCloseTo(12, 0);
    await expect(bottom.left).toBeCloseTo(top.left, 0);
  },
};

/** A list without bullets, a rule between its items (a list of exams, of files). */
export const List: Story = {
  render: () => (
    <Stack element="ul" gap={4} dividers aria-label="Exams">
      <li>Level 1: 12 January</li>
      <li>Level 2: 9 February</li>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole("list", { name: "Exams" });
    await expect(getComputedStyle(list).listStyleType).toBe("none");
    const second = canvas.getByText("Level 2: 9 February");
    await expect(getComputedStyle(second).borderTopStyle).toBe("solid");
  },
};
