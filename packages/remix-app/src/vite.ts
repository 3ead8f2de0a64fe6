import { vitePlugin as remix } from "@remix-run/dev";
import type { AppId } from "@repo/auth/apps";
import { DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { defineConfig, type Plugin, type Rollup, type UserConfig } from "vite";
import { errorPage, malformedPathGuard } from "./error-page";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const KIT_CORE =
  /packages\/ui\/src\/((theme|internal|stack|text|centered|card|button|spinner|visually-hidden|field|text-field|password-field)\/|icon-button\/IconButtonFrame|data-table\/query)/;

const LEVEL_CONSTANTS = /packages\/contracts\/src\/(fees|locale)\.ts$/;

/** An entry's name inside its app: `entry.client.tsx`, `root.tsx`, `routes/_app.send-mail.tsx`. */
const entryName = (id: string) => id.replace(/\?.*$/, "").replace(/^.*\/app\//, "");
/** The shell of the signed-in pages (`routes/_app.tsx`) and the pages inside it. */
const SIGNED_IN_ROUTE = /^routes\/_app\./;
/** Route modules (behind Remix's client-route entries) stay in their routes' own chunks. */
const ROUTE_MODULE = /\/app\/(routes\/.+|root\.tsx|entry\.client\.tsx)$/;

interface Importers {
  /** The entries (client entry, root, route modules) that load the module through static imports. */
  entries: Set<string>;
  /** The named chunk of a module that imports it, directly or through others (kit-core first). */
  namedChunk?: string;
}

function namedChunkOf(id: string): string | undefined {
  if (KIT_CORE.test(id)) return "kit-core";
  if (LEVEL_CONSTANTS.test(id)) return "level-constants";
  return undefined;
}

/** What chunking reads of a module: Rollup's `getModuleInfo`, or a test's module graph. */
type ModuleGraph = (id: string) => Pick<Rollup.ModuleInfo, "isEntry" | "importers"> | null;

/** Walks a module's static importers up to the build's entries. */
function importersOf(id: string, getModuleInfo: ModuleGraph): Importers {
  const found: Importers = { entries: new Set() };
  const seen = new Set([id]);
  const queue = [id];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    const info = getModuleInfo(current);
    if (info?.isEntry) found.entries.add(entryName(current));
    const named = current === id ? undefined : namedChunkOf(current);
    if (named && found.namedChunk !== "kit-core") found.namedChunk = named;
    for (const importer of info?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return found;
}

/**
 * The chunk of a module, by the pages that load it (no page downloads code it does not run):
 * - kit-core and level-constants: their modules and everything these import, so that neither
 *   imports a chunk that imports it back (such a cycle runs a module before what it uses);
 * - every-page: what the client entry and root load (React DOM, Remix, the document);
 * - signed-in-shell: what only the signed-in shell (`routes/_app.tsx`) and the pages inside it
 *   load, since each of those pages loads the shell anyway;
 * - the rest: Rollup's own chunks, one per set of routes that load the same modules.
 * With Rollup's chunks alone, every signed-in page fetched a dozen of 0.1-3 KB that all of them
 * load, and paid 3-4 KB of gzip for the split (docs/decisions/024-result-pages-over-budget.md).
 */
export function chunkByPages(id: string, getModuleInfo: ModuleGraph): string | undefined {
  const named = namedChunkOf(id);
  if (named) return named;
  if (ROUTE_MODULE.test(id) || getModuleInfo(id)?.isEntry) return undefined;
  const { entries, namedChunk } = importersOf(id, getModuleInfo);
  if (namedChunk) return namedChunk;
  if (entries.has("entry.client.tsx") || entries.has("root.tsx")) return "every-page";
  if (entries.has("routes/_app.tsx") && [...entries].every((name) => SIGNED_IN_ROUTE.test(name))) {
    return "signed-in-shell";
  }
  return undefined;
}

/**
 * The dev server answers like the production one (docs/decisions/044): a path it cannot decode
 * gets a plain 400 before Vite's own middlewares try, and an error that reaches the end gets a
 * plain page instead of Vite's, which carries the stack and file paths. The stack stays in the
 * terminal.
 */
export function noStackPages(): Plugin {
  return {
    name: "portal-no-stack-pages",
    configureServer(server) {
      server.middlewares.use(malformedPathGuard);
      // Returned: runs after the internal middlewares and Remix's handler, before Vite's error page.
      return () => {
        server.middlewares.use(
          errorPage((status, error, req) => {
            server.config.logger.error(
              `${status} ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
            );
          }),
        );
      };
    },
  };
}

/** Vite config of one Remix app: every v3 future flag on, the app's fixed dev port. */
export function remixAppConfig(app: AppId): UserConfig {
  return defineConfig({
    plugins: [
      remix({
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
        },
      }),
      noStackPages(),
    ],
    // Shared route modules (packages/remix-app) learn which app they are built into.
    define: { __APP_ID__: JSON.stringify(app) },
    server: { port: Number(process.env.PORT ?? DEFAULT_APP_PORTS[app]), strictPort: true, host: "127.0.0.1" },
    build: {
      target: "es2022",
      rollupOptions: {
        output: {
          // The kit's small building blocks that nearly every first view uses (sign-in included)
          // travel in one chunk: a dozen chunks of 0.2-1 KB each cost more in gzip and requests
          // than they save (docs/decisions/005-design-system-weight.md). The same for the exam
          // levels and fees with the locale they format with, and for what all signed-in pages load.
          manualChunks: (id, { getModuleInfo }) => chunkByPages(id, getModuleInfo),
          // Only the modules named above go into the named chunks: Rollup would otherwise pull
          // each one's other imports in too (React into the shell's chunk, the sign-in page with it).
          onlyExplicitManualChunks: true,
        },
      },
    },
  });
}
