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
import { counts, mail, outboxUser, page, pageAnswers, resultsTemplate } from "./outbox.fixtures";
import { messageFiltersFrom, outboxAction, outboxLoader } from "./outbox.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the outbox's filters", () => {
  it("reads status, template, dates and search from the URL, dropping what is not valid", () => {
    const params = new URLSearchParams(
      "status=failed&template=results-published&from=2026-11-01&to=2026-13-40&search=%20asha%20",
    );
    expect(messageFiltersFrom(params)).toEqual({
      status: "failed",
      template_key: "results-published",
      from: "2026-11-01",
      search: "asha",
    });
    expect(messageFiltersFrom(new URLSearchParams("status=lost"))).toEqual({});
  });
});

describe("the outbox page", () => {
  it("loads a page of messages, the counts for the same filters (any status) and the open message", async () => {
    const found = mail(4, "a@school.test", "failed");
    api = stubApi({
      ...pageAnswers(),
      "POST /api/mail/messages/list": { body: page([found]) },
      // The template in two languages is one choice.
      "GET /api/mail/templates/options": { body: envelope([resultsTemplate, { ...resultsTemplate, language: "hi" }]) },
      "GET /api/mail/messages/4": { body: envelope({ id: 4, to: "a@school.test", attempt_log: [] }) },
    });
    const data = await outboxLoader(args(await appRequest("/outbox?status=failed&search=a%40&message=4&page=2")));
    expect(data.rows).toEqual([found]);
    expect(data.counts).toEqual(counts);
    expect(data.templates).toEqual([{ value: "results-published", label: "Results published" }]);
    expect(data.detail).toMatchObject({ id: 4 });
    const sent = Object.fromEntries(api.calls.map((c) => [c.path, c.body]));
    expect(sent["/api/mail/messages/list"]).toEqual({ page: 2, per_page: 10, status: "failed", search: "a@" });
    expect(sent["/api/mail/messages/counts"]).toEqual({ search: "a@" });
  });

  it("is the outbox role's alone: a coordinator is moved to its own app and never sees a message", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 9, role_name: "State Coordinator" })),
      "POST /api/handoff": { body: envelope({ code: "c0de", target_app: "coordinator", expires_at: "" }) },
    });
    const { thrown } = await settle(async () => outboxLoader(args(await appRequest("/outbox"))));
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toContain("/auth/handoff?code=c0de&to=%2Fadmin-dashboard");
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user", "/api/handoff"]);
  });
});

describe("outbox actions", () => {
  it("retries one failed message and answers the API's words", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/mail/messages/7/retry": { body: envelope(null, "The message is queued again") },
    });
    const result = await outboxAction(args(await appRequest("/outbox", { form: { intent: "retry", id: "7" } })));
    expect(result.data).toEqual({ ok: true, message: "The message is queued again" });
  });

  it("passes a refusal to cancel on with its status", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/mail/messages/7/cancel": {
        status: 409,
        body: { status: false, message: "Only a queued message can be cancelled; this one was sent.", data: null },
      },
    });
    const result = await outboxAction(args(await appRequest("/outbox", { form: { intent: "cancel", id: "7" } })));
    expect(result.init?.status).toBe(409);
    expect(result.data?.message).toBe("Only a queued message can be cancelled; this one was sent.");
  });

  it("retries every failed message of the list's filters (whatever status the list shows)", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/mail/messages/retry": { body: envelope({ retried: 2 }, "2 messages are queued again") },
    });
    const form = { intent: "retry-failed", filters: "status=sent&template=results-published&from=2026-11-01" };
    const result = await outboxAction(args(await appRequest("/outbox", { form })));
    expect(result.data).toEqual({ ok: true, message: "2 messages are queued again" });
    expect(api.calls.at(-1)?.body).toEqual({ template_key: "results-published", from: "2026-11-01" });
  });
});
