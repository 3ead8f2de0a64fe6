import type { Meta, StoryObj } from "@storybook/react-vite";
import { PageTitle } from "./PageTitle";

const meta = {
  title: "Components/PageTitle",
  component: PageTitle,
  args: {
    title: "Paid students",
    breadcrumbs: [{ title: "Home", path: "#home" }, { title: "Students" }, { title: "Paid students" }],
  },
} satisfies Meta<typeof PageTitle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithBreadcrumbs: Story = {};
export const WithDescription: Story = {
  args: { description: "Students of your schools whose exam fee is paid", size: "lg" },
};
export const BesideTitle: Story = { args: { direction: "row" } };
