import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Pagination } from "./Pagination";

function Controlled({ pageCount }: { pageCount: number }) {
  const [page, setPage] = useState(1);
  return <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />;
}

const meta = { title: "Data/Pagination", component: Controlled, args: { pageCount: 24 } } satisfies Meta<
  typeof Controlled
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ManyPages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Next page" }));
    await expect(canvas.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  },
};
export const FewPages: Story = { args: { pageCount: 4 } };
