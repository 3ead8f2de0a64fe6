import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { auth } from "../auth.server";
import { envelope, type StubbedApi, stubApi } from "../testing/harness";
import { loginAction } from "./sign-in.server";

let api: StubbedApi | undefined;
afterEach(() => api?.restore());

/** The sign-in form posted from this app, with the browser's cookies. */
function signInPost(cookie?: string) {
  const headers = new Headers({ Origin: auth.appOrigin });
  if (cookie) headers.set("Cookie", cookie);
  const body = new URLSearchParams({ username: "labkid7", password: "Demo@12345" });
  return new Request(new URL("/login", auth.appOrigin), { method: "POST", headers, body });
}

const signedIn = {
  body: envelope({ token: "t", user: { id: 7, username: "labkid7", role_id: 1 }, mobile_verification_required: false }),
};
const loginBodies = () => api?.calls.filter((c) => c.path === "/api/login").map((c) => c.body as { device?: string });

/** docs/decisions/048-sign-in-limits-that-spare-honest-people.md */
describe("the sign-in form and the browser's device id", () => {
  it("sends one device id with every sign-in of a browser and keeps it in a long-lived cookie", async () => {
    api = stubApi({ "POST /api/login": signedIn });
    const first = (await loginAction({ request: signInPost(), context: {}, params: {} })) as Response;
    const device = loginBodies()?.[0]?.device ?? "";
    expect(device).toMatch(/^[\w-]{40,100}$/);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith("portal_device="));
    expect(cookie).toMatch(/Max-Age=\d{8}/);
    expect(cookie).toMatch(/HttpOnly/);

    await loginAction({ request: signInPost(cookie?.split(";")[0]), context: {}, params: {} });
    expect(loginBodies()?.[1]?.device).toBe(device);
  });

  it("shows the API's refusal as it is, with how many minutes to wait", async () => {
    const message = "Too many wrong passwords for this account from here. Try again in 4 minutes, after 14:35 (IST).";
    api = stubApi({ "POST /api/login": { status: 429, body: { status: false, message, data: null } } });
    const answer = (await loginAction({ request: signInPost(), context: {}, params: {} })) as unknown as {
      data: { error?: string };
    };
    expect(answer.data.error).toBe(message);
  });
});
