import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { LinkTab, LinkTabs } from "./LinkTabs";

const meta = { title: "Components/LinkTabs", component: LinkTabs } satisfies Meta<typeof LinkTabs>;
export default meta;
type Story = StoryObj<typeof meta>;

const AWARDS = [
  { value: "school", label: "School toppers" },
  { value: "district", label: "District toppers" },
  { value: "state", label: "State camp" },
  { value: "national", label: "National camp" },
];

/** The winners page's awards: each tab is a link to the page with its `award`. */
export const Awards: Story = {
  args: { value: "school", "aria-label": "Awards", tabs: null, children: null },
  render: function Render() {
    // A story has no router: the links' clicks choose the tab, as the next page would.
    const [value, setValue] = useState("school");
    return (
      <div style={{ maxWidth: 640 }}>
        <LinkTabs
          aria-label="Awards"
          value={value}
          tabs={AWARDS.map((award) => (
            <LinkTab key={award.value} value={award.value}>
              <a
                href={`?award=${award.value}`}
                onClick={(event) => {
                  event.preventDefault();
                  setValue(award.value);
                }}
              >
                {award.label}
              </a>
            </LinkTab>
          ))}
        >
          {`The ${AWARDS.find((award) => award.value === value)?.label.toLowerCase()} of class VIII.`}
        </LinkTabs>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "State camp" }));
    await expect(canvas.getByRole("tab", { name: "State camp" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("state camp");
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "National camp" })).toHaveFocus();
  },
};
