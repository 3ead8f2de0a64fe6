// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { pagePath } from "@repo/auth/menus";
import { ROLE } from "@repo/auth/roles";
import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.admin-dashboard";

// The coordinator app's landing page as an admin and as LMS see it, its real loader run against a stubbed API.
const PATH = "/admin-dashboard";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

const admin = () => signedInAs(userRecord({ role_id: ROLE.admin, role_name: "Admin", username: "admin" }));
const cards = {
  exam_year: "2026-27",
  students: 1200,
  paid: 800,
  pending: 50,
  unpaid: 350,
  schools: 40,
  registered_today: 12,
  registered_today_capped: false,
  today: "2026-11-25",
  collected: [{ currency: "INR", amount_minor: 12000000 }],
};
const recent = {
  students: [
    {
      id: 1,
      name: "Asha Rao",
      class_level: 8,
      school_name: "Demo School",
      payment_status: "paid",
      created_at: "2026-11-25T05:00:00.000Z",
    },
  ],
  payments: [
    {
      order_id: 42,
      payer: "Demo School",
      amount: { currency: "INR", amount_minor: 30000 },
      paid_at: "2026-11-25T06:00:00.000Z",
    },
  ],
  schools: [],
};
const answers = (overrides = {}) => ({
  "GET /api/user": admin(),
  "POST /api/admin/dashboard/card-summary": { body: envelope(cards) },
  "POST /api/admin/dashboard/state-summary": { body: envelope([]) },
  "POST /api/admin/dashboard/recent-activity": { body: envelope(recent) },
  ...overrides,
});

describe("the coordinator dashboard", () => {
  it("shows the region's figures, each opening its list with the card's filters, and the latest activity", async () => {
    api = stubApi(answers());
    renderRoute(route, { path: PATH });
    const summary = await screen.findByRole("group", { name: "Summary" });
    const link = (label: RegExp) => within(summary).getByRole("link", { name: label }).getAttribute("href");
    expect(link(/Students registered\s*1,200/)).toBe(pagePath("coordinator", "total-students"));
    expect(link(/^Paid\s*800/)).toBe(pagePath("coordinator", "paid-students"));
    expect(link(/Unpaid\s*350/)).toBe(`${pagePath("coordinator", "total-students")}?payment_status=unpaid`);
    expect(link(/Registered today\s*12/)).toBe(
      `${pagePath("coordinator", "total-students")}?from=2026-11-25&to=2026-11-25`,
    );
    expect(link(/Collected\s*₹1,20,000.00/)).toBe(pagePath("coordinator", "student-pay-support"));
    const students = screen.getByRole("heading", { name: "Latest students" }).closest("section") as HTMLElement;
    expect(within(students).getByText("Asha Rao")).toBeTruthy();
    expect(screen.getByText("₹300.00 · Demo School")).toBeTruthy();
    expect(screen.getByText("No schools registered yet.")).toBeTruthy();
  });

  it("shows LMS the figures without links to lists it may not open", async () => {
    api = stubApi(answers({ "GET /api/user": signedInAs(userRecord({ role_id: ROLE.lms, role_name: "LMS" })) }));
    renderRoute(route, { path: PATH });
    const summary = await screen.findByRole("group", { name: "Summary" });
    expect(summary.textContent).toContain("1,200");
    expect(within(summary).queryAllByRole("link")).toEqual([]);
  });

  it("says the dashboard could not be loaded, with the API's message", async () => {
    api = stubApi(
      answers({
        "POST /api/admin/dashboard/card-summary": {
          status: 409,
          body: { status: false, message: "No exam year is open", data: null },
        },
      }),
    );
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("The dashboard could not be loaded")).toBeTruthy();
    expect(screen.getByText("No exam year is open")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Summary" })).toBeNull();
  });
});
