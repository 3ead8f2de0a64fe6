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
import { staticPageLoader } from "./static-pages.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const page = {
  module_name: "study-material",
  key: "level-1-exam",
  title: "Level 1 Exam",
  body: "<p>100 questions</p>",
  updated_at: "2026-11-20T10:00:00.000Z",
  updated_by: "Demo LMS",
};
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("a study-material static page", () => {
  it("reads its page by module and key", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/static-page-content/view": { body: envelope(page) },
    });
    const loaded = await staticPageLoader("level-1-exam")(args(await appRequest("/study-material/level-1-exam")));
    expect(loaded).toEqual({ title: "Level 1 Exam", page, failure: null });
    expect(api.calls.at(-1)?.path).toBe("/api/static-page-content/view?module_name=study-material&key=level-1-exam");
  });

  it("gives the API's message when the page cannot be had", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/static-page-content/view": { status: 500, body: { status: false, message: "Try later", data: null } },
    });
    const loaded = await staticPageLoader("download-app")(args(await appRequest("/study-material/download-app")));
    expect(loaded).toMatchObject({ title: "Download App", page: null, failure: "Try later" });
  });

  it("refuses a role without the page (403)", async () => {
    // A student reads the study pages (decision 025), not the contact page, which is the schools'.
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () =>
      staticPageLoader("contact")(args(await appRequest("/contact/contact"))),
    );
    expect(thrown?.status).toBe(403);
  });
});
