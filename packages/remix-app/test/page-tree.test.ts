import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { APP_IDS } from "@repo/auth/apps";
import { findPage, pagesOf } from "@repo/auth/menus";
import { describe, expect, it } from "vitest";

// Every screen of the signed-in area (`_app.*` route modules) must have its page in the tree of
// packages/auth/src/menus.ts: the tree gives it its permission, title and menu place. A module
// without one would be refused by the guard (404), so this test names the module instead.
const appsDir = fileURLToPath(new URL("../../../apps", import.meta.url));

/**
 * `_app.regions.zones.tsx` → `/regions/zones`; the layout `_app.tsx`, the splat `_app.$.tsx` and a
 * screen of one record (`_app.payment.checkout.$order.tsx`: not a page of the menu; its loader
 * names its own permission) → undefined. A trailing `_` (a page below another page's address that
 * is not its child: `_app.region-masters.states-coordinators_.student-import.tsx`) is no part of the address.
 */
function urlOf(moduleName: string): string | undefined {
  const segments = moduleName
    .replace(/\.(tsx|ts)$/, "")
    .split(".")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => segment.replace(/_$/, ""));
  if (segments.length === 0 || segments.some((segment) => segment.startsWith("$"))) return undefined;
  return `/${segments.join("/")}`;
}

function signedInModules(app: string): string[] {
  const dir = `${appsDir}/${app}/app/routes`;
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name.startsWith("_app."))
    .filter((entry) => entry.isFile() || existsSync(`${dir}/${entry.name}/route.tsx`))
    .map((entry) => entry.name);
}

describe("route modules and the page tree", () => {
  it("turns flat route names into addresses", () => {
    expect(urlOf("_app.regions.zones.tsx")).toBe("/regions/zones");
    expect(urlOf("_app.payment.disable-account.tsx")).toBe("/payment/disable-account");
    expect(urlOf("_app.$.tsx")).toBeUndefined();
    expect(urlOf("_app.tsx")).toBeUndefined();
    expect(urlOf("_app.payment.checkout.$order.tsx")).toBeUndefined();
    expect(urlOf("_app.region-masters.states-coordinators_.student-import.tsx")).toBe(
      "/region-masters/states-coordinators/student-import",
    );
  });

  for (const app of APP_IDS) {
    it(`gives every signed-in screen of the ${app} app its page in the tree`, () => {
      const missing = signedInModules(app).filter((name) => {
        const url = urlOf(name);
        return url !== undefined && !findPage(app, url);
      });
      expect(missing).toEqual([]);
    });

    it(`serves every page of the ${app} tree (its own module or the planned-page splat)`, () => {
      expect(signedInModules(app)).toContain("_app.$.tsx");
      expect(pagesOf(app).length).toBeGreaterThan(0);
    });
  }
});
