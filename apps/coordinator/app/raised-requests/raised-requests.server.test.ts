import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { deskRequestsAction, deskRequestsLoader } from "./raised-requests.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const paySupport = () => signedInAs(userRecord({ role_id: 5, role_name: "Pay Support" }));

describe("the raised-requests desk", () => {
  it("loads the list with the URL's status and keeps it for the export", async () => {
    api = stubApi({
      "GET /api/user": paySupport(),
      "GET /api/raisedRequest": {
        body: envelope({ items: [{ id: 4 }], page: 1, per_page: 10, total: 1, last_page: 1 }),
      },
    });
    const data = await deskRequestsLoader(args(await appRequest("/paysupport/raised-requests?status=open")));
    expect(data).toMatchObject({ total: 1, failure: null, filters: { status: "open" } });
    expect(api.calls.find((c) => c.path.startsWith("/api/raisedRequest?"))?.path).toContain("status=open");
  });

  it("sends the status and comment, and passes a refusal back with its field", async () => {
    api = stubApi({
      "GET /api/user": paySupport(),
      "POST /api/raisedRequest/changestatus/4/resolved": {
        body: envelope({ id: 4, status: "resolved" }, "The request is updated and the requester is told."),
      },
      "POST /api/raisedRequest/changestatus/5/resolved": {
        status: 400,
        body: {
          status: false,
          message: "comment: Write a comment",
          errors: [{ field: "comment", message: "Write a comment" }],
          data: null,
        },
      },
    });
    const done = await deskRequestsAction(
      args(
        await appRequest("/paysupport/raised-requests", {
          form: { request_id: "4", status: "resolved", comment: "Refunded to the school's account." },
        }),
      ),
    );
    expect(done.data).toMatchObject({ ok: true, request: { id: 4, status: "resolved" } });
    const sent = api.calls.find((c) => c.path === "/api/raisedRequest/changestatus/4/resolved");
    expect(sent?.body).toEqual({ comment: "Refunded to the school's account." });

    const refused = await deskRequestsAction(
      args(await appRequest("/paysupport/raised-requests", { form: { request_id: "5", status: "resolved" } })),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual([{ field: "comment", message: "Write a comment" }]);

    const noStatus = await deskRequestsAction(
      args(await appRequest("/paysupport/raised-requests", { form: { request_id: "5", status: "done" } })),
    );
    expect(noStatus.init?.status).toBe(400);
    expect(noStatus.data.errors?.[0]?.field).toBe("status");
  });
});
