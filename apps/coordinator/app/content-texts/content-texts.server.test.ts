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
import { contentAction, importantDatesLoader, syllabusLoader } from "./content-texts.server";

const lms = userRecord({ role_id: 4, role_name: "LMS", username: "lms" });
const args = (request: Request) => ({ request, context: {}, params: {} });
const page = <const T>(items: readonly T[], total = items.length) =>
  envelope({ items, page: 1, per_page: 10, total, last_page: 1 });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the content list loaders", () => {
  it("asks for the page's audience with the URL's paging and search", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/important-dates": { body: page([{ id: 1, title: "Level I exam" }], 11) },
    });
    const data = await importantDatesLoader(
      "gcc",
      args(await appRequest("/student/important-dates-gcc?page=2&search=exam")),
    );
    expect(data).toMatchObject({ audience: "gcc", total: 11, failure: null });
    expect(data.rows).toEqual([{ id: 1, title: "Level I exam" }]);
    const sent = new URL(`http://x${api.calls.at(-1)?.path}`).searchParams;
    expect(Object.fromEntries(sent)).toEqual({ page: "2", per_page: "10", search: "exam", audience: "gcc" });
  });

  it("asks for its level's syllabus and shows the API's message when the list fails", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/syllabus": { status: 503, body: { status: false, message: "Database unavailable", data: null } },
    });
    const data = await syllabusLoader(2, args(await appRequest("/study-material/syllabus-for-exam-level-ii")));
    expect(data).toMatchObject({ rows: [], total: 0, failure: "Database unavailable", syllabusType: 2 });
    expect(api.calls.at(-1)?.path).toContain("syllabus_type=2");
  });
});

describe("the content action", () => {
  const saved = (message: string) => ({ body: envelope({ id: 5 }, message) });

  it("creates with the body the API's own schema makes of the dialog's payload", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/important-dates/create": saved("Important date created successfully"),
    });
    const payload = JSON.stringify({ title: "  Results ", start_date: "2027-04-01", end_date: null, audience: "gcc" });
    const result = await contentAction(
      "importantDates",
      args(await appRequest("/student/important-dates-gcc", { form: { intent: "create", payload } })),
    );
    expect(result.data).toEqual({ ok: true, message: "Important date created successfully" });
    expect(api.calls.at(-1)?.body).toEqual({
      title: "Results",
      start_date: "2027-04-01",
      end_date: null,
      description: "",
      audience: "gcc",
      published: false,
    });
  });

  it("answers the end date's message without calling the API when the range is backwards", async () => {
    api = stubApi({ "GET /api/user": signedInAs(lms) });
    const payload = JSON.stringify({ title: "Camp", start_date: "2027-04-02", end_date: "2027-04-01" });
    const result = await contentAction(
      "importantDates",
      args(await appRequest("/student/important-dates", { form: { intent: "create", payload } })),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data?.errors).toEqual([
      { field: "end_date", message: "The end date must be on or after the start date" },
    ]);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("updates the syllabus named by id and passes the API's field errors on", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/syllabus/update/9": {
        status: 422,
        body: {
          status: false,
          message: "Nothing left",
          data: null,
          errors: [{ field: "body", message: "Nothing left" }],
        },
      },
    });
    const payload = JSON.stringify({ syllabus_type: 1, class_level: 8, title: "Science", body: "<p>x</p>" });
    const result = await contentAction(
      "syllabus",
      args(
        await appRequest("/study-material/syllabus-for-exam-level-i", { form: { intent: "update", id: "9", payload } }),
      ),
    );
    expect(result.init?.status).toBe(422);
    expect(result.data?.errors).toEqual([{ field: "body", message: "Nothing left" }]);
  });

  it("deletes a lecture", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "DELETE /api/lecture-series/3": { body: envelope(null, "Lecture deleted successfully") },
    });
    const result = await contentAction(
      "lectureSeries",
      args(await appRequest("/study-material/go-to-student-lecture-series", { form: { intent: "delete", id: "3" } })),
    );
    expect(result.data).toEqual({ ok: true, message: "Lecture deleted successfully" });
  });

  it("refuses a coordinator without content.manage before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 9, role_name: "State Coordinator" })) });
    const { thrown } = await settle(async () =>
      contentAction(
        "importantDates",
        args(await appRequest("/student/important-dates", { form: { intent: "delete", id: "1" } })),
      ),
    );
    expect(thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
