export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

export type Side = "top" | "bottom" | "left" | "right";

/**
 * Where to put a floating element (fixed positioning) next to its anchor: on the wanted side,
 * flipped to the opposite side when it would not fit, then kept inside the viewport. `align`
 * lines it up with the anchor's start, centre or end (start/end are physical: pass the mirrored
 * value in right-to-left layouts).
 */
export function placeFloating(
  anchor: Rect,
  floating: { width: number; height: number },
  viewport: { width: number; height: number },
  side: Side = "bottom",
  align: "start" | "center" | "end" = "center",
  gap = 6,
  margin = 8,
): { top: number; left: number; side: Side } {
  const fits: Record<Side, boolean> = {
    top: anchor.top - gap - floating.height >= margin,
    bottom: anchor.top + anchor.height + gap + floating.height <= viewport.height - margin,
    left: anchor.left - gap - floating.width >= margin,
    right: anchor.left + anchor.width + gap + floating.width <= viewport.width - margin,
  };
  const opposite: Record<Side, Side> = { top: "bottom", bottom: "top", left: "right", right: "left" };
  const chosen = fits[side] || !fits[opposite[side]] ? side : opposite[side];
  const vertical = chosen === "top" || chosen === "bottom";
  let top: number;
  let left: number;
  if (vertical) {
    top = chosen === "top" ? anchor.top - gap - floating.height : anchor.top + anchor.height + gap;
    left =
      align === "start"
        ? anchor.left
        : align === "end"
          ? anchor.left + anchor.width - floating.width
          : anchor.left + (anchor.width - floating.width) / 2;
  } else {
    left = chosen === "left" ? anchor.left - gap - floating.width : anchor.left + anchor.width + gap;
    top = anchor.top + (anchor.height - floating.height) / 2;
  }
  const clamp = (value: number, size: number, limit: number) =>
    Math.max(margin, Math.min(value, limit - margin - size));
  return {
    top: clamp(top, floating.height, viewport.height),
    left: clamp(left, floating.width, viewport.width),
    side: chosen,
  };
}
