import { expect, test } from "@playwright/test";
import { APP_TITLES } from "@repo/auth/apps";
import { menuFor, type PageNode, pagePath, pagesOf } from "@repo/auth/menus";
import { can } from "@repo/auth/permissions";
import { ROLES } from "@repo/auth/roles";
import { appOf, expectAccessible, pageUrl, signIn, signInTo, subjectOf } from "./support";

const links = (nodes: PageNode[]): string[] =>
  nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...links(n.children ?? [])]);
/** The document title in a page's server HTML. */
const titleOf = (html: string) =>
  /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&#x27;|&#39;|&amp;/g, (e) => (e === "&amp;" ? "&" : "'"));
const groups = (nodes: PageNode[]): string[] => nodes.filter((n) => !n.path && n.children?.length).map((n) => n.title);

// The sidebar of each role equals the permission table's menu for that user (not a hand-copied list).
for (const username of [...ROLES.map((r) => r.demoUsername), "gccstate"]) {
  test(`${username} sees exactly the menu the permission table gives them`, async ({ page }) => {
    const subject = await subjectOf(username);
    const role = ROLES.find((r) => r.id === subject.roleId);
    if (!role) throw new Error(`unknown role ${subject.roleId}`);
    await signIn(page, role.app, username);
    const expected = menuFor(role.app, subject);
    const nav = page.getByRole("navigation", { name: "Main" });
    // The landing page may still be rendering after its URL changed: wait for the menu first.
    await expect(nav.locator("a[href]").first()).toBeVisible();
    const hrefs = await nav.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.sort()).toEqual(links(expected).sort());
    const groupButtons = await nav.locator("button[aria-expanded]").allInnerTexts();
    expect(groupButtons.map((t) => t.trim()).sort()).toEqual(groups(expected).sort());
  });
}

// Every page a user can open is titled after itself (the shell sends the page tree's titles), so a
// browser tab or a screen reader names the page, not only the app (the admin's pages: below).
for (const username of ["masterinstitute"]) {
  test(`every menu page of ${username} has a document title naming the page`, async ({ page }) => {
    const subject = await subjectOf(username);
    const role = ROLES.find((r) => r.id === subject.roleId);
    if (!role) throw new Error(`unknown role ${subject.roleId}`);
    await signIn(page, role.app, username);
    const pages = (nodes: PageNode[]): PageNode[] =>
      nodes.flatMap((n) => [...(n.path ? [n] : []), ...pages(n.children ?? [])]);
    for (const item of pages(menuFor(role.app, subject))) {
      // The server's HTML is enough: no need to render each page.
      const html = await (await page.request.get(new URL(item.path ?? "/", page.url()).href)).text();
      expect(titleOf(html), item.path).toBe(`${item.title} · ${APP_TITLES[role.app]}`);
    }
  });
}

test("a page the role may not use shows a 403 page with a way home", async ({ page }) => {
  const response = await signInTo(page, pageUrl("coordinator", "zones"), "state");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You do not have permission to open this page")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to my home page" })).toBeVisible();
  await expectAccessible(page);
  await page.goto(pageUrl("coordinator", "reset-exam"));
  await expect(page.getByText("You do not have permission to open this page")).toBeVisible();
});

// No page of the tree is a placeholder any more (PlannedPage says "… is being built"): every page a
// role may open, from its menu or hidden (reached from another page), has a screen of its own. A
// hidden page that needs a query may show its own empty or invalid state; `:param` pages are left
// out (they cannot be opened without an id). The server's HTML is what is read: the placeholder and
// the title are in it, and no script needs to run for them (the pages' behaviour is the other specs').
const PLACEHOLDER = "is being built";
// Together these users can open every page of the tree (the test below holds the list to that): the
// admin most of the coordinator app, the others the pages only their role has (pay support's,
// LMS's, a master institute's, a GCC state coordinator's import).
const SWEPT = ["school", "student", "admin", "psadmin", "outbox", "paysupport", "lms", "masterinstitute", "gccstate"];
type Subject = Awaited<ReturnType<typeof subjectOf>>;
/** The app of `subject`'s role and the pages of its tree that `subject` may open ("/:param" pages left out). */
const openable = (subject: Subject) => {
  const role = ROLES.find((r) => r.id === subject.roleId);
  if (!role) throw new Error(`unknown role ${subject.roleId}`);
  const pages = pagesOf(role.app).filter(
    (p) => !p.path.includes("/:") && (!p.permission || can(subject, p.permission)),
  );
  return { app: role.app, pages, keys: pages.map((p) => `${role.app} ${p.path}`) };
};

test("the placeholder sweep's users together open every page any user may open", async () => {
  const swept = new Set<string>();
  for (const username of SWEPT) for (const key of openable(await subjectOf(username)).keys) swept.add(key);
  const missed = new Set<string>();
  // Every role, in and outside GCC, with and without enough referred students for bank details.
  for (const role of ROLES)
    for (const isGcc of [false, true])
      for (const referredStudents of [0, 1_000])
        for (const key of openable({ roleId: role.id, isGcc, referredStudents }).keys)
          if (!swept.has(key)) missed.add(key);
  expect([...missed], "add a user who may open these pages to SWEPT").toEqual([]);
});

for (const username of SWEPT) {
  test(`no page ${username} may open says it is being built`, async ({ page }) => {
    const subject = await subjectOf(username);
    const { app, pages } = openable(subject);
    // Every menu link and at least one hidden page (My Profile) are among them.
    expect(pages.map((p) => p.path)).toEqual(expect.arrayContaining(links(menuFor(app, subject))));
    expect(pages.filter((p) => p.hidden).map((p) => p.path)).toContain(pagePath(app, "view-profile"));
    // A few tenths of a second a page here (the admin has 60); room for a slow machine.
    test.setTimeout(test.info().timeout + pages.length * 1_000);
    await signIn(page, app, username);
    for (const item of pages) {
      const response = await page.request.get(new URL(item.path, page.url()).href);
      // Still signed in and still in this app: a page the test could not see proves nothing.
      expect(new URL(response.url()).pathname, item.path).not.toMatch(/^\/login/);
      expect(appOf(response.url()), item.path).toBe(app);
      expect(response.status(), item.path).toBeLessThan(500);
      const html = await response.text();
      expect(html, item.path).not.toContain(PLACEHOLDER);
      expect(titleOf(html), item.path).toBe(`${item.title} · ${APP_TITLES[app]}`);
    }
  });
}
