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
import { classFilterOf, paperSetsAction, paperSetsLoader } from "./paper-sets.server";

const admin = userRecord({ role_id: 13, role_name: "Papersetter Admin", username: "psadmin" });
const subAdmin = userRecord({ role_id: 14, role_name: "Papersetter Sub Admin", username: "pssubadmin" });
const subject = userRecord({ role_id: 15, role_name: "Subject Panel", username: "subject" });
const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const set = {
  id: 4,
  exam_year: "2026-27",
  exam_level: "mock",
  class_id: 8,
  name: "Mock VIII A",
  code: "M-VIII-A",
  languages: [{ id: 1, code: "en", name: "English", native: "English", dir: "ltr" }],
  duration_minutes: 90,
  instructions: [],
  status: "draft",
  content_hash: null,
  finalized_at: null,
  finalized_by: null,
  copied_from: null,
  total_marks: 100,
  sections: [],
};

describe("the class filter of a paper set list", () => {
  it("takes a class VI to XI from the URL and nothing else", () => {
    expect(classFilterOf(new URLSearchParams("class_id=8"))).toBe(8);
    expect(classFilterOf(new URLSearchParams("class_id=12"))).toBeUndefined();
    expect(classFilterOf(new URLSearchParams("class_id=eight"))).toBeUndefined();
    expect(classFilterOf(new URLSearchParams())).toBeUndefined();
  });
});

describe("a level's paper set list", () => {
  it("asks for the page's level and class, and offers creating and copying to the admin", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin), "GET /api/paperset/get-paperset": { body: envelope([set]) } });
    const data = await paperSetsLoader("mock", args(await appRequest("/paper-editor-admin/mock-papersets?class_id=8")));
    expect(data.rows).toEqual([set]);
    expect(data.classId).toBe(8);
    expect(data.failure).toBeNull();
    expect(data.may).toEqual({ create: true, copy: true });
    expect(api.calls.at(-1)?.path).toBe("/api/paperset/get-paperset?exam_level=mock&class_id=8");
  });

  it("lets the sub admin create but not copy, and the subject panel only look", async () => {
    api = stubApi({ "GET /api/user": signedInAs(subAdmin), "GET /api/paperset/get-paperset": { body: envelope([]) } });
    const sub = await paperSetsLoader("mock", args(await appRequest("/paper-editor-admin/mock-papersets")));
    expect(sub.may).toEqual({ create: true, copy: false });
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(subject), "GET /api/paperset/get-paperset": { body: envelope([]) } });
    const panel = await paperSetsLoader("level1", args(await appRequest("/paper-editor-admin/level1-papersets")));
    expect(panel.may).toEqual({ create: false, copy: false });
    expect(api.calls.at(-1)?.path).toBe("/api/paperset/get-paperset?exam_level=level1");
  });

  it("shows an empty list and the API's message when the list cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/paperset/get-paperset": { status: 503, body: { status: false, message: "Database unavailable" } },
    });
    const data = await paperSetsLoader("level2", args(await appRequest("/paper-editor-admin/level2-papersets")));
    expect(data.rows).toEqual([]);
    expect(data.failure).toBe("Database unavailable");
  });
});

describe("the paper set list's actions", () => {
  const path = "/paper-editor-admin/level1-papersets";

  it("creates a set of the page's level, always offered in English", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/create": { body: envelope({ ...set, id: 9 }, "The paper set is created.") },
    });
    const request = await appRequest(path, {
      form: { intent: "create", class_id: "8", name: " Set B ", code: "L1-VIII-B", languages: "hi" },
    });
    const result = await paperSetsAction("level1", args(request));
    expect(result.data).toEqual({ ok: true, message: "The paper set is created.", id: 9 });
    expect(api.calls.at(-1)?.body).toEqual({
      exam_level: "level1",
      class_id: 8,
      name: "Set B",
      code: "L1-VIII-B",
      languages: ["en", "hi"],
    });
  });

  it("answers the fields' messages without calling the API when the form is wrong", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const request = await appRequest(path, { form: { intent: "create", class_id: "5", name: "B", code: "a b" } });
    const result = await paperSetsAction("level1", args(request));
    expect(result.init?.status).toBe(400);
    expect(result.data?.errors?.map((e) => e.field).sort()).toEqual(["class_id", "code", "name"]);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("passes a taken code back onto its field", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/create": {
        status: 409,
        body: {
          status: false,
          message: "Another paper set of this exam year has this code",
          errors: [{ field: "code", message: "Choose another code" }],
        },
      },
    });
    const request = await appRequest(path, { form: { intent: "create", class_id: "8", name: "Set", code: "L1-A" } });
    const result = await paperSetsAction("level1", args(request));
    expect(result.init?.status).toBe(409);
    expect(result.data?.errors).toEqual([{ field: "code", message: "Choose another code" }]);
  });

  it("copies a mock set for the admin and names the new draft", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/copy-mock-paperset": {
        body: envelope({ ...set, id: 12, code: "M-VIII-A-C1" }, "The mock paper set is copied into a new draft."),
      },
    });
    const request = await appRequest("/paper-editor-admin/mock-papersets", { form: { intent: "copy", id: "4" } });
    const result = await paperSetsAction("mock", args(request));
    expect(result.data).toEqual({
      ok: true,
      message: "The mock paper set is copied into a new draft. It is M-VIII-A-C1.",
      id: 12,
    });
    expect(api.calls.at(-1)?.body).toEqual({ id: 4 });
  });

  it("refuses copying to the sub admin and creating to the subject panel before the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(subAdmin) });
    const copy = await appRequest("/paper-editor-admin/mock-papersets", { form: { intent: "copy", id: "4" } });
    expect((await settle(() => paperSetsAction("mock", args(copy)))).thrown?.status).toBe(403);
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(subject) });
    const create = await appRequest(path, { form: { intent: "create", class_id: "8", name: "Set", code: "L1-A" } });
    expect((await settle(() => paperSetsAction("level1", args(create)))).thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
