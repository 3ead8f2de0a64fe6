import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "outbox" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { templatesAction, templatesLoader } from "./templates.server";

const outboxUser = userRecord({ role_id: 12, role_name: "Outbox", username: "outbox" });
const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the templates page", () => {
  it("lists templates with the URL's search and filters and opens the one named", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/mail/templates/list": {
        body: envelope({ items: [{ id: 3 }], page: 1, per_page: 10, total: 1, last_page: 1 }),
      },
      "GET /api/mail/templates/3": { body: envelope({ id: 3, versions: [] }) },
    });
    const data = await templatesLoader(
      args(await appRequest("/templates?search=result&language=hi&enabled=false&template=3")),
    );
    expect(data.total).toBe(1);
    expect(data.detail).toEqual({ id: 3, versions: [] });
    expect(api.calls.find((c) => c.path === "/api/mail/templates/list")?.body).toEqual({
      page: 1,
      per_page: 10,
      search: "result",
      language: "hi",
      enabled: false,
    });
  });

  it("ignores a language the programme does not have", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/mail/templates/list": { body: envelope({ items: [], page: 1, per_page: 10, total: 0, last_page: 1 }) },
    });
    await templatesLoader(args(await appRequest("/templates?language=xx")));
    expect(api.calls.at(-1)?.body).toEqual({ page: 1, per_page: 10 });
  });
});

describe("template actions", () => {
  it("creates a template from the editor's fields", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/mail/templates": { body: envelope({ id: 40 }, "Template created") },
    });
    const form = {
      intent: "create",
      key: "exam-reminder",
      language: "en",
      name: "Exam reminder",
      subject: "Exam on {{ date }}",
      body: "<p>Dear {{ name }}</p>",
    };
    const result = await templatesAction(args(await appRequest("/templates", { form })));
    expect(result.data).toEqual({ intent: "create", ok: true, message: "Template created", id: 40 });
    expect(api.calls.at(-1)?.body).toEqual({
      key: "exam-reminder",
      language: "en",
      name: "Exam reminder",
      subject: "Exam on {{ date }}",
      body: "<p>Dear {{ name }}</p>",
    });
  });

  it("answers the API's syntax error on its field", async () => {
    const problem = { field: "body", message: "line 1, column 9: '{{' is not closed with '}}'" };
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/mail/templates/5": {
        status: 422,
        body: { status: false, message: problem.message, data: null, errors: [problem] },
      },
    });
    const form = { intent: "update", id: "5", name: "Reminder", subject: "Hello", body: "<p>Dear {{ name</p>" };
    const result = await templatesAction(args(await appRequest("/templates", { form })));
    expect(result.init?.status).toBe(422);
    expect(result.data).toMatchObject({ ok: false, errors: [problem] });
  });

  it("refuses a subject with a line break before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(outboxUser) });
    const form = { intent: "update", id: "5", name: "Reminder", subject: "Hello\r\nBcc: x@y.test", body: "<p>Hi</p>" };
    const result = await templatesAction(args(await appRequest("/templates", { form })));
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, errors: [{ field: "subject" }] });
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("previews with the sample values and the template's language", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(outboxUser),
      "POST /api/mail/templates/preview": {
        body: envelope({ subject: "Hi Asha", html: "<html></html>", text: "Hi", variables: ["name"], missing: [] }),
      },
    });
    const form = {
      intent: "preview",
      subject: "Hi {{ name }}",
      body: "<p>x</p>",
      variables: JSON.stringify({ name: "Asha" }),
      language: "ur",
    };
    const result = await templatesAction(args(await appRequest("/templates", { form })));
    expect(result.data).toMatchObject({ intent: "preview", ok: true, mail: { subject: "Hi Asha" } });
    expect(api.calls.at(-1)?.body).toEqual({
      subject: "Hi {{ name }}",
      body: "<p>x</p>",
      variables: { name: "Asha" },
      language: "ur",
    });
  });
});
