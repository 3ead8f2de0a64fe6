import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { contactAction, contactLoader } from "./contact.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/contact/contact";
const message = { subject: "Admit cards", message: "When can we print the admit cards?", phone: "" };
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the contact page", () => {
  it("shows the contact text", async () => {
    const page = {
      module_name: "contact",
      key: "contact",
      title: "Contact",
      body: "<p>Write to us</p>",
      updated_at: null,
      updated_by: null,
    };
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 18, role_name: "Institute" })),
      "GET /api/static-page-content/view": { body: envelope(page) },
    });
    expect(await contactLoader(args(await appRequest(PAGE)))).toMatchObject({ title: "Contact", page, failure: null });
    expect(api.calls.at(-1)?.path).toBe("/api/static-page-content/view?module_name=contact&key=contact");
  });

  it("sends the message and says to whom, by role", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/contact": {
        body: envelope(
          { sent_to: [{ role_name: "District Coordinator", region: "Pune" }] },
          "Your message has been sent",
        ),
      },
    });
    const result = await contactAction(args(await appRequest(PAGE, { form: message })));
    expect(result.data).toEqual({
      ok: true,
      message: "Your message has been sent",
      sentTo: [{ role_name: "District Coordinator", region: "Pune" }],
    });
    expect(api.calls.at(-1)?.body).toEqual({ subject: "Admit cards", message: "When can we print the admit cards?" });
  });

  it("marks bad fields without calling the API, and passes on the 429 message", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/contact": {
        status: 429,
        body: { status: false, message: "You can send again in 42 minutes.", data: null },
      },
    });
    const bad = await contactAction(
      args(await appRequest(PAGE, { form: { subject: "Hi", message: "x", phone: "abc" } })),
    );
    expect(bad.init?.status).toBe(400);
    expect(bad.data.errors?.map((e) => e.field).sort()).toEqual(["message", "phone", "subject"]);
    expect(api.calls.some((call) => call.path === "/api/contact")).toBe(false);
    const limited = await contactAction(args(await appRequest(PAGE, { form: message })));
    expect(limited.init?.status).toBe(429);
    expect(limited.data.message).toBe("You can send again in 42 minutes.");
  });

  it("refuses a student (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () => contactAction(args(await appRequest(PAGE, { form: message }))));
    expect(thrown?.status).toBe(403);
  });
});
