// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "papersetter" }));

import { PAPER_PAGES, paperSetCheckPath, paperSetListPath, questionPath } from "@repo/auth/paper-paths";
import { envelope, type StubbedApi, stubApi } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.paper-editor-admin.paper-set";
import { admin, pageAnswers, sectionBUnfilled, subjectPanel } from "./paper-set.fixtures";

// One paper set as the papersetters see it, its real loader and action run against a stubbed API.
const PATH = PAPER_PAGES.paperSet;
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

describe("the paper set page", () => {
  it("shows the set's facts, its sections' questions in paper order, and the admin's actions", async () => {
    api = stubApi(pageAnswers());
    renderRoute(route, { path: PATH, url: `${PATH}?id=7` });
    expect(await screen.findByRole("heading", { name: "L1-VIII-A: Set A" })).toBeTruthy();
    const facts = screen.getByLabelText("Paper set");
    expect(facts.textContent).toContain("Draft: it may still change");
    expect(facts.textContent).toContain("English, Hindi");
    expect(facts.textContent).toContain("90 minutes");
    expect(screen.getByText("Write your roll number.")).toBeTruthy();
    const questions = screen.getByRole("list", { name: "Questions of Section A" });
    expect(
      within(questions)
        .getAllByRole("link", { name: /^Question \d+$/ })
        .map((a) => a.getAttribute("href")),
    ).toEqual([questionPath(12), questionPath(5)]);
    expect(screen.getByText("No questions placed yet.")).toBeTruthy();
    for (const name of ["Edit", "Fill from blueprint", "Finalize"])
      expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Check" }).getAttribute("href")).toBe(paperSetCheckPath(7));
    expect(screen.getByRole("link", { name: /paper sets$/ }).getAttribute("href")).toBe(paperSetListPath("level1"));
  });

  it("lets a subject panel member read and check the set, not change it", async () => {
    api = stubApi(pageAnswers(subjectPanel));
    renderRoute(route, { path: PATH, url: `${PATH}?id=7` });
    expect(await screen.findByRole("heading", { name: "L1-VIII-A: Set A" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Check" })).toBeTruthy();
    for (const name of ["Edit", "Fill from blueprint", "Finalize"])
      expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Add questions/ })).toBeNull();
  });

  it("lists what keeps the set a draft on its check address", async () => {
    api = stubApi({
      ...pageAnswers(admin),
      "GET /api/paperset/finalize-check/7": { body: envelope([sectionBUnfilled]) },
    });
    renderRoute(route, { path: PATH, url: paperSetCheckPath(7) });
    const problems = await screen.findByRole("list", { name: "Problems" });
    expect(problems.textContent).toContain("Section B has 2 free places");
    expect(screen.getByText("1 thing to fix before this set can be finalized.")).toBeTruthy();
  });

  it("says why the set was not finalized, each problem on its line", async () => {
    api = stubApi({
      ...pageAnswers(admin),
      "POST /api/paperset/finalize-paperset": {
        status: 422,
        body: {
          status: false,
          message: "The set cannot be finalized yet",
          data: null,
          errors: [{ field: "sections", message: sectionBUnfilled.message }],
        },
      },
    });
    renderRoute(route, { path: PATH, url: `${PATH}?id=7` });
    fireEvent.click(await screen.findByRole("button", { name: "Finalize" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Finalize" }));
    const refusal = await screen.findByRole("alertdialog", { name: "Not finalized" });
    expect(refusal.textContent).toContain("The set cannot be finalized yet");
    expect(
      within(refusal)
        .getAllByRole("listitem")
        .map((line) => line.textContent),
    ).toEqual(["• Section B has 2 free places"]);
    expect(api.calls.find((call) => call.path === "/api/paperset/finalize-paperset")?.body).toEqual({ id: 7 });
  });

  it("answers a set that is not there with the not-found page", async () => {
    api = stubApi(pageAnswers());
    renderRoute(route, { path: PATH, url: `${PATH}?id=99` });
    expect(await screen.findByText("There is no page at this address")).toBeTruthy();
  });
});
