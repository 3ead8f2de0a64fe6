// @vitest-environment happy-dom
import { useLocation } from "@remix-run/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { type ListLevels, RegionPicker, type RegionPickerProps } from "./RegionPicker";

const zones = [{ value: "1", label: "West Zone" }];
const states = [
  { value: "10", label: "Maharashtra" },
  { value: "11", label: "Gujarat" },
];
const prants = [{ value: "100", label: "Konkan" }];

function Search() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderAt<const Levels extends ListLevels>(url: string, props: RegionPickerProps<Levels>) {
  render(
    <MemoryRouter initialEntries={[url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <RegionPicker {...props} />
      <Search />
    </MemoryRouter>,
  );
}

const placeholderOf = (label: string) => (screen.getByLabelText(label) as HTMLSelectElement).options[0]?.textContent;
const address = () => new URLSearchParams(screen.getByLabelText("Address").textContent ?? "");

afterEach(cleanup);

describe("RegionPicker", () => {
  it("offers the levels asked for, each named by its URL parameter", () => {
    renderAt("/schools", { levels: ["zone", "state"], options: { zone: zones, state: states } });
    const selects = screen.getAllByRole("combobox") as HTMLSelectElement[];
    expect(selects.map((s) => s.name)).toEqual(["zone_id", "state_id"]);
    expect(screen.getByLabelText("State")).toBeTruthy();
    expect(screen.queryByLabelText("Prant")).toBeNull();
    expect(screen.getAllByRole("option", { name: "Maharashtra" })).toHaveLength(1);
  });

  it("reads 'All …' where there is something to pick, and asks for the level above where there is not", () => {
    renderAt("/schools", { levels: ["zone", "state", "prant", "district"], options: { zone: zones, state: states } });
    expect(placeholderOf("Zone")).toBe("All zones");
    expect(placeholderOf("State")).toBe("All states");
    expect(placeholderOf("Prant")).toBe("Choose a state first");
    expect(placeholderOf("District")).toBe("Choose a prant first");
  });

  it("shows the URL's choices, and 'All …' below a chosen level even when it has no nodes", () => {
    renderAt("/schools?zone_id=1&state_id=10", {
      levels: ["zone", "state", "prant"],
      options: { zone: zones, state: states, prant: [] },
    });
    expect((screen.getByLabelText("Zone") as HTMLSelectElement).value).toBe("1");
    expect((screen.getByLabelText("State") as HTMLSelectElement).value).toBe("10");
    expect(placeholderOf("Prant")).toBe("All prants");
  });

  it("takes the screen's own words for a level's empty choice", () => {
    renderAt("/certificates?state_id=10", {
      levels: ["state", "district"],
      options: { state: states, district: [] },
      placeholders: { state: "Choose a state", district: "The whole state" },
    });
    expect(placeholderOf("State")).toBe("Choose a state");
    expect(placeholderOf("District")).toBe("The whole state");
  });

  it("empties the levels below a new choice (and the parameters asked), keeps the rest and goes to page one", () => {
    renderAt("/schools?zone_id=1&state_id=10&prant_id=100&district_id=7&school_id=5&class_level=6&page=3", {
      levels: ["zone", "state", "prant", "district"],
      options: { zone: [...zones, { value: "2", label: "East Zone" }], state: states, prant: prants },
      alsoClears: ["school_id"],
    });
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "11" } });
    expect(Object.fromEntries(address())).toEqual({ zone_id: "1", state_id: "11", class_level: "6" });
    fireEvent.change(screen.getByLabelText("Zone"), { target: { value: "" } });
    expect(Object.fromEntries(address())).toEqual({ class_level: "6" });
  });

  it("takes its levels from the top of the tree down only", () => {
    // @ts-expect-error the state is below the zone (GEOGRAPHY_LEVELS)
    const upsideDown: RegionPickerProps<ListLevels> = { levels: ["state", "zone"], options: {} };
    // @ts-expect-error a city is no list filter
    const withCities: RegionPickerProps<ListLevels> = { levels: ["district", "city"], options: {} };
    expect([upsideDown.levels, withCities.levels]).toHaveLength(2);
  });

  it("leaves the levels above a new choice alone", () => {
    renderAt("/schools?zone_id=1&state_id=10", { levels: ["zone", "state"], options: { zone: zones, state: states } });
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "11" } });
    expect(Object.fromEntries(address())).toEqual({ zone_id: "1", state_id: "11" });
  });
});
