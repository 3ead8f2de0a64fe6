// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { ROLE } from "@repo/auth/roles";
import { regionPaths } from "@repo/contracts/geography-constants";
import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, screen, within } from "@testing-library/react";
import * as paidStudents from "../routes/_app.paid-student";
import * as totalStudents from "../routes/_app.total-student";

// The region's student lists as a coordinator sees them, their real loader run against a stubbed API.
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

const admin = () => signedInAs(userRecord({ role_id: ROLE.admin, role_name: "Admin", username: "admin" }));
const student = (id: number, first_name: string, overrides = {}) => ({
  id,
  first_name,
  last_name: "Rao",
  class_level: 8,
  language: "hi",
  gender: "female",
  date_of_birth: null,
  parent_name: null,
  phone: "9876543210",
  email: null,
  payment_status: "unpaid",
  roll_number: null,
  individual: false,
  school_id: 12,
  school_name: "Demo School",
  zone: "West",
  state: "Maharashtra",
  prant: "Pune",
  district: "Pune City",
  created_at: "2026-11-20T05:00:00.000Z",
  ...overrides,
});
const list = <const T,>(items: readonly T[], total = items.length, total_capped = false) =>
  envelope({ items, page: 1, per_page: 10, total, last_page: 1, total_capped });
const answers = (overrides = {}) => ({
  "GET /api/user": admin(),
  "POST /api/region/students": { body: list([]) },
  [`POST ${regionPaths("zone").pick}`]: { body: envelope([{ id: 4, name: "West" }]) },
  [`POST ${regionPaths("state").pick}`]: { body: envelope([{ id: 20, name: "Maharashtra" }]) },
  ...overrides,
});

describe("the region's student lists", () => {
  it("lists the students with their school, region and payment, the URL's filters sent to the API", async () => {
    api = stubApi(
      answers({
        "POST /api/region/students": {
          body: list([
            student(1, "Asha", { payment_status: "paid", roll_number: "2008000001" }),
            student(2, "Ravi", { school_id: null, school_name: "", individual: true }),
          ]),
        },
      }),
    );
    renderRoute(totalStudents, { path: "/total-student", url: "/total-student?class_level=8" });
    const table = await screen.findByRole("table", { name: "Total students" });
    const [, asha, ravi] = within(table).getAllByRole("row");
    expect(asha?.textContent).toContain("Asha RaoRoll 2008000001");
    expect(asha?.textContent).toContain("Pune CityMaharashtra, West");
    expect(within(asha as HTMLElement).getByText("Paid")).toBeTruthy();
    // A school opens the same list narrowed to it.
    expect(
      within(asha as HTMLElement)
        .getByRole("link", { name: "Demo School" })
        .getAttribute("href"),
    ).toBe("/total-student?school_id=12");
    expect(ravi?.textContent).toContain("Not givenIndividual, school not on the portal");
    const asked = api.calls.find((call) => call.path === "/api/region/students")?.body;
    expect(asked).toEqual({ page: 1, per_page: 10, class_level: 8 });
  });

  it("names the school it is narrowed to, and says when more match than it counts", async () => {
    api = stubApi(answers({ "POST /api/region/students": { body: list([student(1, "Asha")], 10000, true) } }));
    renderRoute(totalStudents, { path: "/total-student", url: "/total-student?school_id=12" });
    expect(await screen.findByText(/Showing the students of Demo School\./)).toBeTruthy();
    expect(screen.getByText(/More than 10,000 students match/)).toBeTruthy();
  });

  it("says no students match a filter that finds none", async () => {
    api = stubApi(answers());
    renderRoute(totalStudents, { path: "/total-student", url: "/total-student?language=hi" });
    expect(await screen.findByText("No students match")).toBeTruthy();
    expect(screen.getByText("Try another search or clear the filters.")).toBeTruthy();
  });

  it("keeps the paid list paid whatever the URL says", async () => {
    api = stubApi(answers());
    renderRoute(paidStudents, { path: "/paid-student", url: "/paid-student?payment_status=unpaid" });
    expect(await screen.findByText("No students yet")).toBeTruthy();
    expect(api.calls.find((call) => call.path === "/api/region/students")?.body).toMatchObject({
      payment_status: "paid",
    });
  });

  it("warns with the API's message when the list cannot be loaded", async () => {
    api = stubApi(
      answers({
        "POST /api/region/students": {
          status: 409,
          body: { status: false, message: "No exam year is open", data: null },
        },
      }),
    );
    renderRoute(totalStudents, { path: "/total-student" });
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Total students not found");
    expect(within(dialog).getByText("No exam year is open")).toBeTruthy();
  });

  it("refuses a GCC state coordinator the paid list (its region has no such list)", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(
        userRecord({ role_id: ROLE.stateCoordinator, role_name: "State Coordinator", zone: "GCC" }),
      ),
    });
    renderRoute(paidStudents, { path: "/paid-student" });
    expect(await screen.findByText("You do not have permission to open this page")).toBeTruthy();
  });
});
