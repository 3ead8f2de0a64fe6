import * as Direction from "radix-ui/direction";
import type { ReactNode } from "react";

export interface UiProviderProps {
  /** Reading direction of the app; keyboard navigation in menus, tabs and radios follows it. */
  dir?: "ltr" | "rtl";
  children: ReactNode;
}

/**
 * Put once around an app (inside <body>) when it can be right-to-left: Radix-based components
 * read the direction from here. Also set `dir` on <html> so that the layout mirrors.
 */
export function UiProvider({ dir = "ltr", children }: UiProviderProps) {
  return <Direction.Provider dir={dir}>{children}</Direction.Provider>;
}
