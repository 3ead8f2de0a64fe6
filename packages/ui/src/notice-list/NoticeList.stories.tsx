import type { Meta, StoryObj } from "@storybook/react-vite";
import { RichTextView } from "../rich-text-view/RichTextView";
import { NoticeItem, NoticeList, NoticeTitleButton } from "./NoticeList";

const meta = {
  title: "Components/NoticeList",
  component: NoticeList,
  args: { label: "Notifications", children: null },
} satisfies Meta<typeof NoticeList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReadAndUnread: Story = {
  render: (args) => (
    <NoticeList {...args}>
      <NoticeItem
        unread
        title={<NoticeTitleButton unread>Level 1 admit cards are out</NoticeTitleButton>}
        meta="23 Nov 2026, 10:00"
      >
        <RichTextView html="<p>Download them from the dashboard and print one for each student.</p>" />
      </NoticeItem>
      <NoticeItem title={<NoticeTitleButton>Welcome to the new portal</NoticeTitleButton>} meta="1 Jun 2026, 05:30" />
    </NoticeList>
  ),
};
