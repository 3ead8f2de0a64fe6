import { createHandoffCookie, newBrowserNonce } from "@repo/auth/remix/session";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { auth } from "./auth.server";
import { shellLoader } from "./shell/shell.server";
import { handoffLoader, indexLoader, loginAction, logoutAction } from "./sign-in/sign-in.server";
import {
  type ApiAnswer,
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "./testing/harness";

let api: StubbedApi | undefined;
afterEach(() => api?.restore());

/** What Remix does before it calls each loader: a copy of the request (its `_routes` param stripped). */
const copyOf = (request: Request, method = request.method) =>
  new Request(request.url, { method, headers: request.headers, signal: request.signal });

const userLookUps = () => api?.calls.filter((call) => call.path === "/api/user").length;

describe("the signed-in user of a page", () => {
  it("is looked up once for the shell's loader and the page's, though each gets its own copy of the request", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const request = await appRequest("/admin-dashboard");
    const context = { requestId: "one-page" };
    const [shell, page] = await Promise.all([
      auth.requirePage(copyOf(request), context, "self.profile"),
      auth.requirePage(copyOf(request), context),
    ]);
    expect(shell.user.username).toBe("school");
    expect(page.user).toBe(shell.user);
    expect(userLookUps()).toBe(1);
  });

  it("is looked up again by the loaders that run after an action, and for every other page", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const post = await appRequest("/profile", { form: { name: "New name" } });
    const context = { requestId: "one-post" };
    await auth.requireUser(post, context);
    await auth.requireUser(copyOf(post, "POST"), context);
    expect(userLookUps()).toBe(1);
    // The action may have changed the user: the page drawn after it asks the API again.
    await auth.requireUser(copyOf(post, "GET"), context);
    expect(userLookUps()).toBe(2);
    await auth.requireUser(await appRequest("/admin-dashboard"), { requestId: "next-page" });
    expect(userLookUps()).toBe(3);
  });
});

/** What the API answers while its database restarts (docs/decisions/032-faults.md). */
const databaseDown: ApiAnswer = () =>
  Response.json(
    { status: false, message: "The service is briefly unavailable: its database cannot be reached." },
    { status: 503, headers: { "Retry-After": "5" } },
  );

/** What `fetch` does when nothing listens at API_URL (the API process is down). */
const connectionRefused: ApiAnswer = () => {
  const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:4000"), { code: "ECONNREFUSED" });
  throw new TypeError("fetch failed", { cause });
};

const outages = [
  ["answers 503 (its database restarts)", databaseDown],
  ["refuses the connection (its process is down)", connectionRefused],
] as const;

/** True when the answer clears this app's session cookie (an empty, expired cookie). */
const clearsSession = (response: Response | undefined) =>
  /school_session=;/.test(response?.headers.get("Set-Cookie") ?? "");

const args = (request: Request) => ({ request, context: { requestId: crypto.randomUUID() }, params: {} });

/** Runs a loader or action and returns its answer, thrown or returned, as a Response. */
async function answerOf(run: () => Promise<unknown>): Promise<Response> {
  const { thrown, value } = await settle(run);
  if (thrown) return thrown;
  if (value instanceof Response) return value;
  // Remix's data(): status and headers in `init`.
  const init = (value as { init?: ResponseInit | null } | undefined)?.init ?? {};
  return new Response(JSON.stringify((value as { data?: unknown })?.data ?? value), init);
}

describe("a session while the API cannot answer (docs/decisions/045-sessions-survive-api-outages.md)", () => {
  it.each(outages)(
    "is kept when the API %s: the page answers 503 with Retry-After, and the same cookie works once the API is back",
    async (_, down) => {
      api = stubApi({ "GET /api/user": down });
      const request = await appRequest("/admin-dashboard");
      const page = await answerOf(() => shellLoader(args(request)));
      expect(page.status).toBe(503);
      expect(page.headers.get("Retry-After")).toBe("5");
      expect(page.headers.get("Location")).toBeNull();
      expect(clearsSession(page)).toBe(false);
      api.restore();

      api = stubApi({
        "GET /api/user": signedInAs(),
        "GET /api/notifications/unread-count": { body: envelope({ unread: 0 }) },
      });
      const again = await shellLoader(args(new Request(request.url, { headers: request.headers })));
      expect(again.data.user.username).toBe("school");
    },
  );

  it("gives the shell's loader and the page's each a 503 whose message can be read (Remix reads each one)", async () => {
    api = stubApi({ "GET /api/user": databaseDown });
    const request = await appRequest("/admin-dashboard");
    const context = { requestId: "one-page-down" };
    const answers = await Promise.all([
      answerOf(() => auth.requirePage(copyOf(request), context, "self.profile")),
      answerOf(() => auth.requirePage(copyOf(request), context)),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(await answer.text()).toContain("cannot reach its service");
    }
    expect(userLookUps()).toBe(1);
  });

  it("ends when the API answers 401: the cookie is cleared and the login page says why", async () => {
    api = stubApi({ "GET /api/user": { status: 401, body: { status: false, message: "Unauthenticated" } } });
    const page = await answerOf(async () => shellLoader(args(await appRequest("/admin-dashboard"))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin-dashboard&notice=expired");
    expect(clearsSession(page)).toBe(true);
  });

  it.each(outages)("is kept by a form posted while the API %s: 503, not a sign-out", async (_, down) => {
    api = stubApi({ "GET /api/user": down });
    const request = await appRequest("/profile", { form: { intent: "update-profile", full_name: "A" } });
    const answer = await answerOf(() => auth.readForm(request, args(request).context));
    expect(answer.status).toBe(503);
    expect(clearsSession(answer)).toBe(false);
  });

  it.each(outages)("is kept by the home address and the login page while the API %s", async (_, down) => {
    api = stubApi({ "GET /api/user": down });
    const home = await answerOf(async () => indexLoader(args(await appRequest("/"))));
    expect(home.status).toBe(503);
    expect(clearsSession(home)).toBe(false);
  });

  it.each(outages)("is kept when moving to another app fails because the API %s", async (_, down) => {
    // A coordinator's session in the school app moves to the coordinator app through a handoff.
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 3, role_name: "Admin" })),
      "POST /api/handoff": down,
    });
    const page = await answerOf(async () => shellLoader(args(await appRequest("/admin-dashboard"))));
    expect(page.status).toBe(503);
    expect(clearsSession(page)).toBe(false);
  });

  it.each(outages)("is kept when signing out fails because the API %s: the page says so", async (_, down) => {
    api = stubApi({ "POST /api/logout": down });
    const answer = await answerOf(async () => logoutAction(args(await appRequest("/logout", { form: {} }))));
    expect(answer.status).toBe(503);
    expect(clearsSession(answer)).toBe(false);
  });

  it.each(outages)("keeps the username on the sign-in form when the API %s: 503, not 500 or 401", async (_, down) => {
    api = stubApi({ "POST /api/login": down });
    const request = await appRequest("/login", {
      form: { username: "school", password: "Demo@12345" },
      signedIn: false,
    });
    const answer = await answerOf(() => loginAction(args(request)));
    expect(answer.status).toBe(503);
    const body = (await answer.json()) as { error?: string; username?: string };
    expect(body.username).toBe("school");
    expect(body.error).toMatch(/cannot be reached|moment/);
  });

  it.each(outages)(
    "keeps the username when a sign-in at the wrong app cannot move on because the API %s",
    async (_, down) => {
      const admin = { id: 3, username: "admin", role_id: 3 };
      api = stubApi({
        "POST /api/login": { body: envelope({ token: "t", user: admin, mobile_verification_required: false }) },
        "POST /api/handoff": down,
      });
      const request = await appRequest("/login", {
        form: { username: "admin", password: "Demo@12345" },
        signedIn: false,
      });
      const answer = await answerOf(() => loginAction(args(request)));
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { username?: string }).username).toBe("admin");
    },
  );
});

/** Adds the nonce cookie of a browser that started a handoff (docs/decisions/028-app-request-checks.md). */
async function withHandoffNonce(request: Request) {
  const nonce = await createHandoffCookie({ production: false, domain: undefined }).serialize(newBrowserNonce());
  request.headers.set("Cookie", `${request.headers.get("Cookie")}; ${nonce.split(";")[0]}`);
}

describe("GET /auth/handoff (docs/decisions/045-sessions-survive-api-outages.md)", () => {
  it("with a made-up code (an image on another site) keeps the session the browser has", async () => {
    // No handoff nonce in this browser: the code was not asked for here, so the API is not asked.
    api = stubApi({});
    const answer = await answerOf(async () => handoffLoader(args(await appRequest("/auth/handoff?code=x"))));
    expect(answer.status).toBe(302);
    expect(clearsSession(answer)).toBe(false);
  });

  it("with a code the API refuses keeps the session too", async () => {
    api = stubApi({
      "POST /api/handoff/redeem": {
        status: 401,
        body: { status: false, message: "This sign-in link has expired or was already used." },
      },
    });
    const request = await appRequest("/auth/handoff?code=x");
    await withHandoffNonce(request);
    const answer = await answerOf(() => handoffLoader(args(request)));
    expect(answer.status).toBe(302);
    expect(clearsSession(answer)).toBe(false);
    expect(api.calls.map((call) => call.path)).toEqual(["/api/handoff/redeem"]);
  });

  it.each(outages)("answers 503 and keeps the session when the API %s during the exchange", async (_, down) => {
    api = stubApi({ "POST /api/handoff/redeem": down });
    const request = await appRequest("/auth/handoff?code=x");
    await withHandoffNonce(request);
    const answer = await answerOf(() => handoffLoader(args(request)));
    expect(answer.status).toBe(503);
    expect(clearsSession(answer)).toBe(false);
  });
});
