import { describe, expect, it } from "vitest";
import { placeFloating } from "./position";

const viewport = { width: 1000, height: 800 };
const anchor = { top: 100, left: 400, width: 100, height: 40 };
const box = { width: 200, height: 100 };

describe("placeFloating", () => {
  it("puts the element on the wanted side, aligned", () => {
    expect(placeFloating(anchor, box, viewport, "bottom", "start")).toEqual({ top: 146, left: 400, side: "bottom" });
    expect(placeFloating(anchor, box, viewport, "bottom", "end")).toEqual({ top: 146, left: 300, side: "bottom" });
    expect(placeFloating(anchor, box, viewport, "bottom", "center")).toEqual({ top: 146, left: 350, side: "bottom" });
    expect(placeFloating(anchor, box, viewport, "right")).toEqual({ top: 70, left: 506, side: "right" });
  });
  it("flips when the wanted side has no room", () => {
    expect(placeFloating(anchor, box, viewport, "top").side).toBe("bottom");
    expect(placeFloating({ ...anchor, top: 720 }, box, viewport, "bottom")).toMatchObject({ side: "top", top: 614 });
  });
  it("stays inside the viewport", () => {
    expect(placeFloating({ ...anchor, left: 950 }, box, viewport, "bottom", "start").left).toBe(792);
    expect(placeFloating({ ...anchor, left: 0 }, box, viewport, "bottom", "end").left).toBe(8);
  });
});
