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
import { notificationsAction, notificationsLoader } from "./notifications.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/content/notifications";
const item = {
  id: 4,
  title: "Admit cards",
  body: "<p>Out</p>",
  publish_from: "2026-11-20T10:00:00.000Z",
  read_at: null,
};
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the notifications loader", () => {
  it("loads the page asked for and the open notification", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/notifications": {
        body: envelope({ items: [item], page: 2, per_page: 10, total: 11, last_page: 2, unread: 1 }),
      },
    });
    const loaded = await notificationsLoader(args(await appRequest(`${PAGE}?page=2&open=4`)));
    expect(loaded).toMatchObject({ items: [item], page: 2, lastPage: 2, unread: 1, open: 4, failure: null });
    expect(api.calls.at(-1)?.path).toBe("/api/notifications?page=2&per_page=10");
  });

  it("says why when the list cannot be had", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/notifications": { status: 500, body: { status: false, message: "Try later", data: null } },
    });
    expect(await notificationsLoader(args(await appRequest(PAGE)))).toMatchObject({ items: [], failure: "Try later" });
  });

  it("loads a student's own notifications too (issue 16)", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })),
      "GET /api/notifications": {
        body: envelope({ items: [item], page: 1, per_page: 10, total: 1, last_page: 1, unread: 1 }),
      },
    });
    expect(await notificationsLoader(args(await appRequest(PAGE)))).toMatchObject({ items: [item], failure: null });
  });
});

describe("the notifications action", () => {
  it("marks one read and shows it", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/notifications/4/read": { body: envelope(null, "Marked read") },
    });
    const { thrown } = await settle(async () =>
      notificationsAction(args(await appRequest(`${PAGE}?page=2`, { form: { intent: "read", id: "4" } }))),
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe(`${PAGE}?page=2&open=4`);
  });

  it("marks all read, and passes on the API's 404 for one it may not see", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/notifications/read-all": { body: envelope({ unread: 0 }, "3 notifications marked read") },
      "POST /api/notifications/9/read": {
        status: 404,
        body: { status: false, message: "Notification not found", data: null },
      },
    });
    const all = await notificationsAction(args(await appRequest(PAGE, { form: { intent: "read-all" } })));
    expect(all.data).toEqual({ ok: true, message: "3 notifications marked read" });
    const missing = await notificationsAction(args(await appRequest(PAGE, { form: { intent: "read", id: "9" } })));
    expect(missing.init?.status).toBe(404);
    expect(missing.data).toEqual({ ok: false, message: "Notification not found" });
  });
});
