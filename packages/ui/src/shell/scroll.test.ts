import { describe, expect, it } from "vitest";
import {
  isHeaderSticky,
  isScrollTopVisible,
  SCROLL_TOP_DURATION_MS,
  STICKY_HEADER_OFFSET,
  scrollPositionAt,
} from "./scroll";

describe("isHeaderSticky", () => {
  it("sticks only past the 200 px offset", () => {
    expect(STICKY_HEADER_OFFSET).toBe(200);
    expect(isHeaderSticky("on", 200, 0)).toBe(false);
    expect(isHeaderSticky("on", 201, 0)).toBe(true);
    expect(isHeaderSticky("on", 900, 1000)).toBe(true);
  });
  it("in reverse mode sticks only while scrolling down", () => {
    expect(isHeaderSticky("reverse", 500, 400)).toBe(true);
    expect(isHeaderSticky("reverse", 400, 500)).toBe(false);
    expect(isHeaderSticky("reverse", 500, 500)).toBe(false);
    expect(isHeaderSticky("reverse", 150, 100)).toBe(false);
  });
  it("never sticks when off", () => expect(isHeaderSticky("off", 5000, 0)).toBe(false));
});

describe("scroll to top", () => {
  it("shows the button past the offset", () => {
    expect(isScrollTopVisible(200)).toBe(false);
    expect(isScrollTopVisible(201)).toBe(true);
  });
  it("eases from the start to 0 in 600 ms", () => {
    expect(SCROLL_TOP_DURATION_MS).toBe(600);
    expect(scrollPositionAt(1000, 0)).toBe(1000);
    expect(scrollPositionAt(1000, 300)).toBe(500);
    expect(scrollPositionAt(1000, 150)).toBeGreaterThan(500);
    expect(scrollPositionAt(1000, 450)).toBeLessThan(500);
    expect(scrollPositionAt(1000, 600)).toBe(0);
    expect(scrollPositionAt(1000, 9999)).toBe(0);
    expect(scrollPositionAt(1000, 10, 0)).toBe(0);
  });
  it("never moves backwards", () => {
    let last = Number.POSITIVE_INFINITY;
    for (let t = 0; t <= 600; t += 20) {
      const y = scrollPositionAt(3000, t);
      expect(y).toBeLessThanOrEqual(last);
      last = y;
    }
  });
});
