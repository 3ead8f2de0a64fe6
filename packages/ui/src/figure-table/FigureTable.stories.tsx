import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { FigureTable } from "./FigureTable";

const meta = { title: "Components/FigureTable", component: FigureTable } satisfies Meta<typeof FigureTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = [
  ["Delhi", 80, 44, 36],
  ["Gujarat", 120, 67, 53],
  ["Karnataka", 200, 121, 79],
] as const;

/** Statistics: every column after the first holds figures, headings in small capitals, one line each. */
export const Statistics: Story = {
  args: {
    size: "sm",
    heads: "caps",
    figures: "columns",
    nowrap: true,
    children: (
      <>
        <caption>Students by state and payment</caption>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Students</th>
            <th scope="col">Paid</th>
            <th scope="col">Unpaid</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([state, ...figures]) => (
            <tr key={state}>
              <th scope="row">{state}</th>
              {figures.map((figure, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={index}>{figure}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>Total</td>
            <td>400</td>
            <td>232</td>
            <td>168</td>
          </tr>
        </tfoot>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole("table", { name: "Students by state and payment" });
    await expect(getComputedStyle(canvas.getByRole("rowheader", { name: "Delhi" })).textAlign).toBe("start");
    await expect(getComputedStyle(canvas.getByRole("cell", { name: "80" })).textAlign).toBe("end");
    await expect(getComputedStyle(canvas.getByRole("columnheader", { name: "Paid" })).textTransform).toBe("uppercase");
    await expect(table.parentElement && getComputedStyle(table.parentElement).overflowX).toBe("auto");
  },
};

/** A sheet's marks: groups of rows under a heading row, the figures marked one by one. */
export const Groups: Story = {
  args: {
    "aria-label": "Questions",
    compact: true,
    children: (
      <>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Your answer</th>
            <th scope="col" data-figure>
              Marks
            </th>
          </tr>
        </thead>
        <tbody>
          <tr data-group>
            <th scope="rowgroup" colSpan={3}>
              Section A
            </th>
          </tr>
          <tr>
            <th scope="row">1</th>
            <td>B</td>
            <td data-figure>+1</td>
          </tr>
          <tr>
            <th scope="row">2</th>
            <td>C</td>
            <td data-figure>0</td>
          </tr>
        </tbody>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(getComputedStyle(canvas.getByRole("cell", { name: "+1" })).textAlign).toBe("end");
    await expect(getComputedStyle(canvas.getByRole("cell", { name: "B" })).textAlign).toBe("start");
  },
};
