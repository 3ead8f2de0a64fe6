// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "outbox" }));

import { ROLE } from "@repo/auth/roles";
import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.outbox";

// The outbox as its user sees it, its real loader and action run against a stubbed API.
const PATH = "/outbox";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

const outboxUser = userRecord({ role_id: ROLE.outbox, role_name: "Outbox", username: "outbox" });
const mail = (id: number, to: string, status: string, overrides = {}) => ({
  id,
  to,
  cc: [],
  subject: "Results published",
  template_key: "results-published",
  language: "en",
  status,
  attempts: status === "failed" ? 3 : 1,
  last_error: status === "failed" ? "Mailbox full" : null,
  next_attempt_at: null,
  queued_by: null,
  campaign_id: null,
  sent_at: null,
  created_at: "2026-11-20T10:00:00.000Z",
  ...overrides,
});
const page = <const T,>(items: readonly T[]) =>
  envelope({ items, page: 1, per_page: 10, total: items.length, last_page: 1 });
const answers = (overrides = {}) => ({
  "GET /api/user": signedInAs(outboxUser),
  "POST /api/mail/messages/list": {
    body: page([
      mail(4, "office@school.test", "failed"),
      mail(5, "head@school.test", "queued", { template_key: null }),
    ]),
  },
  "POST /api/mail/messages/counts": { body: envelope({ queued: 1, sending: 0, sent: 5, failed: 2, cancelled: 0 }) },
  "GET /api/mail/templates/options": {
    body: envelope([{ key: "results-published", language: "en", name: "Results published", variables: [] }]),
  },
  ...overrides,
});

describe("the outbox page", () => {
  it("lists the messages with their status and the action each allows, and the counts by status", async () => {
    api = stubApi(answers());
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
    api = stubApi(
      answers({
        "POST /api/mail/messages/list": { body: page([]) },
        "POST /api/mail/messages/counts": {
          body: envelope({ queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 }),
        },
      }),
    );
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
    api = stubApi(
      answers({ "POST /api/mail/messages/4/retry": { body: envelope({ id: 4 }, "The message is queued again.") } }),
    );
    renderRoute(route, { path: PATH });
    fireEvent.click(await screen.findByRole("button", { name: "Retry mail to office@school.test" }));
    expect(await screen.findByText("The message is queued again.")).toBeTruthy();
    expect(api.calls.some((call) => call.method === "POST" && call.path === "/api/mail/messages/4/retry")).toBe(true);
  });

  it("says why a cancel was refused", async () => {
    api = stubApi(
      answers({
        "POST /api/mail/messages/5/cancel": {
          status: 409,
          body: { status: false, message: "The message is already being sent", data: null },
        },
      }),
    );
    renderRoute(route, { path: PATH });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel mail to head@school.test" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("The message is already being sent")).toBeTruthy();
  });

  it("warns with the API's message when the list cannot be loaded", async () => {
    api = stubApi(
      answers({
        "POST /api/mail/messages/list": { status: 500, body: { status: false, message: "Mail store is down" } },
      }),
    );
    renderRoute(route, { path: PATH });
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Outbox list not found");
    expect(within(dialog).getByText("Mail store is down")).toBeTruthy();
  });

  it("says when the message asked for is not there", async () => {
    api = stubApi(
      answers({ "GET /api/mail/messages/99": { status: 404, body: { status: false, message: "Message not found" } } }),
    );
    renderRoute(route, { path: PATH, url: `${PATH}?message=99` });
    expect(await screen.findByText("Message not found")).toBeTruthy();
  });
});
