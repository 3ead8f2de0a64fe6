import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { registeredElsewhereMessage } from "@repo/contracts/students-constants";
import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { page, student } from "./students.fixtures";
import { addStudentLoader, studentListQueryFrom, studentsAction, studentsLoader } from "./students.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const asha = {
  first_name: "Asha",
  last_name: "Rao",
  class_level: "8",
  language: "hi",
  gender: "female",
  date_of_birth: "2013-08-15",
  parent_name: "Suresh Rao",
  phone: "98765 43210",
  email: "",
};

describe("the students list query", () => {
  it("takes paging, search and known filter values from the URL and drops the rest", () => {
    const params = new URLSearchParams("page=2&search=rao&class_level=8&language=xx&payment_status=paid&gender=f");
    expect(studentListQueryFrom(params)).toEqual({
      page: 2,
      per_page: 10,
      search: "rao",
      class_level: 8,
      payment_status: "paid",
    });
  });

  it("keeps the paid or unpaid page's own status whatever the URL says", () => {
    expect(studentListQueryFrom(new URLSearchParams("payment_status=paid"), "unpaid").payment_status).toBe("unpaid");
  });
});

describe("the students list loader", () => {
  it("loads the page; the accounts that add students (a master institute too) may edit", async () => {
    let asked = "";
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })),
      "GET /api/schools/student-list": (request) => {
        asked = new URL(request.url).search;
        return Response.json(page([student(1, "Asha")], 41));
      },
    });
    const data = await studentsLoader(args(await appRequest("/student/view-students?class_level=6")));
    expect(data).toMatchObject({ total: 41, failure: null, canEdit: true, fixed: null });
    // The Export menu gets the list's filters without its paging.
    expect(data.filters).toEqual({ class_level: 6 });
    expect(asked).toBe("?page=1&per_page=10&class_level=6");
  });

  it("gives an empty list and the API's message when the list fails", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/student-list": {
        status: 409,
        body: { status: false, message: "No exam year is open", data: null },
      },
    });
    const data = await studentsLoader(args(await appRequest("/student/unpaid-school-student")), "unpaid");
    expect(data).toMatchObject({ rows: [], total: 0, failure: "No exam year is open", canEdit: true, fixed: "unpaid" });
  });
});

describe("student actions", () => {
  it("checks the form with the API's schema before calling it", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const result = await studentsAction(
      args(await appRequest("/student/Add-students", { form: { ...asha, intent: "create", class_level: "12" } })),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual([{ field: "class_level", message: "Choose a class from VI to XI" }]);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("sends the parsed student and passes a duplicate's 409 on to the form", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/student/create": {
        status: 409,
        body: {
          status: false,
          message: registeredElsewhereMessage(123),
          data: null,
          errors: [{ field: "first_name", message: registeredElsewhereMessage(123) }],
        },
      },
    });
    const result = await studentsAction(
      args(await appRequest("/student/Add-students", { form: { ...asha, intent: "create" } })),
    );
    expect(result.init?.status).toBe(409);
    expect(result.data.errors?.[0]?.field).toBe("first_name");
    const sent = api.calls.find((c) => c.path === "/api/schools/student/create")?.body;
    expect(sent).toMatchObject({ class_level: 8, phone: "9876543210", gender: "female" });
  });

  it("deletes the chosen ids and reports the ones kept", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/students/delete": {
        body: envelope(
          { deleted: [4], kept: [{ id: 5, reason: "Paid students cannot be deleted" }] },
          "1 deleted, 1 kept",
        ),
      },
    });
    const result = await studentsAction(
      args(await appRequest("/student/view-students", { form: { intent: "delete", ids: "4,5,x" } })),
    );
    expect(result.data).toMatchObject({ ok: true, message: "1 deleted, 1 kept", kept: [{ id: 5 }] });
    expect(api.calls.find((c) => c.path === "/api/schools/students/delete")?.body).toEqual({ ids: [4, 5] });
  });

  it("refuses a post from an account that cannot add students before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () =>
      studentsAction(args(await appRequest("/student/view-students", { form: { intent: "delete", ids: "4" } }))),
    );
    expect(thrown?.status).toBe(403);
  });

  it("adds a master institute's student into the school it picked", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })),
      "POST /api/master-institute/student/create": { status: 201, body: envelope({ id: 9 }, "Student added") },
    });
    const result = await studentsAction(
      args(await appRequest("/student/Add-students", { form: { ...asha, intent: "create", school_id: "12" } })),
    );
    expect(result.data).toMatchObject({ ok: true, message: "Student added" });
    const sent = api.calls.find((c) => c.path === "/api/master-institute/student/create")?.body;
    expect(sent).toMatchObject({ school_id: 12, first_name: "Asha", class_level: 8 });
    expect(api.calls.some((c) => c.path === "/api/schools/student/create")).toBe(false);
  });

  it("asks a master institute to choose the school when none was picked", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })) });
    const result = await studentsAction(
      args(await appRequest("/student/Add-students", { form: { ...asha, intent: "create", school_id: "" } })),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual([{ field: "school_id", message: "Choose the school" }]);
  });
});

describe("the Add Students page", () => {
  it("gives a master institute its active schools to choose from, and a school none", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })),
      "GET /api/master-institute/schools/choices": {
        body: envelope([
          { id: 3, name: "Alpha School", is_active: true },
          { id: 4, name: "Beta School", is_active: false },
        ]),
      },
    });
    const data = await addStudentLoader(args(await appRequest("/student/Add-students")));
    expect(data.schools).toEqual([{ id: 3, name: "Alpha School", is_active: true }]);
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs() });
    const school = await addStudentLoader(args(await appRequest("/student/Add-students")));
    expect(school.schools).toBeNull();
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
