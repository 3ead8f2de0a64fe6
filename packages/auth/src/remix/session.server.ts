import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import type { AppId } from "../apps";

export interface SessionData {
  /** The API bearer token of this app's session (never sent to the browser's scripts). */
  token: string;
  userId: number;
  roleId: number;
  /** Per-session CSRF token, echoed by every form as `csrf`. */
  csrf: string;
}

export interface SessionFlash {
  /** A message for the next page (e.g. why the user was sent to login). */
  notice: string;
}

export type AppSession = Session<SessionData, SessionFlash>;

/**
 * One host-only cookie per app (docs/decisions/003-sessions-and-handoff.md): HttpOnly, SameSite=Lax; in production `__Host-`
 * prefixed and Secure. Distinct names keep apps on one host (localhost ports) from colliding.
 */
export function sessionCookieName(app: AppId, production: boolean): string {
  return production ? `__Host-${app}-session` : `${app}_session`;
}

export function createSessionStorage(app: AppId, options: { secrets: string[]; production: boolean }) {
  return createCookieSessionStorage<SessionData, SessionFlash>({
    cookie: {
      name: sessionCookieName(app, options.production),
      httpOnly: true,
      sameSite: "lax",
      secure: options.production,
      path: "/",
      secrets: options.secrets,
      // A browser session cookie; the API session behind it expires after idle time anyway.
    },
  });
}

export function newCsrfToken(): string {
  return randomBytes(24).toString("base64url");
}
