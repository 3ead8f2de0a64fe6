/**
 * Layout resolution of the shell: the layout type comes from the active route's data,
 * else from local storage, else 'light-sidebar'.
 */
export const LAYOUT_TYPES = ["dark-sidebar", "light-sidebar", "dark-header", "light-header"] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];
export const DEFAULT_LAYOUT: LayoutType = "light-sidebar";
export const LAYOUT_STORAGE_KEY = "exam-portal.layout";

/** 'default' is fixed for the header layouts and fluid for the sidebar ones. */
export type PageWidth = "default" | "fluid" | "fixed";
/** What the header shows beside the logo: the role title, or the page title (toolbar hidden). */
export type HeaderContent = "role-title" | "page-title";

export function isLayoutType(value: unknown): value is LayoutType {
  return typeof value === "string" && (LAYOUT_TYPES as readonly string[]).includes(value);
}

/** Route data first, then the stored choice, then the default. Invalid values are skipped. */
export function resolveLayout(routeLayout: unknown, storedLayout: unknown): LayoutType {
  if (isLayoutType(routeLayout)) return routeLayout;
  if (isLayoutType(storedLayout)) return storedLayout;
  return DEFAULT_LAYOUT;
}

/**
 * The layout named by the deepest route that names one, e.g. Remix's `useMatches()` where a route
 * exports `handle = { layout: "dark-header" }` (or returns `{ layout }` from its loader).
 */
export function routeLayoutFrom(matches: readonly { handle?: unknown; data?: unknown }[]): LayoutType | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index];
    for (const source of [match?.handle, match?.data]) {
      if (source && typeof source === "object" && "layout" in source && isLayoutType(source.layout)) {
        return source.layout;
      }
    }
  }
  return undefined;
}

type ReadableStorage = Pick<Storage, "getItem">;
type WritableStorage = Pick<Storage, "setItem">;

/** The stored layout, or null (storage can be missing or throw, e.g. in private browsing). */
export function readStoredLayout(storage: ReadableStorage | undefined): string | null {
  try {
    return storage?.getItem(LAYOUT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the user's layout; a failing storage is ignored (the choice is a nicety). */
export function storeLayout(storage: WritableStorage | undefined, layout: LayoutType): void {
  try {
    storage?.setItem(LAYOUT_STORAGE_KEY, layout);
  } catch {
    // Not remembered; the layout still applies to this page.
  }
}

export function hasSidebar(layout: LayoutType): boolean {
  return layout === "dark-sidebar" || layout === "light-sidebar";
}

/** Which chrome is dark in a layout: the sidebar, the header, or none. */
export function darkChrome(layout: LayoutType): "sidebar" | "header" | null {
  if (layout === "dark-sidebar") return "sidebar";
  if (layout === "dark-header") return "header";
  return null;
}

/** Whether header, toolbar, content and footer sit in a fixed-width container. */
export function containerMode(layout: LayoutType, pageWidth: PageWidth): "fixed" | "fluid" {
  if (pageWidth === "fixed") return "fixed";
  if (pageWidth === "fluid") return "fluid";
  return hasSidebar(layout) ? "fluid" : "fixed";
}

/** The toolbar is hidden when the header already shows the page title. */
export function isToolbarVisible(headerContent: HeaderContent): boolean {
  return headerContent !== "page-title";
}
