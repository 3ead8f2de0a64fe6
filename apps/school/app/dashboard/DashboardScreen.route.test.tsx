// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { pagePath } from "@repo/auth/menus";
import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.admin-dashboard";
import { dashboard, pageAnswers } from "./dashboard.fixtures";

// The school's landing page as a user sees it, its real loader run against a stubbed API.
const PATH = "/admin-dashboard";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

describe("the school dashboard", () => {
  it("shows the year's figures, what is due with a link to pay, the exam dates and whom to call", async () => {
    api = stubApi(pageAnswers());
    renderRoute(route, { path: PATH });
    const summary = await screen.findByRole("group", { name: "Summary" });
    expect(summary.textContent).toMatch(/Students\s*3/);
    expect(summary.textContent).toMatch(/Unpaid\s*2/);
    expect(summary.textContent).toContain("₹300.00");
    expect(screen.getByText("2 students are not paid yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Pay now" }).getAttribute("href")).toBe(
      pagePath("school", "payment-student"),
    );
    expect(screen.getByRole("link", { name: "See the important dates" }).getAttribute("href")).toBe(
      pagePath("school", "important-dates"),
    );
    expect(screen.getByText("Level 1, class VIII")).toBeTruthy();
    expect(screen.getByText("District Coordinator, Pune")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Call Meera Iyer, 9822000000" }).getAttribute("href")).toBe(
      "tel:9822000000",
    );
    expect(screen.getByText("Added Asha Rao")).toBeTruthy();
  });

  it("asks a school without students to add them, and says no dates are scheduled yet", async () => {
    api = stubApi({
      ...pageAnswers(),
      "GET /api/schools/dashboard": {
        body: envelope({
          ...dashboard,
          students: { ...dashboard.students, total: 0, paid: 0, unpaid: 0 },
          amount_due: [],
          recent_activity: [],
          coordinators: [],
        }),
      },
      "GET /api/exam-schedule": { body: envelope([]) },
    });
    renderRoute(route, { path: PATH });
    const empty = await screen.findByText("No students yet");
    const card = empty.closest("section") as HTMLElement;
    expect(within(card).getByRole("link", { name: "Add students" }).getAttribute("href")).toBe(
      pagePath("school", "add-students"),
    );
    expect(screen.queryByRole("link", { name: "Pay now" })).toBeNull();
    expect(screen.getByText("The exam dates are not scheduled yet.")).toBeTruthy();
    expect(screen.getByText("No coordinator is assigned to your region yet")).toBeTruthy();
    expect(screen.getByText("Nothing yet")).toBeTruthy();
  });

  it("offers an institute no per-student payment", async () => {
    api = stubApi({
      ...pageAnswers(),
      "GET /api/user": signedInAs(userRecord({ role_id: 18, role_name: "Institute" })),
    });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("2 students are not paid yet")).toBeTruthy();
    expect(screen.getByText(/through your institute's payment/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Pay now" })).toBeNull();
  });

  it("says the dashboard could not be loaded, with the API's message and a way to try again", async () => {
    api = stubApi({
      ...pageAnswers(),
      "GET /api/schools/dashboard": { status: 404, body: { status: false, message: "School not found", data: null } },
    });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("The dashboard could not be loaded")).toBeTruthy();
    expect(screen.getByText("School not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try again" })).toBeTruthy();
  });

  it("refuses a signed-in student with the access-denied page", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("You do not have permission to open this page")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Summary" })).toBeNull();
  });
});
