// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { type StubbedApi, stubApi } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.payment.checkout.$order";
import { resultPath } from "./paths";
import { checkoutAnswers, order, school } from "./payments.fixtures";

// The checkout of an open order as the payer sees it (the demo gateway), its real loader and action
// run against a stubbed API.
const PATH = "/payment/checkout/:order";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

describe("the checkout page", () => {
  it("shows the order, what it pays for, the amount on the Pay button, and Cancel", async () => {
    api = stubApi(checkoutAnswers());
    renderRoute(route, { path: PATH, url: "/payment/checkout/42" });
    expect(await screen.findByRole("heading", { name: "Demo payment gateway" })).toBeTruthy();
    const details = screen.getByLabelText("Order");
    expect(details.textContent).toContain("ORD-2026-0042");
    expect(details.textContent).toContain("₹300.00");
    const items = screen.getByRole("list", { name: "Students in this payment" });
    expect(
      within(items)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Asha Rao, class VIII", "Ravi Rao, class VIII"]);
    expect(screen.getByRole("button", { name: "Pay ₹300.00" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Fail the payment" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel payment ORD-2026-0042" })).toBeTruthy();
  });

  it("says why when the gateway refuses the payment, and keeps the order on the page", async () => {
    api = stubApi({
      ...checkoutAnswers(),
      "POST /api/payments/demo/checkout/42": {
        status: 502,
        body: { status: false, message: "The gateway is not answering", data: null },
      },
    });
    renderRoute(route, { path: PATH, url: "/payment/checkout/42" });
    fireEvent.click(await screen.findByRole("button", { name: "Pay ₹300.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The gateway is not answering");
    expect(api.calls.find((call) => call.path === "/api/payments/demo/checkout/42")?.body).toEqual({ outcome: "pay" });
    expect(screen.getByRole("button", { name: "Pay ₹300.00" })).toBeTruthy();
  });

  it("links a settled order to its result instead of offering to pay", async () => {
    api = stubApi(checkoutAnswers(order({ status: "paid", paid_at: "2026-11-20T10:05:00.000Z" })));
    renderRoute(route, { path: PATH, url: "/payment/checkout/42" });
    expect(await screen.findByText(/This order is no longer waiting for payment/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "See its result" }).getAttribute("href")).toBe(resultPath(42));
    expect(screen.queryByRole("button", { name: /^Pay/ })).toBeNull();
  });

  it("answers an order that is not the payer's, or no order at all, with the not-found page", async () => {
    api = stubApi({
      "GET /api/user": school(),
      "GET /api/payments/orders/43": { status: 404, body: { status: false, message: "Order not found", data: null } },
    });
    renderRoute(route, { path: PATH, url: "/payment/checkout/43" });
    expect(await screen.findByText("There is no page at this address")).toBeTruthy();
    cleanup();
    renderRoute(route, { path: PATH, url: "/payment/checkout/x" });
    expect(await screen.findByText("There is no page at this address")).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith("/api/payments/orders")).length).toBe(1);
  });
});
