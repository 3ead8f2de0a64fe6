import type { Meta, StoryObj } from "@storybook/react-vite";
import { Grid } from "../grid/Grid";
import { StatCard } from "./StatCard";

const meta = {
  title: "Components/StatCard",
  component: StatCard,
  args: { label: "Students registered", value: "12,480", icon: "users" },
  decorators: [(Story) => <div style={{ maxWidth: 300 }}>{Story()}</div>],
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithTrend: Story = { args: { trend: { value: "8.2%", direction: "up", label: "this week" } } };
export const Dashboard: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 1100 }}>{Story()}</div>],
  render: () => (
    <Grid minItemWidth={220}>
      <StatCard label="Students registered" value="12,480" icon="users" trend={{ value: "8.2%", direction: "up" }} />
      <StatCard label="Fees collected" value="₹ 18.6 L" icon="credit-card" tone="info" />
      <StatCard label="Schools" value="642" icon="school" tone="warning" />
      <StatCard
        label="Unpaid students"
        value="1,205"
        icon="warning"
        tone="danger"
        trend={{ value: "2.1%", direction: "down" }}
      />
    </Grid>
  ),
};
