import type { IconName } from "../icon/paths";

/**
 * One entry of the sidebar (or header) menu. Apps build their menu as data, e.g. from the role's
 * permissions: a link has a `path`; a group has `children` (it may also have a path of its own).
 */
export interface MenuItem {
  id: string;
  title: string;
  path?: string;
  icon?: IconName;
  children?: MenuItem[];
}

export interface Breadcrumb {
  title: string;
  path?: string;
}

/** Deeper menu levels are ignored: a guard against runaway or cyclic data. */
export const MAX_MENU_DEPTH = 20;

/** "/a/b/?x#y" → "/a/b": no query, no fragment, no trailing slash, always a leading slash. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  const withSlash = bare.startsWith("/") ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, "") || "/" : withSlash;
}

function queryOf(path: string): URLSearchParams {
  const query = path.split("#", 1)[0]?.split("?")[1];
  return new URLSearchParams(query ?? "");
}

/**
 * How well a menu path matches the current location: 3 exact path and every query parameter the
 * item names; 2 exact path; 1 the location is inside the item's section ("/student" for
 * "/student/view"); 0 no match.
 */
export function matchScore(itemPath: string, location: string): 0 | 1 | 2 | 3 {
  const item = normalizePath(itemPath);
  const here = normalizePath(location);
  if (item === here) {
    const wanted = queryOf(itemPath);
    if ([...wanted.keys()].length === 0) return 2;
    const actual = queryOf(location);
    for (const [key, value] of wanted) if (actual.get(key) !== value) return 1;
    return 3;
  }
  if (item !== "/" && here.startsWith(`${item}/`)) return 1;
  return 0;
}

/**
 * The chain of items from the top level down to the item of the current location (empty when
 * nothing matches). The best match wins: exact before section; among sections the longest path.
 */
export function findActiveTrail(items: readonly MenuItem[], location: string): MenuItem[] {
  const best = { trail: [] as MenuItem[], score: 0, length: -1 };
  const visit = (list: readonly MenuItem[], parents: MenuItem[]) => {
    if (parents.length >= MAX_MENU_DEPTH) return;
    for (const item of list) {
      const trail = [...parents, item];
      if (item.path !== undefined) {
        const score = matchScore(item.path, location);
        const length = normalizePath(item.path).length;
        if (score > best.score || (score > 0 && score === best.score && length > best.length)) {
          Object.assign(best, { trail, score, length });
        }
      }
      if (item.children?.length) visit(item.children, trail);
    }
  };
  visit(items, []);
  return best.trail;
}

/** The page title: the title of the active menu link, else `fallback`. */
export function pageTitleFor(items: readonly MenuItem[], location: string, fallback?: string): string | undefined {
  return findActiveTrail(items, location).at(-1)?.title ?? fallback;
}

/**
 * Breadcrumbs from the menu hierarchy: every level of the active trail, the last one being the
 * current page. `home` is put in front unless the trail already starts there.
 */
export function breadcrumbsFor(items: readonly MenuItem[], location: string, home?: Breadcrumb): Breadcrumb[] {
  const crumbs: Breadcrumb[] = findActiveTrail(items, location).map(({ title, path }) =>
    path === undefined ? { title } : { title, path },
  );
  if (home && crumbs[0]?.path !== home.path) crumbs.unshift(home);
  return crumbs;
}

/** Ids of the groups that hold the active item: the ones to show expanded. */
export function activeGroupIds(items: readonly MenuItem[], location: string): string[] {
  return findActiveTrail(items, location)
    .slice(0, -1)
    .map((item) => item.id);
}

/** Every item with its depth (0 = top level), depth-first, within the nesting cap. */
export function flattenMenu(items: readonly MenuItem[]): { item: MenuItem; depth: number }[] {
  const out: { item: MenuItem; depth: number }[] = [];
  const visit = (list: readonly MenuItem[], depth: number) => {
    if (depth >= MAX_MENU_DEPTH) return;
    for (const item of list) {
      out.push({ item, depth });
      if (item.children?.length) visit(item.children, depth + 1);
    }
  };
  visit(items, 0);
  return out;
}

/** The username as the header shows it: at most 10 characters, then an ellipsis. */
export function shortUsername(username: string, max = 10): string {
  const chars = [...username];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : username;
}
