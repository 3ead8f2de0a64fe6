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
import { notificationsAction, notificationsLoader } from "./notifications.server";

const lms = userRecord({ role_id: 4, role_name: "LMS", username: "lms" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/content/notifications";
const regions = (names: string[]) => ({ body: envelope(names.map((name, i) => ({ id: i + 1, name }))) });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const valid = {
  intent: "create",
  title: "Admit cards",
  body: "<p>Out now</p>",
  roles: "2",
  publish_from: "2026-11-23T04:30:00.000Z",
  publish_until: "",
};

describe("the notifications page (coordinator app)", () => {
  it("loads the page of the URL's search and the region options", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/admin/notifications": { body: envelope({ items: [], page: 2, per_page: 10, total: 12, last_page: 2 }) },
      "POST /api/fetchZone": regions(["West"]),
      "POST /api/fetchState": regions(["Maharashtra"]),
      "POST /api/fetchDistrict": regions(["Pune"]),
    });
    const loaded = await notificationsLoader(args(await appRequest(`${PAGE}?page=2&search=admit`)));
    expect(loaded).toMatchObject({
      total: 12,
      failure: null,
      regions: { states: [{ value: "1", label: "Maharashtra" }] },
    });
    expect(api.calls.find((c) => c.path.startsWith("/api/admin"))?.path).toBe(
      "/api/admin/notifications?page=2&per_page=10&search=admit",
    );
  });

  it("creates with the API's body, and lands the API's field errors", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/admin/notifications": (request) =>
        request
          .clone()
          .json()
          .then((body: { state_ids: number[] }) =>
            body.state_ids.includes(99)
              ? Response.json(
                  {
                    status: false,
                    message: "There is no state with id 99",
                    data: null,
                    errors: [{ field: "state_ids", message: "There is no state with id 99" }],
                  },
                  { status: 422 },
                )
              : Response.json(envelope({ id: 1 }, "Notification created successfully")),
          ),
    });
    const ok = await notificationsAction(args(await appRequest(PAGE, { form: valid })));
    expect(ok.data).toEqual({ ok: true, message: "Notification created successfully" });
    expect(api.calls.at(-1)?.body).toMatchObject({ roles: [2], state_ids: [], publish_until: null });
    const bad = await notificationsAction(args(await appRequest(PAGE, { form: { ...valid, state_ids: "99" } })));
    expect(bad.init?.status).toBe(422);
    expect(bad.data.errors).toEqual([{ field: "state_ids", message: "There is no state with id 99" }]);
  });

  it("reads the window's wall-clock times as India time, wherever the browser is", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/admin/notifications": () => Response.json(envelope({ id: 1 }, "Notification created successfully")),
    });
    const form = { ...valid, publish_from: "2026-12-31T23:30", publish_until: "2027-01-01T00:15" };
    const ok = await notificationsAction(args(await appRequest(PAGE, { form })));
    expect(ok.data).toEqual({ ok: true, message: "Notification created successfully" });
    expect(api.calls.at(-1)?.body).toMatchObject({
      publish_from: "2026-12-31T18:00:00.000Z",
      publish_until: "2026-12-31T18:45:00.000Z",
    });
  });

  it("checks the window before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(lms) });
    const result = await notificationsAction(
      args(await appRequest(PAGE, { form: { ...valid, publish_until: "2026-11-22T00:00:00.000Z" } })),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual([
      { field: "publish_until", message: "The end of the publish window must be after its start" },
    ]);
  });

  it("refuses a coordinator (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 9, role_name: "State Coordinator" })) });
    const { thrown } = await settle(async () => notificationsLoader(args(await appRequest(PAGE))));
    expect(thrown?.status).toBe(403);
  });
});
