// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { anotherPage, renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.payment.payment-student";
import { checkoutPath } from "./paths";
import { amount, created, paymentPageAnswers, studentPage, unpaid } from "./payments.fixtures";

// Payment for Students as a school sees it, its real loader and action run against a stubbed API.
const PATH = "/payment/payment-student";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

describe("the Payment for Students page", () => {
  it("shows what paying for every unpaid student costs, and opens the new order's checkout", async () => {
    api = stubApi({
      ...paymentPageAnswers(),
      "POST /api/pay-student/create-payment": {
        body: envelope(created),
      },
    });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("2 unpaid students: ₹300.00 (₹150.00 each)")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Unpaid students" });
    expect(within(table).getByText("Asha Rao")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pay for all 2 unpaid students" }));
    expect(await anotherPage()).toBe(checkoutPath(42));
    expect(api.calls.find((call) => call.path === "/api/pay-student/create-payment")?.body).toEqual({});
  });

  it("says why the API would not start the payment", async () => {
    api = stubApi({
      ...paymentPageAnswers(),
      "POST /api/pay-student/create-payment": {
        status: 409,
        body: { status: false, message: "Verify your school's e-mail address before paying.", data: null },
      },
    });
    renderRoute(route, { path: PATH });
    fireEvent.click(await screen.findByRole("button", { name: "Pay for all 2 unpaid students" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Verify your school's e-mail address before paying.");
  });

  it("shows the action's refusal of a post without JavaScript that ticked no student", () => {
    renderRoute(route, {
      path: PATH,
      loaderData: {
        csrf: "token",
        classLevel: null,
        rows: [unpaid(7, "Asha")],
        total: 1,
        all: { ...amount, students: 1 },
        inClass: null,
        openOrders: [],
        failure: null,
      },
      actionData: { ok: false, message: "Tick the students to pay for, then press the button again." },
    });
    expect(screen.getByRole("alert").textContent).toBe("Tick the students to pay for, then press the button again.");
  });

  it("says every student is paid for when none is left", async () => {
    api = stubApi({
      ...paymentPageAnswers(),
      "GET /api/schools/student-list": { body: studentPage([]) },
      "POST /api/get-payment-amount": { body: envelope({ ...amount, students: 0, amount: null }) },
    });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("Every student of yours is paid for.")).toBeTruthy();
    expect(screen.getByText("No unpaid students")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Pay for all/ })).toBeNull();
  });

  it("refuses an institute, which pays from its own page", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 18, role_name: "Institute" })) });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("You do not have permission to open this page")).toBeTruthy();
  });
});
