import { randomBytes } from "node:crypto";
import type { AppId } from "@repo/auth/apps";
import { VIDEO_PLAYER_ORIGINS } from "@repo/contracts/content-texts-constants";
import { RAZORPAY_CSP_SOURCES } from "@repo/contracts/payments-constants";

/**
 * The Content-Security-Policy of the apps' HTML documents (docs/decisions/031-security-headers.md).
 * Scripts run only from this origin or with the request's nonce (Remix's inline context and module
 * scripts); styles may be inline because Stitches writes <style> elements at run time and React
 * writes style attributes; nothing may frame a page.
 */

type Directive = "script-src" | "connect-src" | "img-src" | "frame-src";
type Sources = Partial<Record<Directive, readonly string[]>>;

/** What an app loads from other sites, and for what (a client-side navigation keeps the first document's policy, so this is per app, not per page). */
const APP_SOURCES: Record<AppId, Sources[]> = {
  // Razorpay's checkout (payments, a student's own fee); lecture videos.
  school: [RAZORPAY_CSP_SOURCES, { "frame-src": Object.values(VIDEO_PLAYER_ORIGINS) }],
  coordinator: [],
  papersetter: [],
  outbox: [],
};

/** 128 random bits, fresh for every document. */
export const createNonce = () => randomBytes(16).toString("base64");

export interface DocumentPolicyOptions {
  app: AppId;
  nonce: string;
  /** The four apps' origins: forms may post to (and be redirected to) any of them. */
  appOrigins: readonly string[];
  /** Vite's dev server: its hot-reload socket. */
  development?: boolean;
}

export function documentPolicy({ app, nonce, appOrigins, development }: DocumentPolicyOptions): string {
  const extra = (directive: Directive) => APP_SOURCES[app].flatMap((sources) => sources[directive] ?? []);
  const frames = extra("frame-src");
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`, ...extra("script-src")],
    ["style-src", "'self'", "'unsafe-inline'"],
    // data: for inline icons, blob: for a chosen photo's preview before upload.
    ["img-src", "'self'", "data:", "blob:", ...extra("img-src")],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...extra("connect-src"), ...(development ? ["ws:", "wss:"] : [])],
    // A sandboxed srcdoc preview (a rendered mail) needs no source; only named players and gateways.
    ["frame-src", ...(frames.length > 0 ? frames : ["'none'"])],
    // The flipbook's PDF reader runs its worker from this origin.
    ["worker-src", "'self'", "blob:"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...appOrigins],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((parts) => [...new Set(parts)].join(" ")).join("; ");
}
