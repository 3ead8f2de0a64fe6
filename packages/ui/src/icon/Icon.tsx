import type { SVGProps } from "react";
import { Glyph } from "./Glyph";
import { directionalIcons, type IconName, iconPaths } from "./paths";

export type { IconName } from "./paths";
export { iconPaths } from "./paths";

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "ref" | "name"> {
  name: IconName;
  /** Pixel size (width and height). */
  size?: number;
  /**
   * Accessible name. Without it the icon is decorative and hidden from assistive technology,
   * which is right whenever a visible text or the control's own label already says the same.
   */
  label?: string;
}

/** One of the kit's stroke icons, drawn in `currentColor`. */
export function Icon({ name, ...props }: IconProps) {
  return <Glyph d={iconPaths[name]} directional={directionalIcons.has(name)} {...props} />;
}

/** Whether a string names one of the kit's icons (menus may come from JSON). */
export function isIconName(value: unknown): value is IconName {
  return typeof value === "string" && Object.hasOwn(iconPaths, value);
}
