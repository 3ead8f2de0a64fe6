import type { Meta, StoryObj } from "@storybook/react-vite";
import { Stack } from "../stack/Stack";
import { Avatar } from "./Avatar";

// Served by Storybook from .storybook/public, so the story needs no network.
const photo = "/avatar-demo.svg";

const meta = {
  title: "Components/Avatar",
  component: Avatar,
  args: { name: "Anita Deshpande" },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No valid picture address: the blank avatar. */
export const Blank: Story = { args: { src: "/uploads/profile.pdf" } };

export const Sizes: Story = {
  render: (args) => (
    <Stack direction="row" gap={3} align="center">
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" shape="circle" />
      <Avatar {...args} size="xl" />
    </Stack>
  ),
};

/** A valid image address: the picture. */
export const WithPicture: Story = {
  render: (args) => (
    <Stack direction="row" gap={3} align="center">
      <Avatar {...args} size="md" src={photo} />
      <Avatar {...args} size="lg" src={photo} shape="circle" />
      <Avatar {...args} size="xl" src={photo} />
    </Stack>
  ),
};

/** The second source loads within 5 s: it is shown after a moment. */
export const SecondSource: Story = { args: { src: null, fallbackSrc: photo, size: "lg" } };
