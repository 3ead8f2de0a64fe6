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
import { dashboard, pageAnswers } from "./dashboard.fixtures";
import { dashboardLoader } from "./dashboard.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
const PAGE = "/admin-dashboard";
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the dashboard loader", () => {
  it("loads the school's dashboard; a school adds students and pays for them", async () => {
    api = stubApi(pageAnswers());
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
    api = stubApi(pageAnswers(userRecord({ role_id: 18, role_name: "Institute" })));
    expect(await dashboardLoader(args(await appRequest(PAGE)))).toMatchObject({
      canAddStudents: true,
      canPayForStudents: false,
      ofSchools: false,
    });
    api.restore();
    api = stubApi({
      ...pageAnswers(userRecord({ role_id: 17, role_name: "Master Institute" })),
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
