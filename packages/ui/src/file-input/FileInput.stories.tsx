import type { Meta, StoryObj } from "@storybook/react-vite";
import { PROFILE_PHOTO_ACCEPT } from "./accept";
import { FileInput } from "./FileInput";

const meta = {
  title: "Forms/FileInput",
  component: FileInput,
  args: {
    label: "Profile photo",
    accept: PROFILE_PHOTO_ACCEPT,
    hint: "JPEG, GIF, PNG or BMP; square pictures look best.",
  },
  decorators: [(Story) => <div style={{ maxWidth: 460 }}>{Story()}</div>],
} satisfies Meta<typeof FileInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ImageWithPreview: Story = {};
export const CurrentPicture: Story = { args: { currentImageUrl: "/avatar-demo.svg" } };
export const Spreadsheet: Story = {
  args: { label: "Student list", accept: ".csv,.xlsx", hint: "Use the import template." },
};
export const WithError: Story = { args: { error: "A photo is required" } };
