import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../button/Button";
import type { DateRange } from "../date-range/DateRangePicker";
import { Icon } from "../icon/Icon";
import { MultiSelect } from "../multi-select/MultiSelect";
import { Select } from "../select/Select";
import { Toolbar } from "./Toolbar";

function Example() {
  const [range, setRange] = useState<DateRange>({});
  const [states, setStates] = useState<string[]>(["27"]);
  return (
    <div style={{ display: "flex", justifyContent: "flex-end", alignItems: "flex-start", minHeight: 460 }}>
      <Toolbar
        filters={
          <>
            <MultiSelect
              label="States"
              placeholder="All states"
              value={states}
              onChange={setStates}
              options={[
                { value: "27", label: "Maharashtra" },
                { value: "24", label: "Gujarat" },
                { value: "30", label: "Goa" },
              ]}
            />
            <Select
              label="Fee status"
              placeholder="Any"
              options={[
                { value: "paid", label: "Paid" },
                { value: "unpaid", label: "Unpaid" },
              ]}
            />
          </>
        }
        activeFilters={states.length}
        onResetFilters={() => setStates([])}
        dateRange={range}
        onDateRangeChange={setRange}
        dateRangeLabel="Registration date"
        create={{ onClick: () => {} }}
      >
        <Button variant="secondary" size="sm" icon={<Icon name="download" size={16} />}>
          Export
        </Button>
      </Toolbar>
    </div>
  );
}

const meta = { title: "Data/Toolbar", component: Example } satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ListPage: Story = {};
export const FilterOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The Filter button replaces the no-JavaScript filter form once an effect has run (decision 053).
    await userEvent.click(await canvas.findByRole("button", { name: /Filter/ }));
    await expect(await canvas.findByRole("dialog", { name: "Filter options" })).toBeVisible();
  },
};
