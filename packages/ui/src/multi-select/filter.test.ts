import { describe, expect, it } from "vitest";
import { filterOptions, selectAll, summarize, toggleValue } from "./filter";

const states = [
  { value: "27", label: "Maharashtra" },
  { value: "24", label: "Gujarat" },
  { value: "33", label: "Tamil Nadu" },
  { value: "15", label: "Odisha" },
];

describe("filterOptions", () => {
  it("matches anywhere, ignoring case, spaces and accents", () => {
    expect(filterOptions(states, " nad ").map((s) => s.label)).toEqual(["Tamil Nadu"]);
    expect(filterOptions(states, "GUJ").map((s) => s.label)).toEqual(["Gujarat"]);
    expect(filterOptions([{ value: "x", label: "Sāṅglī" }], "sangli")).toHaveLength(1);
    expect(filterOptions(states, "")).toHaveLength(4);
  });
});

describe("toggleValue and selectAll", () => {
  it("adds and removes, keeping the options' order", () => {
    expect(toggleValue(["33"], "27", states)).toEqual(["27", "33"]);
    expect(toggleValue(["27", "33"], "27", states)).toEqual(["33"]);
  });
  it("selects the visible options on top of the chosen ones", () => {
    expect(selectAll(["15"], filterOptions(states, "a"), states)).toEqual(["27", "24", "33", "15"]);
  });
});

describe("summarize", () => {
  it("names one or two choices and counts more", () => {
    expect(summarize([], states, "All states")).toBe("All states");
    expect(summarize(["24"], states, "")).toBe("Gujarat");
    expect(summarize(["27", "24"], states, "")).toBe("Maharashtra, Gujarat");
    expect(summarize(["27", "24", "33"], states, "")).toBe("Maharashtra +2");
  });
});
