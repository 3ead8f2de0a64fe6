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
import { dashboardLoader } from "./dashboard.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/admin-dashboard";
const counts = { total: 3, paid: 1, pending: 0, unpaid: 2, by_class: [], by_language: [], by_gender: [] };
const dashboard = {
  exam_year: { label: "2026-27", starts_on: "2026-04-01", ends_on: "2027-03-31" },
  students: counts,
  amount_due: [
    {
      country: "India",
      unpaid: 2,
      fee: { currency: "INR", amount_minor: 15000 },
      amount: { currency: "INR", amount_minor: 30000 },
    },
  ],
  email_verified: true,
  recent_activity: [],
  coordinators: [],
};
const schedule = [
  {
    id: 1,
    exam_year: "2026-27",
    exam_level: "level1",
    class_id: 8,
    starts_at: "2026-12-13T04:30:00.000Z",
    duration_minutes: 90,
    note: null,
    updated_at: "2026-11-20T10:00:00.000Z",
  },
];
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the dashboard loader", () => {
  it("loads the school's dashboard; a school adds students and pays for them", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/dashboard": { body: envelope(dashboard) },
      "GET /api/exam-schedule": { body: envelope(schedule) },
    });
    const page = await dashboardLoader(args(await appRequest(PAGE)));
    expect(page).toEqual({
      dashboard,
      failure: null,
      canAddStudents: true,
      canPayForStudents: true,
      canSeeImportantDates: true,
      ofSchools: false,
      examSittings: [
        { level: "Level 1", starts_at: "2026-12-13T04:30:00.000Z", duration_minutes: 90, classes: "VIII", note: null },
      ],
      schools: null,
    });
    expect(api.calls.map((c) => c.path).sort()).toEqual(["/api/exam-schedule", "/api/schools/dashboard", "/api/user"]);
  });

  it("offers an institute no per-student payment; a master institute adds into its schools and sees them", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 18, role_name: "Institute" })),
      "GET /api/schools/dashboard": { body: envelope(dashboard) },
      "GET /api/exam-schedule": { body: envelope(schedule) },
    });
    expect(await dashboardLoader(args(await appRequest(PAGE)))).toMatchObject({
      canAddStudents: true,
      canPayForStudents: false,
      ofSchools: false,
    });
    api.restore();
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })),
      "GET /api/schools/dashboard": { body: envelope(dashboard) },
      "GET /api/exam-schedule": { body: envelope(schedule) },
      "GET /api/master-institute/schools/list": {
        body: envelope({ items: [{ id: 3, name: "Alpha School" }], page: 1, per_page: 5, total: 5, last_page: 1 }),
      },
    });
    expect(await dashboardLoader(args(await appRequest(PAGE)))).toMatchObject({
      canAddStudents: true,
      canPayForStudents: true,
      canSeeImportantDates: false,
      ofSchools: true,
      schools: { items: [{ id: 3, name: "Alpha School" }], total: 5 },
    });
  });

  it("gives no dashboard and the API's message when the API fails", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/dashboard": { status: 404, body: { status: false, message: "School not found", data: null } },
      "GET /api/exam-schedule": { status: 500, body: { status: false, message: "Something went wrong", data: null } },
    });
    const page = await dashboardLoader(args(await appRequest(PAGE)));
    // Without the schedule the dashboard still says what it can: no exam dates yet.
    expect(page).toMatchObject({ dashboard: null, failure: "School not found", examSittings: [] });
  });

  it("refuses a student (403) before calling the dashboard API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () => dashboardLoader(args(await appRequest(PAGE))));
    expect(thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
