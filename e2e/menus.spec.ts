import { expect, test } from "@playwright/test";
import { APP_TITLES } from "@repo/auth/apps";
import { menuFor, type PageNode } from "@repo/auth/menus";
import { ROLES } from "@repo/auth/roles";
import { expectAccessible, pageUrl, signIn, subjectOf } from "./support";

const links = (nodes: PageNode[]): string[] =>
  nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...links(n.children ?? [])]);
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
// browser tab or a screen reader names the page, not only the app.
for (const username of ["masterinstitute", "admin"]) {
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
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&#x27;|&#39;/g, "'");
      expect(title, item.path).toBe(`${item.title} · ${APP_TITLES[role.app]}`);
    }
  });
}

test("a page the role may not use shows a 403 page with a way home", async ({ page }) => {
  await signIn(page, "coordinator", "state");
  const response = await page.goto(pageUrl("coordinator", "zones"));
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You do not have permission to open this page")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to my home page" })).toBeVisible();
  await expectAccessible(page);
  await page.goto(pageUrl("coordinator", "reset-exam"));
  await expect(page.getByText("You do not have permission to open this page")).toBeVisible();
});

test("a page of a later issue says what it will hold, inside the shell", async ({ page }) => {
  await signIn(page, "school", "student");
  // The student area is a later issue (results, its old example, were built by the results issue).
  await page.goto(pageUrl("school", "student-home"));
  await expect(page.getByRole("heading", { name: "My Exams", level: 1 })).toBeVisible();
  await expect(page.getByText("My Exams is being built")).toBeVisible();
  await expectAccessible(page);
});
