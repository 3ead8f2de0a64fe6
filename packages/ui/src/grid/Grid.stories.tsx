import type { Meta, StoryObj } from "@storybook/react-vite";
import { Card } from "../card/Card";
import { Grid } from "./Grid";

const meta = { title: "Foundations/Grid", component: Grid, args: { children: null } } satisfies Meta<typeof Grid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {
  render: () => (
    <Grid minItemWidth={240}>
      {["Level 1", "Level 2", "Mock", "Results"].map((title) => (
        <Card key={title} title={title} headingLevel={3}>
          Summary of the {title.toLowerCase()} papers.
        </Card>
      ))}
    </Grid>
  ),
};
