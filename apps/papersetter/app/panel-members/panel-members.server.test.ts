import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "papersetter" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { panelMembersAction, panelMembersLoader } from "./panel-members.server";

const admin = userRecord({ role_id: 13, role_name: "Papersetter Admin", username: "psadmin" });
const subAdmin = userRecord({ role_id: 14, role_name: "Papersetter Sub Admin", username: "pssubadmin" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const PATH = "/paper-editor-admin/panel-members";
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const panel = {
  id: 5,
  username: "subject",
  name: "Demo Subject Panel",
  role_id: 15,
  is_active: true,
  subject_ids: [1, 4],
  languages: [],
};
const translator = {
  id: 6,
  username: "translator",
  name: "Demo Translator",
  role_id: 16,
  is_active: true,
  subject_ids: [],
  languages: ["hi", "ur"],
};

describe("the panel members page", () => {
  it("splits subject panel users from translators and offers the subjects", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/papersetter/panel-members": { body: envelope([panel, translator]) },
      "GET /api/subject/get-subjects": { body: envelope([{ id: 1, name: "Physics", is_active: true }]) },
    });
    const data = await panelMembersLoader(args(await appRequest(PATH)));
    expect(data.subjectPanel).toEqual([panel]);
    expect(data.translators).toEqual([translator]);
    expect(data.subjects).toEqual([{ value: "1", label: "Physics" }]);
    expect(data.failure).toBeNull();
  });

  it("is the papersetter admin's only", async () => {
    api = stubApi({ "GET /api/user": signedInAs(subAdmin) });
    const { thrown } = await settle(async () => panelMembersLoader(args(await appRequest(PATH))));
    expect(thrown?.status).toBe(403);
  });
});

describe("assigning a panel member", () => {
  it("sends a subject panel user's subjects as numbers and no languages", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/papersetter/panel-members/5": { body: envelope(panel, "The assignment is saved.") },
    });
    const body = new URLSearchParams({ csrf: "test-csrf-token", id: "5" });
    body.append("subject_ids", "1");
    body.append("subject_ids", "4");
    const request = await appRequest(PATH, { form: {} });
    const result = await panelMembersAction(
      args(new Request(request.url, { method: "POST", headers: request.headers, body })),
    );
    expect(result.data).toEqual({ ok: true, message: "The assignment is saved. Demo Subject Panel is updated." });
    expect(api.calls.at(-1)?.body).toEqual({ subject_ids: [1, 4], languages: [] });
  });

  it("sends a translator's languages, and refuses English before the API", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/papersetter/panel-members/6": { body: envelope(translator, "The assignment is saved.") },
    });
    await panelMembersAction(args(await appRequest(PATH, { form: { id: "6", languages: "ta" } })));
    expect(api.calls.at(-1)?.body).toEqual({ subject_ids: [], languages: ["ta"] });
    const calls = api.calls.length;
    const english = await panelMembersAction(args(await appRequest(PATH, { form: { id: "6", languages: "en" } })));
    expect(english.init?.status).toBe(400);
    expect(english.data?.errors?.[0]).toEqual({
      field: "languages",
      message: "English is the source language: translators translate from it",
    });
    expect(api.calls.length).toBe(calls + 1);
  });

  it("passes the API's refusal on", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/papersetter/panel-members/6": {
        status: 422,
        body: {
          status: false,
          message: "Translators are assigned languages",
          errors: [{ field: "subject_ids", message: "Leave subjects empty for a translator" }],
        },
      },
    });
    const result = await panelMembersAction(args(await appRequest(PATH, { form: { id: "6", subject_ids: "1" } })));
    expect(result.init?.status).toBe(422);
    expect(result.data?.message).toBe("Translators are assigned languages");
  });
});
