import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { staticPagesAction, staticPagesLoader } from "./static-pages.server";

const admin = userRecord({ role_id: 3, role_name: "Admin", username: "admin" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/content/static-pages";
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the static pages page", () => {
  it("lists the pages for an admin", async () => {
    const page = {
      module_name: "contact",
      key: "contact",
      title: "Contact",
      body: "",
      updated_at: null,
      updated_by: null,
    };
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/static-page-content/list": { body: envelope([page]) },
    });
    expect(await staticPagesLoader(args(await appRequest(PAGE)))).toMatchObject({ pages: [page], failure: null });
  });

  it("saves a page's text, and refuses an unknown key without calling the API", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/static-page-content/update": { body: envelope({}, "Page saved successfully") },
    });
    const saved = await staticPagesAction(
      args(
        await appRequest(PAGE, { form: { module_name: "study-material", key: "level-1-exam", body: "<p>New</p>" } }),
      ),
    );
    expect(saved.data).toEqual({ ok: true, message: "Page saved successfully" });
    expect(api.calls.at(-1)?.body).toEqual({ module_name: "study-material", key: "level-1-exam", body: "<p>New</p>" });
    const calls = api.calls.length;
    const unknown = await staticPagesAction(
      args(await appRequest(PAGE, { form: { module_name: "contact", key: "secrets", body: "x" } })),
    );
    expect(unknown.init?.status).toBe(400);
    expect(api.calls.length).toBe(calls + 1); // only the sign-in check
  });

  it("refuses pay support (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 5, role_name: "Pay Support" })) });
    const { thrown } = await settle(async () => staticPagesLoader(args(await appRequest(PAGE))));
    expect(thrown?.status).toBe(403);
  });
});
