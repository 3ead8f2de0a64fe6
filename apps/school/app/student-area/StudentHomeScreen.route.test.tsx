// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { pagePath } from "@repo/auth/menus";
import { WORDS } from "@repo/contracts/student-words";
import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.student._index";
import type { StudentArea } from "./student-area.server";

// The student's own area as the student sees it, in its language, its real loader run against a stubbed API.
const PATH = "/student";
let api: StubbedApi | undefined;
beforeEach(() => {
  // The dates ahead are counted from today: the clock stands before the fixture's exams.
  vi.useFakeTimers({ now: new Date("2026-12-01T00:00:00.000Z"), toFake: ["Date"] });
});
afterEach(() => {
  cleanup();
  api?.restore();
  vi.useRealTimers();
});

const student = () => signedInAs(userRecord({ role_id: 1, role_name: "Student", username: "stu000123" }));
const area = (extra: Partial<StudentArea> = {}): StudentArea => ({
  student: {
    id: 123,
    first_name: "Ira",
    last_name: "Kulkarni",
    school_name: "Jnana Prabodhini Prashala, Pune",
    school_listed: true,
    class_level: 9,
    language: "hi",
    roll_number: "2009000042",
    exam_year: "2026-27",
    source: "sif",
    registered_at: "2026-09-01T05:00:00.000Z",
  },
  payment: {
    status: "paid",
    paid_at: "2026-09-02T05:00:00.000Z",
    open_order_id: null,
    receipt: { order_id: 77, invoice_number: "2026-27/000077", paid_at: "2026-09-02T05:00:00.000Z" },
  },
  timeline: { level: "level1", next: "admit_card", steps: [] },
  exams: [
    {
      level: "level1",
      schedule: { starts_at: "2026-12-13T04:30:00.000Z", duration_minutes: 90, note: null },
      admit_card: { available: true, reason: null },
      result: null,
    },
  ],
  important_dates: [
    { id: 5, title: "Level I exam", start_date: "2027-01-10", end_date: "2027-01-12", description: "Online." },
  ],
  ...extra,
});

describe("the student area's home", () => {
  it("shows the student's card, exams, dates and study links in its exam language", async () => {
    api = stubApi({ "GET /api/user": student(), "GET /api/student/me": { body: envelope(area()) } });
    const { container } = renderRoute(route, { path: PATH });
    const hi = WORDS.hi;
    const card = (await screen.findByRole("heading", { name: "Ira Kulkarni" })).closest("section") as HTMLElement;
    expect(within(card).getByText("Jnana Prabodhini Prashala, Pune")).toBeTruthy();
    const facts = within(card).getByLabelText(hi.registration);
    expect(facts.textContent).toContain(`${hi.rollNumber}2009000042`);
    expect(facts.textContent).toContain(hi.paymentStatus.paid);
    expect(container.querySelector("[data-student-area]")?.getAttribute("lang")).toBe("hi");
    expect(screen.getByRole("heading", { name: hi.examsTitle })).toBeTruthy();
    expect(within(screen.getByRole("list", { name: hi.datesTitle })).getByText("Level I exam")).toBeTruthy();
    const study = screen.getByRole("list", { name: hi.studyTitle });
    expect(
      within(study)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toContain(pagePath("school", "study-material"));
    // The language switch marks the one shown and keeps the page's address.
    const switcher = screen.getByRole("navigation", { name: hi.language });
    expect(within(switcher).getByRole("link", { current: true }).getAttribute("href")).toBe("/student?lang=hi");
  });

  it("mirrors the area for Urdu when the student picks it", async () => {
    api = stubApi({ "GET /api/user": student(), "GET /api/student/me": { body: envelope(area()) } });
    const { container } = renderRoute(route, { path: PATH, url: "/student?lang=ur" });
    expect(await screen.findByRole("heading", { name: WORDS.ur.examsTitle })).toBeTruthy();
    const frame = container.querySelector("[data-student-area]");
    expect(frame?.getAttribute("dir")).toBe("rtl");
    expect(frame?.getAttribute("lang")).toBe("ur");
  });

  it("says the registration could not be loaded, with a way to try again", async () => {
    api = stubApi({
      "GET /api/user": student(),
      "GET /api/student/me": { status: 500, body: { status: false, message: "Something went wrong", data: null } },
    });
    renderRoute(route, { path: PATH });
    expect(await screen.findByRole("heading", { name: WORDS.en.registration })).toBeTruthy();
    expect((await screen.findAllByText(WORDS.en.failed)).length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: WORDS.en.tryAgain })).toBeTruthy();
    expect(screen.queryByText("Something went wrong")).toBeNull();
  });

  it("refuses a school account with the access-denied page", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    renderRoute(route, { path: PATH });
    expect(await screen.findByText("You do not have permission to open this page")).toBeTruthy();
  });
});
