import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Stack } from "../stack/Stack";
import { Text } from "../text/Text";
import { Panel } from "./Panel";

const meta = { title: "Components/Panel", component: Panel } satisfies Meta<typeof Panel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Options of a question, the correct one on the success ground. */
export const Options: Story = {
  render: () => (
    <Stack element="ol" gap={2} aria-label="Options">
      <Panel element="li" padding={2}>
        <Text>(A) Joule</Text>
      </Panel>
      <Panel element="li" padding={2} tone="success">
        <Text>(B) Newton: correct</Text>
      </Panel>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    await expect(items).toHaveLength(2);
    await expect(getComputedStyle(items[1] as HTMLElement).backgroundColor).not.toBe(
      getComputedStyle(items[0] as HTMLElement).backgroundColor,
    );
  },
};

/** A group of fields with its legend in the frame's edge. */
export const Fieldset: Story = {
  render: () => (
    <Panel element="fieldset" legend="Section A" padding={5} gap={4}>
      <label>
        Title <input defaultValue="Section A" />
      </label>
      <label>
        Questions <input defaultValue="40" />
      </label>
    </Panel>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Section A" })).toBeVisible();
  },
};

/** A formula to keep as it is: dashed, on the muted ground. */
export const Dashed: Story = {
  render: () => (
    <Stack element="ul" direction="row" gap={2} aria-label="Formulas">
      <Panel element="li" tone="muted" dashed padding={1}>
        F = ma
      </Panel>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const item = within(canvasElement).getByRole("listitem");
    await expect(getComputedStyle(item).borderTopStyle).toBe("dashed");
  },
};
