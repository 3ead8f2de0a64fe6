import { vitePlugin as remix } from "@remix-run/dev";
import type { AppId } from "@repo/auth/apps";
import { DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { defineConfig, type UserConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const KIT_CORE =
  /packages\/ui\/src\/((theme|internal|stack|text|centered|card|button|spinner|visually-hidden|field|text-field|password-field)\/|icon-button\/IconButtonFrame)/;

const LEVEL_CONSTANTS = /packages\/contracts\/src\/(fees|locale)\.ts$/;

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
          // than they save (docs/decisions/005-design-system-weight.md).
          manualChunks(id) {
            if (KIT_CORE.test(id)) return "kit-core";
            // The same for the exam levels and fees with the locale they format with: pages reading
            // them downloaded two chunks of 0.2-0.3 KB, and the result pages 3 KB more than now.
            if (LEVEL_CONSTANTS.test(id)) return "level-constants";
            return undefined;
          },
        },
      },
    },
  });
}
