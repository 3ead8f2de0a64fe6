import { describe, expect, it } from "vitest";
import { chunkByPages } from "./vite";

// A small app's module graph as Rollup sees it: Remix's client-route entries (`?__remix-build-…`)
// import the route modules, which import the kit and the app's screens.
const APP = "/repo/apps/demo/app";
const UI = "/repo/packages/ui/src";
const entry = (route: string) => `${APP}/${route}?__remix-build-client-route`;
const IMPORTS: Record<string, string[]> = {
  [`${APP}/entry.client.tsx`]: ["/repo/node_modules/@remix-run/react/dist/esm/browser.js"],
  "/repo/node_modules/@remix-run/react/dist/esm/browser.js": ["/repo/node_modules/react/index.js"],
  [entry("root.tsx")]: [`${APP}/root.tsx`],
  [`${APP}/root.tsx`]: [`${UI}/theme/stitches.ts`, "/repo/node_modules/@remix-run/react/dist/esm/browser.js"],
  [`${UI}/theme/stitches.ts`]: [
    "/repo/node_modules/@stitches/react/dist/index.mjs",
    "/repo/node_modules/react/index.js",
  ],
  [entry("routes/login.tsx")]: [`${APP}/routes/login.tsx`],
  [`${APP}/routes/login.tsx`]: ["/repo/packages/remix-app/src/sign-in/Login.tsx"],
  "/repo/packages/remix-app/src/sign-in/Login.tsx": [`${UI}/password-field/PasswordField.tsx`],
  [`${UI}/password-field/PasswordField.tsx`]: [`${UI}/icon/glyphs.ts`],
  [`${UI}/icon/glyphs.ts`]: [`${UI}/theme/stitches.ts`],
  [entry("routes/_app.tsx")]: [`${APP}/routes/_app.tsx`],
  [`${APP}/routes/_app.tsx`]: ["/repo/packages/remix-app/src/shell/SignedInShell.tsx"],
  "/repo/packages/remix-app/src/shell/SignedInShell.tsx": [`${UI}/badge/Badge.tsx`, `${UI}/icon/glyphs.ts`],
  [entry("routes/_app.results.tsx")]: [`${APP}/routes/_app.results.tsx`],
  [`${APP}/routes/_app.results.tsx`]: [`${APP}/results/ResultsScreen.tsx`, `${UI}/badge/Badge.tsx`],
  [entry("routes/_app.winners.tsx")]: [`${APP}/routes/_app.winners.tsx`],
  [`${APP}/routes/_app.winners.tsx`]: [`${APP}/results/ResultsScreen.tsx`],
  [`${APP}/results/ResultsScreen.tsx`]: ["/repo/packages/contracts/src/fees.ts"],
  "/repo/packages/contracts/src/fees.ts": ["/repo/packages/contracts/src/locale.ts"],
};

const ids = new Set([...Object.keys(IMPORTS), ...Object.values(IMPORTS).flat()]);
const graph = (id: string) =>
  ids.has(id)
    ? {
        isEntry: id.includes("?__remix-build-client-route") || id.endsWith("entry.client.tsx"),
        importers: Object.keys(IMPORTS).filter((importer) => IMPORTS[importer]?.includes(id)),
      }
    : null;
const chunkOf = (id: string) => chunkByPages(id, graph) ?? "(Rollup's own)";

describe("the apps' client chunks", () => {
  it("puts the kit's building blocks and everything they import into kit-core", () => {
    expect(chunkOf(`${UI}/theme/stitches.ts`)).toBe("kit-core");
    expect(chunkOf("/repo/node_modules/@stitches/react/dist/index.mjs")).toBe("kit-core");
    expect(chunkOf("/repo/node_modules/react/index.js")).toBe("kit-core");
    // The password field's glyphs are the signed-in shell's too: still kit-core's, not the shell's.
    expect(chunkOf(`${UI}/icon/glyphs.ts`)).toBe("kit-core");
  });

  it("gives what every page loads one chunk, and what only signed-in pages load another", () => {
    expect(chunkOf("/repo/node_modules/@remix-run/react/dist/esm/browser.js")).toBe("every-page");
    expect(chunkOf("/repo/packages/remix-app/src/shell/SignedInShell.tsx")).toBe("signed-in-shell");
    expect(chunkOf(`${UI}/badge/Badge.tsx`)).toBe("signed-in-shell");
  });

  it("leaves route modules, the sign-in page's own modules and a screen of two pages to Rollup", () => {
    expect(chunkOf(`${APP}/routes/_app.tsx`)).toBe("(Rollup's own)");
    expect(chunkOf(entry("routes/_app.results.tsx"))).toBe("(Rollup's own)");
    expect(chunkOf("/repo/packages/remix-app/src/sign-in/Login.tsx")).toBe("(Rollup's own)");
    expect(chunkOf(`${APP}/results/ResultsScreen.tsx`)).toBe("(Rollup's own)");
    expect(chunkOf("/repo/packages/contracts/src/locale.ts")).toBe("level-constants");
  });

  it("never makes two chunks import each other (a module would run before what it uses)", () => {
    const chunkImports = new Map<string, Set<string>>();
    for (const [importer, imported] of Object.entries(IMPORTS)) {
      for (const id of imported) {
        const [from, to] = [chunkOf(importer), chunkOf(id)];
        if (from !== to && from !== "(Rollup's own)")
          chunkImports.set(from, (chunkImports.get(from) ?? new Set()).add(to));
      }
    }
    for (const [from, targets] of chunkImports) {
      for (const to of targets) expect(chunkImports.get(to)?.has(from) ?? false, `${from} <-> ${to}`).toBe(false);
    }
    expect(chunkImports.get("kit-core")).toBeUndefined();
  });
});
