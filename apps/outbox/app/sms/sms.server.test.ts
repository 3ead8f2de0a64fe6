import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "outbox" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { smsAction, smsLoader } from "./sms.server";

const outboxUser = userRecord({ role_id: 12, role_name: "Outbox", username: "outbox" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const page = <const T>(items: readonly T[]) =>
  envelope({ items, page: 1, per_page: 10, total: items.length, last_page: 1 });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the text messages page", () => {
  it("asks for the URL's status, search and page, and drops a status that is not one", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "GET /api/sms/messages": { body: page([{ id: 3, to: "9876543210", status: "failed" }]) },
    });
    const data = await smsLoader(args(await appRequest("/text-messages?status=failed&search=98765&page=2")));
    expect(data).toMatchObject({ status: "failed", total: 1, failure: null, rows: [{ id: 3 }] });
    expect(api.calls.at(-1)?.path).toBe("/api/sms/messages?page=2&per_page=10&status=failed&search=98765");
    const lost = await smsLoader(args(await appRequest("/text-messages?status=lost")));
    expect(lost.status).toBeNull();
    expect(api.calls.at(-1)?.path).toBe("/api/sms/messages?page=1&per_page=10");
  });

  it("is the outbox role's alone: a school is moved to its own app", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 2, role_name: "School" })),
      "POST /api/handoff": { body: envelope({ code: "c0de", target_app: "school", expires_at: "" }) },
    });
    const { thrown } = await settle(async () => smsLoader(args(await appRequest("/text-messages"))));
    expect(thrown?.status).toBe(302);
    expect(api.calls.map((c) => c.path)).not.toContain("/api/sms/messages");
  });
});

describe("retrying a text message", () => {
  it("queues a failed one again and says so", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/sms/messages/7/retry": { body: envelope({ id: 7, to: "9876543210", status: "queued" }) },
    });
    const result = await smsAction(args(await appRequest("/text-messages", { form: { intent: "retry", id: "7" } })));
    expect(result.data).toEqual({ ok: true, message: "The text message to 9876543210 is queued again." });
  });

  it("passes a refusal on with its status and the API's words", async () => {
    const refusal = "Only failed messages can be retried, and this one is sent.";
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/sms/messages/7/retry": { status: 409, body: { status: false, message: refusal, data: null } },
    });
    const result = await smsAction(args(await appRequest("/text-messages", { form: { intent: "retry", id: "7" } })));
    expect(result.init?.status).toBe(409);
    expect(result.data).toEqual({ ok: false, message: refusal });
  });
});
