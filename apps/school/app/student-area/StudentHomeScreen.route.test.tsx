// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { pagePath } from "@repo/auth/menus";
import { WORDS } from "@repo/contracts/student-words";
import { type StubbedApi, signedInAs, stubApi } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.student._index";
import { BEFORE_THE_EXAMS, homeAnswers, student } from "./student-area.fixtures";

// The student's own area as the student sees it, in its language, its real loader run against a stubbed API.
const PATH = "/student";
let api: StubbedApi | undefined;
beforeEach(() => {
  // The dates ahead are counted from today: the clock stands before the fixture's exams.
  vi.useFakeTimers({ now: BEFORE_THE_EXAMS, toFake: ["Date"] });
});
afterEach(() => {
  cleanup();
  api?.restore();
  vi.useRealTimers();
});

describe("the student area's home", () => {
  it("shows the student's card, exams, dates and study links in its exam language", async () => {
    api = stubApi(homeAnswers());
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
    api = stubApi(homeAnswers());
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
