import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Icon } from "../icon/Icon";
import { Text } from "../text/Text";
import { Timeline, TimelineStep } from "./Timeline";

const meta = { title: "Components/Timeline", component: Timeline } satisfies Meta<typeof Timeline>;
export default meta;
type Story = StoryObj<typeof meta>;

const steps = [
  ["Registration", "done"],
  ["Fee paid", "done"],
  ["Admit card", "current"],
  ["Exam", "waiting"],
  ["Result", "upcoming"],
] as const;

/** A student's year: two steps done, the admit card to download now. */
export const Year: Story = {
  args: {
    "aria-label": "Your steps",
    children: steps.map(([title, state], index) => (
      <TimelineStep
        key={title}
        state={state}
        next={state === "current"}
        marker={state === "done" ? <Icon name="check" size={16} strokeWidth={2.6} /> : index + 1}
      >
        <Text weight="semibold">{title}</Text>
      </TimelineStep>
    )),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole("list", { name: "Your steps" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    const current = canvas.getByText("Admit card").closest("li") as HTMLElement;
    await expect(current).toHaveAttribute("aria-current", "step");
    // The dots are drawn for the eye only: the list reads the steps' words.
    await expect(current.firstElementChild).toHaveAttribute("aria-hidden", "true");
  },
};
