// `npm run size`: the JavaScript a browser downloads for the first view of each page of each app
// (gzip bytes): Remix's client entry, the page's part of the route manifest (inlined: lazy route
// discovery), and every route module of the page's route chain with its static imports. Lazy
// chunks (editor, charts) are not listed as static imports, so they are not part of a first view.
// Budgets: sign-in pages 100 KB, every other page 130 KB (scripts/size.test.ts enforces them).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { APP_IDS, type AppId } from "@repo/auth/apps";

export const KB = 1024;
export const LOGIN_BUDGET = 100 * KB;
export const PAGE_BUDGET = 130 * KB;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface RemixManifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageSize {
  app: AppId;
  route: string;
  gzipBytes: number;
  budget: number;
}

const root = fileURLToPath(new URL("..", import.meta.url));

export function budgetFor(routeId: string): number {
  return /(^|\/|\.)login($|\.|\/)/.test(routeId) || routeId.endsWith("_auth.login") ? LOGIN_BUDGET : PAGE_BUDGET;
}

function readManifest(clientDir: string): RemixManifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No Remix manifest in ${assets}: build the app first (npx turbo run build)`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as RemixManifest;
}

export function measureApp(app: AppId): PageSize[] {
  const clientDir = path.join(root, "apps", app, "build", "client");
  if (!existsSync(clientDir)) throw new Error(`apps/${app} is not built: run \`npx turbo run build\` first`);
  const manifest = readManifest(clientDir);
  const gzipCache = new Map<string, number>();
  const gzipped = (url: string) => {
    let size = gzipCache.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, url))).length;
      gzipCache.set(url, size);
    }
    return size;
  };
  // A resource route (such as /healthz) renders nothing, so Vite emits an empty client chunk for it.
  const isResourceRoute = (route: ManifestRoute) =>
    readFileSync(path.join(clientDir, route.module), "utf8").trim() === "";

  const pages: PageSize[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root" || isResourceRoute(route)) continue;
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    const chain: Record<string, ManifestRoute> = {};
    for (
      let current: ManifestRoute | undefined = route;
      current;
      current = current.parentId ? manifest.routes[current.parentId] : undefined
    ) {
      chain[current.id] = current;
      files.add(current.module);
      for (const imported of current.imports ?? []) files.add(imported);
    }
    // With lazy route discovery the page carries only its own routes' part of the manifest,
    // inline; the whole manifest file (every route of the app) is never downloaded up front.
    const inlineManifest = gzipSync(JSON.stringify({ entry: manifest.entry, routes: chain, url: manifest.url })).length;
    // Static imports are loaded with the page whatever their name; lazy chunks are not listed here.
    const gzipBytes = inlineManifest + [...files].reduce((sum, file) => sum + gzipped(file), 0);
    pages.push({ app, route: route.id, gzipBytes, budget: budgetFor(route.id) });
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

export function measureAll(): PageSize[] {
  return APP_IDS.flatMap(measureApp);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = measureAll();
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  console.log(`${"app".padEnd(12)} ${"route".padEnd(48)} ${"JS gzip".padStart(10)} ${"budget".padStart(9)}`);
  for (const page of pages) {
    const mark = page.gzipBytes > page.budget ? "  OVER BUDGET" : "";
    console.log(
      `${page.app.padEnd(12)} ${page.route.padEnd(48)} ${kb(page.gzipBytes).padStart(10)} ${kb(page.budget).padStart(9)}${mark}`,
    );
  }
  if (pages.some((p) => p.gzipBytes > p.budget)) process.exitCode = 1;
}
