import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Text } from "../text/Text";
import { DocumentSection } from "./DocumentSection";

const meta = { title: "Components/DocumentSection", component: DocumentSection } satisfies Meta<typeof DocumentSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A class's syllabus, linked to from the level's contents. */
export const Syllabus: Story = {
  args: {
    id: "syllabus-1-6-1",
    "aria-labelledby": "syllabus-1-6-1-title",
    children: (
      <>
        <Text heading={3} size="lg" id="syllabus-1-6-1-title">
          Class VI: Science
        </Text>
        <Text>Force and motion; light and shadows.</Text>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const section = within(canvasElement).getByRole("region", { name: "Class VI: Science" });
    // A jump to it lands below the shell's sticky top bar.
    await expect(Number.parseFloat(getComputedStyle(section).scrollMarginTop)).toBeGreaterThan(0);
  },
};
