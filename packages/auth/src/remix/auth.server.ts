import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import { type ApiClient, createApiClient } from "@repo/api-client";
import type { components } from "@repo/api-client/schema";
import { DEVICE_ID_PATTERN } from "@repo/contracts/auth";
import type { AppId } from "../apps";
import type { AppEnv } from "../env";
import { findPage } from "../menus";
import { can, type Permission, type Subject } from "../permissions";
import { findRole, landingFor } from "../roles";
import { csrfMatches, isSameOrigin, readFormBody, safeRedirect } from "./security.server";
import {
  type AppSession,
  createDeviceCookie,
  createHandoffCookie,
  createSessionStorage,
  newBrowserNonce,
  newCsrfToken,
} from "./session.server";
import { fetchOrUnavailable, isApiUnavailable, unavailable } from "./unavailable.server";

export type UserRecord = components["schemas"]["UserRecord"];

export interface SignedIn {
  user: UserRecord;
  subject: Subject;
  token: string;
  api: ApiClient;
  session: AppSession;
  csrf: string;
}

/** What a loader or action gets from Remix's load context (set by the app server). */
export interface LoadContext {
  /** The browser's address as the app server saw it; forwarded to the API for rate limits. */
  clientIp?: string;
  /** This request's id in the app server's log; sent to the API so that its log lines carry it too. */
  requestId?: string;
}

/** Request ids of requests that came without one in their load context (the Vite dev server). */
const madeRequestIds = new WeakMap<Request, string>();

/** The id the app's log knows this request by, or one made for it (the same for every API call it makes). */
function requestIdOf(request: Request, context: LoadContext | undefined): string {
  if (context?.requestId) return context.requestId;
  let id = madeRequestIds.get(request);
  if (!id) {
    id = randomUUID();
    madeRequestIds.set(request, id);
  }
  return id;
}

export type LoginResult =
  | { ok: true; redirectTo: string; headers: Headers }
  /** `unavailable`: the API could not answer (5xx or down), so nothing was said about the password. */
  | { ok: false; message: string; unavailable: boolean };

/**
 * Everything an app needs to sign people in and out and to guard its routes. One instance per
 * app, made in the app's `auth.server.ts` from its parsed configuration.
 */
export function createAppAuth(app: AppId, env: AppEnv) {
  const storage = createSessionStorage(app, {
    secrets: env.SESSION_SECRETS,
    production: env.NODE_ENV === "production",
  });
  const appOrigin = env.appOrigins[app];
  const handoffCookie = createHandoffCookie({
    production: env.NODE_ENV === "production",
    domain: env.HANDOFF_COOKIE_DOMAIN,
  });
  const deviceCookie = createDeviceCookie({
    production: env.NODE_ENV === "production",
    domain: env.HANDOFF_COOKIE_DOMAIN,
  });

  /** The browser's handoff nonce, if it has one of the right shape. */
  async function browserNonceOf(request: Request): Promise<string | undefined> {
    const value: unknown = await handoffCookie.parse(request.headers.get("Cookie"));
    return typeof value === "string" && /^[\w-]{40,100}$/.test(value) ? value : undefined;
  }

  function apiFor(request: Request, context: LoadContext | undefined, token?: string): ApiClient {
    const forwarded = context?.clientIp ? { "X-Forwarded-For": context.clientIp } : undefined;
    const requestId = requestIdOf(request, context);
    return createApiClient({
      baseUrl: env.API_URL,
      token,
      requestId,
      fetch: (input) => {
        const req = input instanceof Request ? input : new Request(input);
        if (forwarded) req.headers.set("X-Forwarded-For", forwarded["X-Forwarded-For"]);
        return fetchOrUnavailable(req);
      },
    });
  }

  const getSession = (request: Request) => storage.getSession(request.headers.get("Cookie"));

  /** A URL of another app (from the configured allowlist only) with a handoff code. */
  const handoffUrl = (target: AppId, code: string, to: string) =>
    `${env.appOrigins[target]}/auth/handoff?${new URLSearchParams({ code, to })}`;

  async function signOutLocally(request: Request, notice?: string): Promise<never> {
    const session = await getSession(request);
    const headers = new Headers({ "Set-Cookie": await storage.destroySession(session) });
    const url = new URL(request.url);
    const params = new URLSearchParams();
    if (url.pathname !== "/" && url.pathname !== "/login") params.set("redirectTo", `${url.pathname}${url.search}`);
    if (notice) params.set("notice", notice);
    const query = params.toString();
    throw redirect(`/login${query ? `?${query}` : ""}`, { headers });
  }

  /**
   * One API look-up per page or action, however many guards and loaders ask (readForm, then
   * requireAction; the shell's loader and the page's). Remix hands every loader its own copy of
   * the request, so the look-up is kept by the request's load context, which the app server makes
   * once per HTTP request, and by method: the loaders that run after an action (GET) look again,
   * since the action may have changed the user. Without a context (tests), by the request.
   */
  const signedInByRequest = new WeakMap<object, Map<string, Promise<SignedIn>>>();

  /**
   * The signed-in user, or a redirect to /login. A token the API no longer accepts (401: signed
   * out elsewhere, expired, account disabled) clears this app's session too. Any other failure
   * (5xx, the API down) is not an answer about the session: it is kept and the page answers 503
   * (docs/decisions/045-sessions-survive-api-outages.md).
   */
  function requireUser(request: Request, context?: LoadContext): Promise<SignedIn> {
    const key: object = context ?? request;
    let byMethod = signedInByRequest.get(key);
    if (!byMethod) {
      byMethod = new Map();
      signedInByRequest.set(key, byMethod);
    }
    let signedIn = byMethod.get(request.method);
    if (!signedIn) {
      signedIn = lookUpUser(request, context);
      byMethod.set(request.method, signedIn);
    }
    // Each loader that asked throws its own copy of a refusal (a 503's body is read once per throw).
    return signedIn.catch((error: unknown) => {
      throw error instanceof Response ? error.clone() : error;
    });
  }

  async function lookUpUser(request: Request, context?: LoadContext): Promise<SignedIn> {
    const session = await getSession(request);
    const token = session.get("token");
    if (!token) return signOutLocally(request);
    const api = apiFor(request, context, token);
    const { data, response } = await api.GET("/api/user");
    if (response.status === 401) return signOutLocally(request, "expired");
    if (!data) throw unavailable();
    const user = data.data;
    const subject: Subject = {
      roleId: user.role_id,
      isGcc: user.zone === "GCC",
      referredStudents: user.user_detail.referred_student,
    };
    let csrf = session.get("csrf");
    if (!csrf) {
      csrf = newCsrfToken();
      session.set("csrf", csrf);
    }
    return { user, subject, token, api, session, csrf };
  }

  /**
   * Guards a page of this app: signed in, in the right app (else moved there through a handoff),
   * and allowed by the permission table (else 403). Without an explicit permission the page tree
   * decides: an address the tree does not know is refused (404), never let through on sign-in
   * alone, so a route module that forgot its page entry fails closed.
   */
  async function requirePage(request: Request, context?: LoadContext, permission?: Permission): Promise<SignedIn> {
    const signedIn = await requireUser(request, context);
    const role = findRole(signedIn.user.role_id);
    if (role && role.app !== app) throw await moveToApp(request, signedIn, role.app, role.landingPath);
    const needed = permission ?? findPage(app, new URL(request.url).pathname)?.permission;
    if (!needed) throw new Response("There is no page at this address.", { status: 404, statusText: "Not Found" });
    if (!can(signedIn.subject, needed)) {
      throw new Response("You do not have permission to open this page.", { status: 403, statusText: "Forbidden" });
    }
    return signedIn;
  }

  /**
   * The body of a signed-in form, read only after the cheap checks (docs/decisions/028-app-request-checks.md):
   * the Origin, then the session (one API call, shared with the action's guard), then the body
   * with a size limit: a plain form's by default, an upload route passes its own.
   */
  async function readForm(
    request: Request,
    context?: LoadContext,
    options: { maxBytes?: number } = {},
  ): Promise<FormData> {
    if (!isSameOrigin(request, appOrigin)) {
      throw new Response("This form was sent from another site.", { status: 403, statusText: "Forbidden" });
    }
    await requireUser(request, context);
    return readFormBody(request, options.maxBytes);
  }

  /** Guards an action: a page guard plus the Origin and CSRF checks (docs/domain.md, Sign-in and sessions). */
  async function requireAction(
    request: Request,
    context: LoadContext | undefined,
    form: FormData,
    permission?: Permission,
  ) {
    if (!isSameOrigin(request, appOrigin)) {
      throw new Response("This form was sent from another site.", { status: 403, statusText: "Forbidden" });
    }
    const signedIn = await requirePage(request, context, permission);
    if (!csrfMatches(signedIn.session.get("csrf"), form.get("csrf"))) {
      throw new Response("This form has expired. Reload the page and try again.", {
        status: 403,
        statusText: "Forbidden",
      });
    }
    return signedIn;
  }

  /**
   * Moves the sign-in to another app: a code bound to this browser's handoff nonce (kept, or set
   * now), so the link works only here (no login CSRF: docs/decisions/028-app-request-checks.md).
   */
  async function moveToApp(
    request: Request,
    signedIn: { api: ApiClient },
    target: AppId,
    to: string,
  ): Promise<Response> {
    const existing = await browserNonceOf(request);
    const nonce = existing ?? newBrowserNonce();
    const { data, response } = await signedIn.api.POST("/api/handoff", {
      body: { target_app: target, browser_nonce: nonce },
    });
    if (response.status === 401) return signOutLocally(request, "expired");
    if (!data) throw unavailable();
    const headers = existing ? undefined : { "Set-Cookie": await handoffCookie.serialize(nonce) };
    return redirect(handoffUrl(target, data.data.code, to), { headers });
  }

  /** Signs in through the API; lands in this app or moves to the role's own app. */
  async function login(
    request: Request,
    context: LoadContext | undefined,
    input: { username: string; password: string; redirectTo?: string | null },
  ): Promise<LoginResult> {
    const api = apiFor(request, context);
    // The browser's device id, or a new one kept from this sign-in on (decision 048).
    const kept: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
    const device = typeof kept === "string" && DEVICE_ID_PATTERN.test(kept) ? kept : newBrowserNonce();
    const { data, error, response } = await api.POST("/api/login", {
      body: { username: input.username, password: input.password, app, device },
    });
    // The API's message as it is: a refusal says how many minutes to wait.
    if (!data?.status || !data.data?.user) {
      return { ok: false, message: error?.message || "Login failed", unavailable: isApiUnavailable(response) };
    }
    const { token, user } = data.data;
    const session = await getSession(request);
    session.set("token", token);
    session.set("userId", user.id);
    session.set("roleId", user.role_id);
    session.set("csrf", newCsrfToken());
    const headers = new Headers({ "Set-Cookie": await storage.commitSession(session) });
    // Sent again on every sign-in, so the cookie outlives a browser's cap while it is used.
    headers.append("Set-Cookie", await deviceCookie.serialize(device));
    const landing = landingFor(user.role_id);
    if (landing.app !== app) {
      let moved: Response;
      try {
        moved = await moveToApp(request, { api: apiFor(request, context, token) }, landing.app, landing.path);
      } catch (thrown) {
        if (thrown instanceof Response && thrown.status === 503) {
          return { ok: false, message: await thrown.text(), unavailable: true };
        }
        throw thrown;
      }
      const nonceCookie = moved.headers.get("Set-Cookie");
      if (nonceCookie) headers.append("Set-Cookie", nonceCookie);
      return { ok: true, redirectTo: moved.headers.get("Location") ?? "/login", headers };
    }
    return { ok: true, redirectTo: safeRedirect(input.redirectTo, landing.path), headers };
  }

  /**
   * Redeems a handoff code from another app for a session of this one. A code that does not
   * redeem leaves the browser's session alone: anyone can make a browser GET this address (an
   * image on any page), so a bad code must not sign it out. /login then sends a signed-in
   * visitor on to their landing page and tells anyone else why they are there
   * (docs/decisions/045-sessions-survive-api-outages.md).
   */
  async function redeemHandoff(request: Request, context?: LoadContext): Promise<Response> {
    const url = new URL(request.url);
    const code = url.searchParams.get("code") ?? "";
    const nonce = await browserNonceOf(request);
    // Without this browser's nonce the code was not issued here: a link from someone else.
    if (!nonce) return redirect("/login?notice=handoff");
    const { data, response } = await apiFor(request, context).POST("/api/handoff/redeem", {
      body: { code, app, browser_nonce: nonce },
    });
    // The API could not say: the code may still be good, so the retry of this page may redeem it.
    if (isApiUnavailable(response)) throw unavailable();
    if (!data?.data) return redirect("/login?notice=handoff");
    const session = await getSession(request);
    session.set("token", data.data.token);
    session.set("userId", data.data.user.id);
    session.set("roleId", data.data.user.role_id);
    session.set("csrf", newCsrfToken());
    const fallback = landingFor(data.data.user.role_id).path;
    return redirect(safeRedirect(url.searchParams.get("to"), fallback), {
      headers: { "Set-Cookie": await storage.commitSession(session) },
    });
  }

  /**
   * Revokes the whole sign-in (every app it reached) and clears this app's cookie. When the API
   * cannot revoke it (5xx, down) the sign-in is still alive in every app: the cookie is kept and
   * the page says so, rather than show "signed out" on a shared computer that is not.
   */
  async function logout(request: Request, context?: LoadContext): Promise<Response> {
    const session = await getSession(request);
    const token = session.get("token");
    if (token) {
      const { response } = await apiFor(request, context, token).POST("/api/logout");
      if (isApiUnavailable(response)) throw unavailable();
    }
    return redirect("/login?notice=signed-out", { headers: { "Set-Cookie": await storage.destroySession(session) } });
  }

  /**
   * Where a signed-in visitor of /login or / belongs, with any cookie the move there sets (a
   * handoff's nonce); undefined when nobody is signed in.
   */
  async function currentLanding(
    request: Request,
    context?: LoadContext,
  ): Promise<{ location: string; headers?: Headers } | undefined> {
    const session = await getSession(request);
    if (!session.get("token")) return undefined;
    try {
      const signedIn = await requirePage(request, context, "self.profile");
      return { location: landingFor(signedIn.user.role_id).path };
    } catch (response) {
      if (response instanceof Response && response.status >= 300 && response.status < 400) {
        // Another app (a handoff) or the login page after an expired token.
        const location = response.headers.get("Location") ?? "";
        if (location.startsWith("/login")) return undefined;
        const setCookie = response.headers.get("Set-Cookie");
        return { location, ...(setCookie ? { headers: new Headers({ "Set-Cookie": setCookie }) } : {}) };
      }
      throw response;
    }
  }

  const commit = (session: AppSession) => storage.commitSession(session);

  return {
    app,
    appOrigin,
    apiFor,
    getSession,
    commit,
    requireUser,
    requirePage,
    requireAction,
    readForm,
    login,
    logout,
    redeemHandoff,
    currentLanding,
  };
}

export type AppAuth = ReturnType<typeof createAppAuth>;
