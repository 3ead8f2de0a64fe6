import type { AppId } from "@repo/auth/apps";

// Replaced at build time by each app's Vite config (remixAppConfig): shared route modules are
// compiled into one app at a time and learn which one here.
declare const __APP_ID__: AppId;

export const APP_ID: AppId = __APP_ID__;
