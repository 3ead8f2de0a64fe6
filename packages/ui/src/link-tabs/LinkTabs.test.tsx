// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { LinkTab, LinkTabs } from "./LinkTabs";

const AWARDS = [
  { value: "school", label: "School toppers" },
  { value: "district", label: "District toppers" },
  { value: "state", label: "State camp" },
];

function Example({ value }: { value: string }) {
  return (
    <LinkTabs
      aria-label="Awards"
      value={value}
      tabs={AWARDS.map((award) => (
        <LinkTab key={award.value} value={award.value}>
          <a href={`?award=${award.value}`}>{award.label}</a>
        </LinkTab>
      ))}
    >
      {`Winners: ${value}`}
    </LinkTabs>
  );
}

describe("LinkTabs", () => {
  it("is a named tab list of links whose selected one labels the panel", () => {
    render(<Example value="district" />);
    expect(screen.getByRole("tablist", { name: "Awards" })).toBeTruthy();
    const selected = screen.getByRole("tab", { selected: true });
    expect(selected.textContent).toBe("District toppers");
    expect(selected.getAttribute("href")).toBe("?award=district");
    const panel = screen.getByRole("tabpanel", { name: "District toppers" });
    expect(panel.textContent).toBe("Winners: district");
    expect(selected.getAttribute("aria-controls")).toBe(panel.id);
    // Only the selected tab is in the tab order; the arrow keys reach the others.
    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it("moves focus with the arrow keys, Home and End, and opens a tab with Space", async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    render(<Example value="school" />);
    for (const tab of screen.getAllByRole("tab")) {
      tab.addEventListener("click", (event) => {
        event.preventDefault();
        opened.push(tab.textContent ?? "");
      });
    }
    await user.tab();
    expect(document.activeElement?.textContent).toBe("School toppers");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement?.textContent).toBe("District toppers");
    await user.keyboard("{End}");
    expect(document.activeElement?.textContent).toBe("State camp");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement?.textContent).toBe("School toppers");
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement?.textContent).toBe("State camp");
    await user.keyboard(" ");
    await user.keyboard("{Home}{Enter}");
    expect(opened).toEqual(["State camp", "School toppers"]);
  });
});
