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
import { examScheduleAction, examScheduleLoader } from "./exam-schedule.server";

const admin = userRecord({ role_id: 13, role_name: "Papersetter Admin", username: "psadmin" });
const subAdmin = userRecord({ role_id: 14, role_name: "Papersetter Sub Admin", username: "pssubadmin" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const PATH = "/paper-editor-admin/exam-schedule";
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const row = {
  id: 1,
  exam_year: "2026-27",
  exam_level: "level1",
  class_id: 8,
  starts_at: "2026-12-13T04:30:00.000Z",
  duration_minutes: 90,
  note: null,
  updated_at: "2026-11-20T10:00:00.000Z",
};

describe("the exam schedule page", () => {
  it("loads the schedule and lets only the admin set it", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin), "GET /api/exam-schedule": { body: envelope([row]) } });
    const data = await examScheduleLoader(args(await appRequest(PATH)));
    expect(data).toMatchObject({ rows: [row], failure: null, may: { schedule: true } });
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(subAdmin), "GET /api/exam-schedule": { body: envelope([row]) } });
    expect((await examScheduleLoader(args(await appRequest(PATH)))).may.schedule).toBe(false);
  });

  it("shows the API's message when the schedule cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/exam-schedule": { status: 500, body: { status: false, message: "Something went wrong" } },
    });
    const data = await examScheduleLoader(args(await appRequest(PATH)));
    expect(data.rows).toEqual([]);
    expect(data.failure).toBe("Something went wrong");
  });
});

describe("setting an exam date", () => {
  const form = {
    exam_level: "level2",
    class_id: "9",
    starts_at: "2027-01-24T10:00",
    duration_minutes: "45",
    note: "  Report by 9:30 am ",
  };

  it("sends the India time as typed, with numbers and a trimmed note", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/store-exam-schedule": { body: envelope([row], "The exam schedule is saved.") },
    });
    const result = await examScheduleAction(args(await appRequest(PATH, { form })));
    expect(result.data).toEqual({ ok: true, message: "The exam schedule is saved." });
    expect(api.calls.at(-1)?.body).toEqual({
      exam_level: "level2",
      class_id: 9,
      starts_at: "2027-01-24T10:00",
      duration_minutes: 45,
      note: "Report by 9:30 am",
    });
  });

  it("leaves an empty note out, and puts wrong fields' messages on them without calling the API", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/store-exam-schedule": { body: envelope([row], "The exam schedule is saved.") },
    });
    await examScheduleAction(args(await appRequest(PATH, { form: { ...form, note: " " } })));
    expect(api.calls.at(-1)?.body).not.toHaveProperty("note");
    const calls = api.calls.length;
    const wrong = await examScheduleAction(
      args(await appRequest(PATH, { form: { ...form, starts_at: "24/01/2027", duration_minutes: "5" } })),
    );
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data?.errors?.map((e) => e.field).sort()).toEqual(["duration_minutes", "starts_at"]);
    expect(api.calls.length).toBe(calls + 1);
  });

  it("passes the API's refusal of a date that does not exist onto its field", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/store-exam-schedule": {
        status: 422,
        body: {
          status: false,
          message: "starts_at is not a real date and time",
          errors: [{ field: "starts_at", message: "Give a date and time such as 2027-01-24T10:00" }],
        },
      },
    });
    const result = await examScheduleAction(
      args(await appRequest(PATH, { form: { ...form, starts_at: "2027-02-30T10:00" } })),
    );
    expect(result.init?.status).toBe(422);
    expect(result.data?.errors?.[0]?.field).toBe("starts_at");
  });

  it("refuses the sub admin before the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(subAdmin) });
    const { thrown } = await settle(async () => examScheduleAction(args(await appRequest(PATH, { form }))));
    expect(thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
