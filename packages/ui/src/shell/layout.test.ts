import { describe, expect, it } from "vitest";
import {
  containerMode,
  DEFAULT_LAYOUT,
  darkChrome,
  hasSidebar,
  isLayoutType,
  isToolbarVisible,
  LAYOUT_STORAGE_KEY,
  LAYOUT_TYPES,
  readStoredLayout,
  resolveLayout,
  routeLayoutFrom,
  storeLayout,
} from "./layout";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => data.set(key, value),
    data,
  };
}
const throwing = {
  getItem: (): string | null => {
    throw new Error("denied");
  },
  setItem: () => {
    throw new Error("denied");
  },
};

describe("resolveLayout", () => {
  it("takes the route's layout first", () => expect(resolveLayout("dark-header", "light-header")).toBe("dark-header"));
  it("falls back to the stored layout", () => expect(resolveLayout(undefined, "dark-sidebar")).toBe("dark-sidebar"));
  it("defaults to light-sidebar", () => {
    expect(DEFAULT_LAYOUT).toBe("light-sidebar");
    expect(resolveLayout(undefined, null)).toBe("light-sidebar");
  });
  it("skips invalid values at each step", () => {
    expect(resolveLayout("purple", "light-header")).toBe("light-header");
    expect(resolveLayout(42, "nope")).toBe("light-sidebar");
    expect(resolveLayout(null, { layout: "dark-header" })).toBe("light-sidebar");
  });
  it("knows exactly the four layouts", () => {
    expect(LAYOUT_TYPES).toEqual(["dark-sidebar", "light-sidebar", "dark-header", "light-header"]);
    expect(isLayoutType("dark-sidebar")).toBe(true);
    expect(isLayoutType("Dark-Sidebar")).toBe(false);
  });
});

describe("routeLayoutFrom", () => {
  it("uses the deepest route that names a layout, in its handle or data", () => {
    expect(
      routeLayoutFrom([{ handle: { layout: "light-header" } }, { data: { layout: "dark-sidebar" } }, { handle: {} }]),
    ).toBe("dark-sidebar");
    expect(routeLayoutFrom([{ handle: { layout: "light-header" } }, { data: null }])).toBe("light-header");
  });
  it("ignores invalid names and routes without data", () => {
    expect(routeLayoutFrom([{ handle: { layout: "bogus" } }, {}])).toBeUndefined();
    expect(routeLayoutFrom([])).toBeUndefined();
  });
});

describe("stored layout", () => {
  it("reads and writes under one key", () => {
    const storage = memoryStorage();
    expect(readStoredLayout(storage)).toBeNull();
    storeLayout(storage, "dark-header");
    expect(storage.data.get(LAYOUT_STORAGE_KEY)).toBe("dark-header");
    expect(readStoredLayout(storage)).toBe("dark-header");
  });
  it("survives a missing or failing storage", () => {
    expect(readStoredLayout(undefined)).toBeNull();
    expect(readStoredLayout(throwing)).toBeNull();
    expect(() => storeLayout(throwing, "light-header")).not.toThrow();
    expect(() => storeLayout(undefined, "light-header")).not.toThrow();
  });
});

describe("layout properties", () => {
  it("knows which layouts have a sidebar and which chrome is dark", () => {
    expect(LAYOUT_TYPES.filter(hasSidebar)).toEqual(["dark-sidebar", "light-sidebar"]);
    expect(LAYOUT_TYPES.map(darkChrome)).toEqual(["sidebar", null, "header", null]);
  });
  it("page width 'default' is fixed only for the header layouts", () => {
    expect(LAYOUT_TYPES.map((layout) => containerMode(layout, "default"))).toEqual([
      "fluid",
      "fluid",
      "fixed",
      "fixed",
    ]);
    expect(LAYOUT_TYPES.map((layout) => containerMode(layout, "fluid"))).toEqual(Array(4).fill("fluid"));
    expect(LAYOUT_TYPES.map((layout) => containerMode(layout, "fixed"))).toEqual(Array(4).fill("fixed"));
  });
  it("hides the toolbar when the header shows the page title", () => {
    expect(isToolbarVisible("page-title")).toBe(false);
    expect(isToolbarVisible("role-title")).toBe(true);
  });
});
