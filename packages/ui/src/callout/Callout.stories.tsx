import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Icon } from "../icon/Icon";
import { Stack } from "../stack/Stack";
import { Callout } from "./Callout";

const meta = { title: "Components/Callout", component: Callout } satisfies Meta<typeof Callout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A warning to read before translating. */
export const Warning: Story = {
  args: {
    tone: "warning",
    role: "note",
    children: (
      <>
        <Icon name="warning" size={18} />
        <Stack gap={1}>
          <strong>The English changed after this was translated</strong>
          <span>Compare the old translation with the English and mark it done again.</span>
        </Stack>
      </>
    ),
  },
};

/** The answer to a save, with its details as a list, beside the button that saved. */
export const Answer: Story = {
  args: { children: null },
  render: () => (
    <Stack direction="row" justify="end" align="center" gap={3}>
      <Callout tone="danger" role="alert" grow>
        <Icon name="error" size={20} aria-hidden />
        <div>
          <strong>The question was not saved</strong>
          <ul>
            <li>Option B is empty.</li>
            <li>Choose the correct answer.</li>
          </ul>
        </div>
      </Callout>
      <button type="button">Save question</button>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent("The question was not saved");
    // The details keep their bullets.
    await expect(getComputedStyle(alert.querySelector("ul") as HTMLElement).listStyleType).toBe("disc");
  },
};
