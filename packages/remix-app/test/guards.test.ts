import { ROLE } from "@repo/auth/roles";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { auth } from "../src/auth.server";
import {
  appRequest,
  CSRF,
  envelope,
  type StubbedApi,
  sessionCookie,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "../src/testing/harness";

const admin = userRecord({ role_id: 3, role_name: "Admin" });
let api: StubbedApi | undefined;

/** The browser nonce the guard sent with its POST /api/handoff. */
const nonceSent = (stubbed: StubbedApi | undefined) =>
  (stubbed?.calls.find((c) => c.path === "/api/handoff")?.body as { browser_nonce?: string } | undefined)
    ?.browser_nonce;
afterEach(() => api?.restore());

describe("page guards", () => {
  it("let a role open a page the tree gives it", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const { thrown, value } = await settle(async () => auth.requirePage(await appRequest("/regions/zones")));
    expect(thrown).toBeUndefined();
    expect(value?.user.role_id).toBe(ROLE.admin);
  });

  it("refuse a page the tree keeps from the role (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 4, role_name: "LMS" })) });
    const { thrown } = await settle(async () => auth.requirePage(await appRequest("/regions/zones")));
    expect(thrown?.status).toBe(403);
  });

  it("fail closed on an address the page tree does not know (404), however signed in", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const { thrown } = await settle(async () => auth.requirePage(await appRequest("/regions/moons")));
    expect(thrown?.status).toBe(404);
  });

  it("check an explicit permission instead of the tree when one is given", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const allowed = await settle(async () => auth.requirePage(await appRequest("/anywhere"), {}, "self.profile"));
    expect(allowed.thrown).toBeUndefined();
    const refused = await settle(async () => auth.requirePage(await appRequest("/anywhere"), {}, "outbox.use"));
    expect(refused.thrown?.status).toBe(403);
  });

  it("move a user of another app there through a handoff", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 2 })),
      "POST /api/handoff": {
        body: { status: true, message: "OK", data: { code: "c0de", target_app: "school", expires_at: "" } },
      },
    });
    const { thrown } = await settle(async () => auth.requirePage(await appRequest("/regions/zones")));
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toMatch(
      /^http:\/\/localhost:3001\/auth\/handoff\?code=c0de&to=%2Fadmin-dashboard$/,
    );
    // The code is bound to this browser: its nonce goes to the API and into the handoff cookie.
    const nonce = nonceSent(api);
    expect(nonce).toMatch(/^[\w-]{40,}$/);
    expect(thrown?.headers.get("Set-Cookie")).toMatch(/^portal_handoff=.+; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});

describe("redeeming a handoff (login CSRF)", () => {
  const redeemed = {
    body: envelope({ token: "new-token", user: { id: 9, username: "school", role_id: 2 } }),
  };

  /** The nonce cookie the app that started the handoff set in this browser. */
  async function nonceCookie() {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 2 })),
      "POST /api/handoff": {
        body: { status: true, message: "OK", data: { code: "c0de", target_app: "school", expires_at: "" } },
      },
    });
    const { thrown } = await settle(async () => auth.requirePage(await appRequest("/regions/zones")));
    const nonce = nonceSent(api);
    api.restore();
    return { cookie: thrown?.headers.get("Set-Cookie")?.split(";")[0] ?? "", nonce };
  }

  const handoffRequest = (cookie?: string) =>
    new Request(new URL("/auth/handoff?code=c0de-c0de-c0de-c0de-c0de&to=%2Fstudents", auth.appOrigin), {
      headers: cookie ? { Cookie: cookie } : {},
    });

  it("refuses a handoff link opened in a browser that did not ask for it, without asking the API", async () => {
    api = stubApi({});
    const answer = await auth.redeemHandoff(handoffRequest());
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/login?notice=handoff");
    expect(api.calls).toEqual([]);
  });

  it("redeems with the nonce of the browser that asked, and lands on the page it was sent to", async () => {
    const { cookie, nonce } = await nonceCookie();
    api = stubApi({ "POST /api/handoff/redeem": redeemed });
    const answer = await auth.redeemHandoff(handoffRequest(cookie));
    expect(api.calls[0]?.body).toEqual({ code: "c0de-c0de-c0de-c0de-c0de", app: "coordinator", browser_nonce: nonce });
    expect(answer.headers.get("Location")).toBe("/students");
  });

  it("keeps a browser's nonce for its next handoff", async () => {
    const { cookie, nonce } = await nonceCookie();
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 2 })),
      "POST /api/handoff": {
        body: { status: true, message: "OK", data: { code: "c0de", target_app: "school", expires_at: "" } },
      },
    });
    const request = await appRequest("/regions/zones");
    request.headers.set("Cookie", `${request.headers.get("Cookie")}; ${cookie}`);
    const { thrown } = await settle(() => auth.requirePage(request));
    expect(nonceSent(api)).toBe(nonce);
    expect(thrown?.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("reading a form (auth.readForm)", () => {
  /** A same-origin form post whose body records whether anything pulled it. */
  async function watchedPost(options: { signedIn?: boolean; origin?: string; body?: string } = {}) {
    const watch = { read: false };
    const bytes = new TextEncoder().encode(options.body ?? `csrf=${CSRF}&name=x`);
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          watch.read = true;
          controller.enqueue(bytes);
          controller.close();
        },
      },
      { highWaterMark: 0 },
    ); // pulled only when something reads it
    const headers = new Headers({
      Origin: options.origin ?? auth.appOrigin,
      "Content-Type": "application/x-www-form-urlencoded",
    });
    if (options.signedIn !== false) headers.set("Cookie", await sessionCookie());
    const request = new Request(new URL("/regions/zones", auth.appOrigin), {
      method: "POST",
      headers,
      body,
      duplex: "half",
    });
    return { request, watch };
  }

  it("checks the Origin before anything else: no API call, body unread", async () => {
    api = stubApi({});
    const { request, watch } = await watchedPost({ origin: "https://evil.example" });
    const { thrown } = await settle(() => auth.readForm(request));
    expect(thrown?.status).toBe(403);
    expect(api.calls).toEqual([]);
    expect(watch.read).toBe(false);
  });

  it("checks the session with the API before it reads the body", async () => {
    api = stubApi({});
    const anonymous = await watchedPost({ signedIn: false });
    const signedOut = await settle(() => auth.readForm(anonymous.request));
    expect(signedOut.thrown?.headers.get("Location")).toMatch(/^\/login/);
    expect(anonymous.watch.read).toBe(false);
    api.restore();

    api = stubApi({ "GET /api/user": { status: 401, body: { status: false, message: "Unauthenticated" } } });
    const expired = await watchedPost();
    const refused = await settle(() => auth.readForm(expired.request));
    expect(refused.thrown?.headers.get("Location")).toMatch(/^\/login\?.*notice=expired/);
    expect(expired.watch.read).toBe(false);
  });

  it("reads a signed-in form once, and the action's guard reuses the same API answer", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const { request, watch } = await watchedPost();
    // One load context per HTTP request, as the app server gives its action (the memo's key).
    const context = {};
    const form = await auth.readForm(request, context);
    expect(watch.read).toBe(true);
    expect(form.get("name")).toBe("x");
    await auth.requireAction(request, context, form);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("stops reading at the limit (413), whatever length the request declared", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const { request } = await watchedPost({ body: `csrf=${CSRF}&text=${"a".repeat(5000)}` });
    const { thrown } = await settle(() => auth.readForm(request, {}, { maxBytes: 1000 }));
    expect(thrown?.status).toBe(413);
  });
});
