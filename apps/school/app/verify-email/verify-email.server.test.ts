import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { auth } from "@repo/remix-app/auth.server";
import { appRequest, envelope, type StubbedApi, settle, signedInAs, stubApi } from "@repo/remix-app/testing";
import { resendAction, verifyEmailAction, verifyEmailLoader } from "./verify-email.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const link = (token?: string) =>
  new Request(new URL(`/verify-school-email${token ? `?token=${token}` : ""}`, auth.appOrigin));
const refusal = (status: number, message: string) => ({ status, body: { status: false, message, data: null } });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const post = (token?: string, origin = auth.appOrigin) => {
  const body = new URLSearchParams(token ? { token } : {});
  return new Request(new URL("/verify-school-email", auth.appOrigin), {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
};

describe("the verification link page", () => {
  it("only opens the link: a mail scanner's visit redeems nothing", async () => {
    api = stubApi({});
    expect(verifyEmailLoader(args(link("t".repeat(43))))).toMatchObject({ outcome: "ready", token: "t".repeat(43) });
    expect(api.calls).toEqual([]);
  });

  it("redeems the token once it is posted and says the address is verified", async () => {
    api = stubApi({
      "POST /api/school/verify-school-email": { body: envelope({ school_id: 5, email: "a@b.org" }, "Verified!") },
    });
    expect(await verifyEmailAction(args(post("t".repeat(43))))).toEqual({ outcome: "verified", message: "Verified!" });
    expect(api.calls[0]?.body).toEqual({ token: "t".repeat(43) });
  });

  it("tells used, expired, replaced and unknown links apart by the API's answer", async () => {
    for (const [status, outcome] of [
      [409, "used"],
      [422, "expired"],
      [410, "replaced"],
      [404, "invalid"],
    ] as const) {
      api = stubApi({ "POST /api/school/verify-school-email": refusal(status, `answer ${status}`) });
      expect(await verifyEmailAction(args(post("t".repeat(43))))).toEqual({ outcome, message: `answer ${status}` });
      api.restore();
    }
    api = undefined;
  });

  it("refuses a post from another site without asking the API", async () => {
    api = stubApi({});
    expect((await verifyEmailAction(args(post("t".repeat(43), "https://evil.example.org")))).outcome).toBe("invalid");
    expect(api.calls).toEqual([]);
  });

  it("needs no API call for a link without a token", async () => {
    api = stubApi({});
    expect(verifyEmailLoader(args(link())).outcome).toBe("missing");
    expect((await verifyEmailAction(args(post()))).outcome).toBe("missing");
    expect(api.calls).toEqual([]);
  });
});

describe("the e-mail banner", () => {
  it("sends the link again and passes the API's refusal on", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/school/verify-school-email/resend": { body: envelope({ email: "a@b.org" }, "Sent again") },
    });
    expect((await resendAction(args(await appRequest("/email-verification", { form: {} })))).data).toEqual({
      ok: true,
      message: "Sent again",
    });
    api.restore();
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/school/verify-school-email/resend": refusal(429, "Too many attempts."),
    });
    expect((await resendAction(args(await appRequest("/email-verification", { form: {} })))).data).toEqual({
      ok: false,
      message: "Too many attempts.",
    });
  });

  it("refuses a resend without the session's CSRF token", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const { thrown } = await settle(async () =>
      resendAction(args(await appRequest("/email-verification", { form: { csrf: "forged" } }))),
    );
    expect(thrown?.status).toBe(403);
  });
});
