import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { FactTiles } from "./FactTiles";

const meta = { title: "Components/FactTiles", component: FactTiles } satisfies Meta<typeof FactTiles>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A student's card: the roll number first and large. */
export const StudentCard: Story = {
  args: {
    "aria-label": "Registration",
    facts: [
      { label: "Roll number", value: "2006000090", lead: true },
      { label: "Class", value: "VI" },
      { label: "Exam language", value: "हिन्दी", lang: "hi" },
      { label: "Exam year", value: "2026-27" },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByLabelText("Registration");
    await expect(list.tagName).toBe("DL");
    const roll = canvas.getByText("2006000090");
    const year = canvas.getByText("2026-27");
    await expect(Number.parseFloat(getComputedStyle(roll).fontSize)).toBeGreaterThan(
      Number.parseFloat(getComputedStyle(year).fontSize),
    );
    await expect(canvas.getByText("हिन्दी")).toHaveAttribute("lang", "hi");
  },
};

/** Before the roll number is given: a muted note in its place. */
export const Pending: Story = {
  args: {
    "aria-label": "Registration",
    facts: [
      { label: "Roll number", value: "Given with the admit card", lead: "pending" },
      { label: "Class", value: "VI" },
    ],
  },
};
