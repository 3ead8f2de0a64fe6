import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { type RaisedRequestDetail, RaisedRequestView } from "./RaisedRequestView";

const request: RaisedRequestDetail = {
  id: 12,
  subject: "Paid twice for class 7",
  status: "resolved",
  requester_name: "Jnana Prabodhini Vidyalaya",
  requester_username: "jpv-pune",
  order_id: 42,
  order_reference: "ORD-000042",
  order_status: "Paid",
  has_attachment: true,
  attachment_name: "bank statement.pdf",
  message: "Our bank statement shows two debits for this order on 20 November.\nReference UTR 3321.",
  created_at: "2026-11-20T05:30:00.000Z",
  updated_at: "2026-11-21T09:10:00.000Z",
  changes: [
    {
      from_status: "open",
      to_status: "in_progress",
      comment: "We are checking with the bank.",
      changed_by: "Pay support (Meera)",
      created_at: "2026-11-20T08:00:00.000Z",
    },
    {
      from_status: "in_progress",
      to_status: "resolved",
      comment: "The second debit is refunded; it reaches your bank in 5-7 days.",
      changed_by: "Pay support (Meera)",
      created_at: "2026-11-21T09:10:00.000Z",
    },
  ],
};

const meta = {
  title: "Payments/RaisedRequestView",
  component: RaisedRequestView,
  args: { request, attachmentHref: "#attachment" },
} satisfies Meta<typeof RaisedRequestView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Answered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "bank statement.pdf" })).toBeVisible();
    await expect(canvas.getAllByRole("listitem")).toHaveLength(2);
    await expect(canvas.getByText(/reaches your bank/)).toBeVisible();
  },
};

export const Unanswered: Story = {
  args: { request: { ...request, status: "open", changes: [], has_attachment: false }, attachmentHref: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No answer yet/)).toBeVisible();
    await expect(canvas.queryByRole("link")).toBeNull();
  },
};
