import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_SENT } from "@repo/contracts/password-reset-constants";
import { auth } from "../auth.server";
import { envelope, type StubbedApi, stubApi } from "../testing/harness";
import { forgotPasswordAction, resetPasswordAction, resetPasswordLoader } from "./password-reset.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const refusal = (status: number, message: string, errors?: { field: string; message: string }[]) => ({
  status,
  body: { status: false, message, data: null, ...(errors ? { errors } : {}) },
});
const post = (path: string, form: Record<string, string>, origin = auth.appOrigin) =>
  new Request(new URL(path, auth.appOrigin), {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
const bodyOf = async (result: unknown) => (result as { data: unknown }).data;
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the forgot-password page", () => {
  it("asks the API for a link for this app and shows its one answer", async () => {
    api = stubApi({
      "POST /api/password-reset/request": { body: envelope({ channel: "email" }, PASSWORD_RESET_SENT.email) },
    });
    const result = await forgotPasswordAction(args(post("/forgot-password", { login: " admin ", intent: "email" })));
    expect(await bodyOf(result)).toEqual({ step: "sent", login: "admin", message: PASSWORD_RESET_SENT.email });
    expect(api.calls[0]?.body).toEqual({ login: "admin", channel: "email", app: "coordinator" });
  });

  it("asks for a code by text message and then shows the code form", async () => {
    api = stubApi({
      "POST /api/password-reset/request": { body: envelope({ channel: "sms" }, PASSWORD_RESET_SENT.sms) },
    });
    const result = await forgotPasswordAction(args(post("/forgot-password", { login: "student", intent: "sms" })));
    expect(await bodyOf(result)).toEqual({ step: "code", login: "student", message: PASSWORD_RESET_SENT.sms });
  });

  it("names the empty field without asking the API, and refuses another site's form", async () => {
    api = stubApi({});
    const empty = await forgotPasswordAction(args(post("/forgot-password", { login: "", intent: "email" })));
    expect(await bodyOf(empty)).toMatchObject({ fields: { login: "Enter your username or e-mail address" } });
    const foreign = await forgotPasswordAction(
      args(post("/forgot-password", { login: "admin", intent: "email" }, "https://evil.example.org")),
    );
    expect((foreign as { init: { status: number } }).init.status).toBe(403);
    expect(api.calls).toEqual([]);
  });

  it("turns a right code into the new-password form and keeps the login with a wrong one", async () => {
    api = stubApi({
      "POST /api/password-reset/code": { body: envelope({ token: "t".repeat(43), username: "student" }) },
    });
    const right = await forgotPasswordAction(
      args(post("/forgot-password", { login: "student", code: "123456", intent: "code" })),
    );
    expect(await bodyOf(right)).toMatchObject({ step: "choose", token: "t".repeat(43), username: "student" });
    api.restore();
    api = stubApi({
      "POST /api/password-reset/code": refusal(422, "Invalid", [
        { field: "code", message: PASSWORD_RESET_MESSAGES.wrongCode },
      ]),
    });
    const wrong = await forgotPasswordAction(
      args(post("/forgot-password", { login: "student", code: "000000", intent: "code" })),
    );
    expect(await bodyOf(wrong)).toMatchObject({
      step: "code",
      login: "student",
      error: PASSWORD_RESET_MESSAGES.wrongCode,
    });
  });
});

describe("the reset-password page", () => {
  const link = (token?: string) =>
    new Request(new URL(`/reset-password${token ? `?token=${token}` : ""}`, auth.appOrigin));

  it("checks the link without using it, and says why one does not work", async () => {
    api = stubApi({
      "POST /api/password-reset/check": {
        body: envelope({ state: "valid", username: "admin", expires_at: new Date().toISOString() }),
      },
    });
    expect(await bodyOf(await resetPasswordLoader(args(link("t".repeat(43)))))).toMatchObject({
      step: "choose",
      username: "admin",
    });
    api.restore();
    api = stubApi({
      "POST /api/password-reset/check": {
        body: envelope({ state: "superseded", username: null, expires_at: null }, PASSWORD_RESET_MESSAGES.superseded),
      },
    });
    expect(await bodyOf(await resetPasswordLoader(args(link("t".repeat(43)))))).toEqual({
      step: "refused",
      state: "superseded",
      message: PASSWORD_RESET_MESSAGES.superseded,
    });
    expect(await bodyOf(await resetPasswordLoader(args(link())))).toMatchObject({ state: "missing" });
  });

  it("sends the person to sign in with the username filled in after a new password", async () => {
    api = stubApi({
      "POST /api/password-reset": { body: envelope({ username: "admin" }, PASSWORD_RESET_MESSAGES.done) },
    });
    const done = (await resetPasswordAction(
      args(
        post("/reset-password", {
          token: "t".repeat(43),
          new_password: "Fresh@2026pw",
          confirm_password: "Fresh@2026pw",
        }),
      ),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?notice=password-changed&username=admin");
    expect(api.calls[0]?.body).toMatchObject({ app: "coordinator" });
  });

  it("puts the API's field messages on the fields and tells a used link apart", async () => {
    api = stubApi({
      "POST /api/password-reset": refusal(400, "Invalid", [{ field: "new_password", message: "Too weak" }]),
    });
    const weak = await resetPasswordAction(
      args(
        post("/reset-password", { token: "t".repeat(43), username: "admin", new_password: "a", confirm_password: "a" }),
      ),
    );
    expect(await bodyOf(weak)).toMatchObject({
      step: "choose",
      username: "admin",
      fields: { new_password: "Too weak" },
    });
    api.restore();
    api = stubApi({ "POST /api/password-reset": refusal(409, PASSWORD_RESET_MESSAGES.used) });
    const used = await resetPasswordAction(
      args(
        post("/reset-password", {
          token: "t".repeat(43),
          new_password: "Fresh@2026pw",
          confirm_password: "Fresh@2026pw",
        }),
      ),
    );
    expect(await bodyOf(used)).toEqual({ step: "refused", state: "used", message: PASSWORD_RESET_MESSAGES.used });
  });
});
