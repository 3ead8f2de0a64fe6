import { describe, expect, it } from "vitest";
import { pageCountOf, pageWindow } from "./pages";

describe("pageWindow", () => {
  it("lists every page when they fit", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it("shows first, last, current and siblings with gaps", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(pageWindow(5, 20)).toEqual([1, "gap", 4, 5, 6, "gap", 20]);
    expect(pageWindow(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageWindow(17, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
  });
  it("keeps a constant length and never hides a single page", () => {
    for (let page = 1; page <= 30; page++) {
      const items = pageWindow(page, 30);
      expect(items).toHaveLength(7);
      expect(items).toContain(page);
      items.forEach((item, index) => {
        const before = items[index - 1];
        const after = items[index + 1];
        if (item === "gap" && typeof before === "number" && typeof after === "number") {
          expect(after - before).toBeGreaterThan(2);
        }
      });
    }
  });
  it("clamps an out-of-range page and takes more siblings", () => {
    expect(pageWindow(99, 20)).toEqual(pageWindow(20, 20));
    expect(pageWindow(-3, 20)).toEqual(pageWindow(1, 20));
    expect(pageWindow(10, 20, 2)).toEqual([1, "gap", 8, 9, 10, 11, 12, "gap", 20]);
  });
});

describe("pageCountOf", () => {
  it("rounds up, with at least one page", () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(57, 10)).toBe(6);
    expect(pageCountOf(5, 0)).toBe(5);
  });
});
