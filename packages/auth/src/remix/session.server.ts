import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { createCookie, createSession, type Session, type SessionStorage } from "@remix-run/node";
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

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** One AES-256 key per secret and app: a cookie of one app never opens in another. */
const sessionKey = (secret: string, app: AppId) =>
  Buffer.from(hkdfSync("sha256", secret, "exam-portal", `session-cookie:${app}`, 32));

/** AES-256-GCM: the browser holds the session (the API token in it) only encrypted and sealed. */
export function sealSession(data: unknown, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The data of a sealed session, trying every key (rotation); undefined when none opens it. */
export function openSession(sealed: string, keys: Buffer[]): Record<string, unknown> | undefined {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  for (const key of keys) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      const data: unknown = JSON.parse(text.toString("utf8"));
      return data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
    } catch {
      // Sealed with another key (or tampered with): try the next one.
    }
  }
  return undefined;
}

/**
 * The app's cookie session, encrypted with a key derived from SESSION_SECRET
 * (docs/decisions/028-app-request-checks.md): the first secret seals, every secret opens. A cookie
 * that does not open (an older signed-only cookie, another app's, a forged one) is an empty session.
 */
export function createSessionStorage(
  app: AppId,
  options: { secrets: string[]; production: boolean },
): SessionStorage<SessionData, SessionFlash> {
  const keys = options.secrets.map((secret) => sessionKey(secret, app));
  const [sealingKey] = keys;
  if (!sealingKey) throw new Error("SESSION_SECRET names no secret");
  // Not signed by Remix: the sealed value carries its own authentication tag.
  const cookie = createCookie(sessionCookieName(app, options.production), {
    httpOnly: true,
    sameSite: "lax",
    secure: options.production,
    path: "/",
    // A browser session cookie; the API session behind it expires after idle time anyway.
  });
  return {
    async getSession(cookieHeader) {
      const sealed: unknown = cookieHeader ? await cookie.parse(cookieHeader) : null;
      const data = typeof sealed === "string" ? openSession(sealed, keys) : undefined;
      // Only this server seals sessions (the GCM tag proves it), so what opens has the shape it wrote.
      return createSession<SessionData, SessionFlash>(data as SessionData | undefined);
    },
    commitSession(session, serializeOptions) {
      return cookie.serialize(sealSession(session.data, sealingKey), serializeOptions);
    },
    destroySession(_session, serializeOptions) {
      return cookie.serialize("", { ...serializeOptions, maxAge: undefined, expires: new Date(0) });
    },
  };
}

export function newCsrfToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * The browser's handoff nonce cookie (docs/decisions/028-app-request-checks.md): set by the app
 * that starts a handoff, read by the app that redeems it, so it lives on the apps' shared parent
 * domain (or host-only when every app is one host, as localhost ports are).
 */
export function createHandoffCookie(options: { production: boolean; domain: string | undefined }) {
  return createCookie(options.production ? "__Secure-portal-handoff" : "portal_handoff", {
    httpOnly: true,
    sameSite: "lax",
    secure: options.production,
    path: "/",
    ...(options.domain ? { domain: options.domain } : {}),
  });
}

export const newBrowserNonce = () => randomBytes(32).toString("base64url");

/** A device cookie lives as long as browsers keep any cookie (Chrome caps Max-Age at 400 days). */
const DEVICE_COOKIE_DAYS = 400;

/**
 * The browser's device id (docs/decisions/048-sign-in-limits-that-spare-honest-people.md): a
 * random value sent with every sign-in, which the API remembers for the accounts that signed in
 * with it, so their right password is never held up by others' wrong ones. On the apps' shared
 * domain like the handoff nonce, so one browser is one device in every app.
 */
export function createDeviceCookie(options: { production: boolean; domain: string | undefined }) {
  return createCookie(options.production ? "__Secure-portal-device" : "portal_device", {
    httpOnly: true,
    sameSite: "lax",
    secure: options.production,
    path: "/",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    ...(options.domain ? { domain: options.domain } : {}),
  });
}
