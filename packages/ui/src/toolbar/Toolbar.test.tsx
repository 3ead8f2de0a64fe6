// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { Toolbar } from "./Toolbar";

describe("Toolbar", () => {
  it("has the filter, date-range and Create buttons", async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    const onReset = vi.fn();
    render(
      <Toolbar
        filters={
          <label>
            District <input />
          </label>
        }
        activeFilters={2}
        onResetFilters={onReset}
        dateRange={{}}
        onDateRangeChange={() => {}}
        create={{ onClick: onCreate }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(onCreate).toHaveBeenCalledOnce();
    expect(screen.getByRole("button", { name: /Date range/ })).toBeTruthy();
    const filter = screen.getByRole("button", { name: "Filter 2 active" });
    await user.click(filter);
    expect(screen.getByRole("dialog", { name: "Filter options" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "District" }));
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(onReset).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("makes Create a link when given an address, with another label", () => {
    render(<Toolbar create={{ href: "/institute/Add-school", label: "Add school" }} />);
    expect(screen.getByRole("link", { name: "Add school" }).getAttribute("href")).toBe("/institute/Add-school");
    expect(screen.queryByRole("button", { name: /Filter/ })).toBeNull();
  });
});

describe("Toolbar without JavaScript (decision 053)", () => {
  it("shows its filters in the page as a GET form, keeping the search", async () => {
    const { renderToString } = await import("react-dom/server");
    const html = renderToString(
      <Toolbar
        filters={
          <label>
            District <input name="district" defaultValue="Pune" />
          </label>
        }
        filterKeeps={{ search: "asha", language: "" }}
      />,
    );
    const page = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    const form = page.querySelector("form");
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.querySelector('input[name="district"]')).not.toBeNull();
    expect(form?.querySelector('input[type="hidden"][name="search"]')?.getAttribute("value")).toBe("asha");
    expect(form?.querySelector('[name="language"]')).toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.textContent).toContain("Apply filters");
  });
});
