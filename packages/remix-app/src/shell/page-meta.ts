import type { MetaFunction } from "@remix-run/node";

/**
 * What the shell's loader sends for document titles: the app's title and, by page address (no
 * query), the title of every page the user may open. The page tree itself stays out of the browser
 * bundle, where it would add ~3.5 KB of gzip to every first view (decision 005's budget).
 */
export interface PageTitles {
  app: string;
  pages: Record<string, string>;
}

/** The address a title is looked up by: no query, no trailing slash. */
export const titleKey = (pathname: string) => (pathname.split("?")[0] ?? "").replace(/\/+$/, "") || "/";

/**
 * The document title of a signed-in page: "View Schools · School Portal". A page the user may not
 * open (or that does not exist) is titled by the app alone.
 */
export function pageTitle(titles: PageTitles, pathname: string): string {
  const page = titles.pages[titleKey(pathname)];
  return page ? `${page} · ${titles.app}` : titles.app;
}

/**
 * The shell layout exports this as its meta, so every screen below has a title that names it (a
 * screen reader announces it, a browser tab shows it) unless the screen exports its own.
 * Remix lets a route's meta replace its parents', so without data it passes the root's on.
 */
export const pageMeta: MetaFunction = ({ location, matches }) => {
  const shell = matches.find((match) => match.id === "routes/_app")?.data as { titles?: PageTitles } | undefined;
  if (shell?.titles) return [{ title: pageTitle(shell.titles, location.pathname) }];
  // No shell data (its loader failed: a 503 or 500 page): the root's title, not none.
  return matches.find((match) => match.id === "root")?.meta ?? [];
};
