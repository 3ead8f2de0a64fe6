// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "outbox" }));

import { envelope, type StubbedApi, stubApi } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.outbox";
import { page, pageAnswers } from "./outbox.fixtures";

// The outbox as its user sees it, its real loader and action run against a stubbed API.
const PATH = "/outbox";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

describe("the outbox page", () => {
  it("lists the messages with their status and the action each allows, and the counts by status", async () => {
    api = stubApi(pageAnswers());
    renderRoute(route, { path: PATH });
    const table = await screen.findByRole("table", { name: "Messages" });
    const [, failed, queued] = within(table).getAllByRole("row");
    expect(failed?.textContent).toContain("office@school.test");
    expect(within(failed as HTMLElement).getByText("Failed")).toBeTruthy();
    expect(
      within(failed as HTMLElement).getByRole("button", { name: "Retry mail to office@school.test" }),
    ).toBeTruthy();
    expect(queued?.textContent).toContain("Written by hand");
    expect(within(queued as HTMLElement).getByRole("button", { name: "Cancel mail to head@school.test" })).toBeTruthy();
    const byStatus = screen.getByRole("group", { name: "Show messages by status" });
    expect(within(byStatus).getByRole("button", { pressed: true }).textContent).toBe("All 8");
    expect(within(byStatus).getByRole("button", { name: "Failed 2" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry failed (2)" })).toBeTruthy();
  });

  it("sends the URL's filters to the API and says when nothing matches them", async () => {
    api = stubApi({
      ...pageAnswers(),
      "POST /api/mail/messages/list": { body: page([]) },
      "POST /api/mail/messages/counts": {
        body: envelope({ queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 }),
      },
    });
    renderRoute(route, { path: PATH, url: `${PATH}?status=failed&search=asha` });
    expect(await screen.findByText("No messages match")).toBeTruthy();
    expect(api.calls.find((call) => call.path === "/api/mail/messages/list")?.body).toEqual({
      page: 1,
      per_page: 10,
      status: "failed",
      search: "asha",
    });
    // The counts are of the same filters, whatever the status.
    expect(api.calls.find((call) => call.path === "/api/mail/messages/counts")?.body).toEqual({ search: "asha" });
    expect(screen.queryByRole("button", { name: /^Retry failed/ })).toBeNull();
  });

  it("retries a failed message through the page's action and says what the API said", async () => {
    api = stubApi({
      ...pageAnswers(),
      "POST /api/mail/messages/4/retry": { body: envelope({ id: 4 }, "The message is queued again.") },
    });
    renderRoute(route, { path: PATH });
    fireEvent.click(await screen.findByRole("button", { name: "Retry mail to office@school.test" }));
    expect(await screen.findByText("The message is queued again.")).toBeTruthy();
    expect(api.calls.some((call) => call.method === "POST" && call.path === "/api/mail/messages/4/retry")).toBe(true);
  });

  it("says why a cancel was refused", async () => {
    api = stubApi({
      ...pageAnswers(),
      "POST /api/mail/messages/5/cancel": {
        status: 409,
        body: { status: false, message: "The message is already being sent", data: null },
      },
    });
    renderRoute(route, { path: PATH });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel mail to head@school.test" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("The message is already being sent")).toBeTruthy();
  });

  it("warns with the API's message when the list cannot be loaded", async () => {
    api = stubApi({
      ...pageAnswers(),
      "POST /api/mail/messages/list": { status: 500, body: { status: false, message: "Mail store is down" } },
    });
    renderRoute(route, { path: PATH });
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Outbox list not found");
    expect(within(dialog).getByText("Mail store is down")).toBeTruthy();
  });

  it("says when the message asked for is not there", async () => {
    api = stubApi({
      ...pageAnswers(),
      "GET /api/mail/messages/99": { status: 404, body: { status: false, message: "Message not found" } },
    });
    renderRoute(route, { path: PATH, url: `${PATH}?message=99` });
    expect(await screen.findByText("Message not found")).toBeTruthy();
  });
});
