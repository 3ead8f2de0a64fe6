// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "papersetter" }));

import { PAPER_PAGES, paperSetCheckPath, paperSetListPath, questionPath } from "@repo/auth/paper-paths";
import { ROLE } from "@repo/auth/roles";
import { envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import * as route from "../routes/_app.paper-editor-admin.paper-set";

// One paper set as the papersetters see it, its real loader and action run against a stubbed API.
const PATH = PAPER_PAGES.paperSet;
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

const admin = userRecord({ role_id: ROLE.papersetterAdmin, role_name: "Papersetter Admin", username: "psadmin" });
const panel = userRecord({ role_id: ROLE.subjectPanel, role_name: "Subject Panel", username: "subject" });
const section = (id: number, label: string, placed: number) => ({
  id,
  label,
  title: `Section ${label}`,
  position: id,
  question_count: 2,
  marks_per_question: 1,
  negative_marks: 0,
  answer_rule: "single",
  counts_if_section: null,
  counts_if_marks: null,
  blueprint: {},
  placed,
});
const set = {
  id: 7,
  exam_year: "2026-27",
  exam_level: "level1",
  class_id: 8,
  name: "Set A",
  code: "L1-VIII-A",
  languages: [
    { id: 1, code: "en", name: "English", native: "English", dir: "ltr" },
    { id: 2, code: "hi", name: "Hindi", native: "हिन्दी", dir: "ltr" },
  ],
  duration_minutes: 90,
  instructions: ["Write your roll number."],
  status: "draft",
  content_hash: null,
  finalized_at: null,
  finalized_by: null,
  copied_from: null,
  total_marks: 4,
  sections: [section(31, "A", 2), section(32, "B", 0)],
};
const printed = (id: number, sectionId: number, number: number) => ({
  section_id: sectionId,
  section_label: "A",
  number,
  question_id: id,
  version: 1,
  subject_id: 1,
  subject_name: "Physics",
  question_type: "single",
  marks: 1,
  content: { text: `<p>What is force ${id}?</p>`, options: [], correct: ["A"], explanation: "" },
  reviewed: true,
  translations: [{ code: "hi", name: "Hindi", version: 1, status: "done" }],
  translations_done: 1,
  newer: null,
});
const answers = (user = admin, overrides = {}) => ({
  "GET /api/user": signedInAs(user),
  "GET /api/paperset/get-paperset": { body: envelope([set]) },
  "GET /api/subject/get-subjects": { body: envelope([{ id: 1, name: "Physics", is_active: true }]) },
  "GET /api/paperset/questions/7": { body: envelope([printed(12, 31, 1), printed(5, 31, 2)]) },
  ...overrides,
});

describe("the paper set page", () => {
  it("shows the set's facts, its sections' questions in paper order, and the admin's actions", async () => {
    api = stubApi(answers());
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
    api = stubApi(answers(panel));
    renderRoute(route, { path: PATH, url: `${PATH}?id=7` });
    expect(await screen.findByRole("heading", { name: "L1-VIII-A: Set A" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Check" })).toBeTruthy();
    for (const name of ["Edit", "Fill from blueprint", "Finalize"])
      expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Add questions/ })).toBeNull();
  });

  it("lists what keeps the set a draft on its check address", async () => {
    api = stubApi(
      answers(admin, {
        "GET /api/paperset/finalize-check/7": {
          body: envelope([
            {
              kind: "unfilled",
              message: "Section B has 2 free places",
              section: "B",
              question_id: null,
              language: null,
            },
          ]),
        },
      }),
    );
    renderRoute(route, { path: PATH, url: paperSetCheckPath(7) });
    const problems = await screen.findByRole("list", { name: "Problems" });
    expect(problems.textContent).toContain("Section B has 2 free places");
    expect(screen.getByText("1 thing to fix before this set can be finalized.")).toBeTruthy();
  });

  it("says why the set was not finalized, each problem on its line", async () => {
    api = stubApi(
      answers(admin, {
        "POST /api/paperset/finalize-paperset": {
          status: 422,
          body: {
            status: false,
            message: "The set cannot be finalized yet",
            data: null,
            errors: [{ field: "sections", message: "Section B has 2 free places" }],
          },
        },
      }),
    );
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
    api = stubApi(answers());
    renderRoute(route, { path: PATH, url: `${PATH}?id=99` });
    expect(await screen.findByText("There is no page at this address")).toBeTruthy();
  });
});
