import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "papersetter" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import {
  questionAction,
  questionBodyFrom,
  questionListQueryFrom,
  questionLoader,
  questionsAction,
  questionsLoader,
} from "./questions.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const as = (role_id: number, role_name: string) => signedInAs(userRecord({ role_id, role_name, username: role_name }));
const admin = () => as(13, "Papersetter Admin");
const subAdmin = () => as(14, "Papersetter Sub Admin");
const panel = () => as(15, "Subject Panel");
const translator = () => as(16, "Translator");

const page = { items: [], page: 1, per_page: 10, total: 0, last_page: 1 };
const languages = [
  { id: 2, code: "hi", name: "Hindi", native: "हिन्दी", dir: "ltr" },
  { id: 14, code: "ur", name: "Urdu", native: "اردو", dir: "rtl" },
];
const paperSet = {
  id: 4,
  code: "L1-VIII-A",
  name: "Set A",
  sections: [
    { id: 8, label: "A", title: "Section A" },
    { id: 9, label: "B", title: "Section B" },
  ],
};
const masters = {
  "GET /api/subject/get-subjects": { body: envelope([{ id: 1, name: "Physics", is_active: true }]) },
  "GET /api/paperset/get-paperset": { body: envelope([paperSet]) },
  "GET /api/get-language-list": { body: envelope(languages) },
  "GET /api/question/get-question-type": {
    body: envelope([{ code: "single", name: "Single correct answer", rule: "one correct answer" }]),
  },
};
/** The translator of the demo: Hindi (2) and Urdu (14) are the languages it may translate into. */
const translatorProbe = {
  "GET /api/get-language-list": (request: Request) =>
    Response.json(
      envelope(
        new URL(request.url).searchParams.get("translatable") === "1"
          ? languages.filter((l: { id: number }) => [2, 14].includes(l.id))
          : languages,
      ),
    ),
};
const listCall = () => {
  const call = api?.calls.find((c) => c.path.startsWith("/api/question/question-list"));
  return Object.fromEntries(new URL(call?.path ?? "", "http://api.invalid").searchParams);
};
const detail = (version: number) => ({
  id: 12,
  exam_level: "level1",
  class_id: 8,
  subject_id: 1,
  subject_name: "Physics",
  question_type: "single",
  difficulty: "medium",
  marks: 1,
  status: "draft",
  version,
  content: { text: "<p>Q</p>", options: [], correct: ["A"], explanation: "" },
  created_by: null,
  updated_by: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  translations: [],
  paper_sets: [],
});

describe("the question lists", () => {
  it("ask for the level's exam with the URL's search and every filter", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/question/question-list": { body: envelope(page) },
      ...masters,
    });
    const loaded = await questionsLoader(
      "level1",
      args(
        await appRequest(
          "/paper-editor-admin/level1-questions?search=force&page=2&class_id=8&subject_id=1&status=draft&paperset_id=4&section_id=9&language_id=14&translation_status=stale",
        ),
      ),
    );
    expect(listCall()).toEqual({
      page: "2",
      per_page: "10",
      is_mock: "0",
      class_level: "1",
      search: "force",
      class_id: "8",
      subject_id: "1",
      status: "draft",
      paperset_id: "4",
      section_id: "9",
      language_id: "14",
      translation_status: "stale",
    });
    expect(api.calls.find((c) => c.path.startsWith("/api/paperset/get-paperset"))?.path).toBe(
      "/api/paperset/get-paperset?exam_level=level1",
    );
    expect(loaded).toMatchObject({
      can: { edit: true, translate: true, review: true, rollback: true },
      subjects: [{ value: "1", label: "Physics" }],
      paperSets: [{ value: "4", label: "L1-VIII-A: Set A" }],
      // The chosen set's sections.
      sections: [
        { value: "8", label: "Section A" },
        { value: "9", label: "Section B" },
      ],
      language: { value: "14", code: "ur", dir: "rtl", name: "Urdu" },
      // The leads translate into every language: Translate opens the chosen one.
      translateLanguageId: 14,
    });
  });

  it("name Level 2 by class_level=2 and mock by is_mock=1, and drop values that mean nothing", () => {
    const params = new URLSearchParams(
      "class_id=5&status=gone&section_id=3&language_id=1&translation_status=done&subject_id=x",
    );
    expect(questionListQueryFrom("level2", params)).toEqual({ page: 1, per_page: 10, class_level: 2 });
    expect(questionListQueryFrom("mock", new URLSearchParams("language_id=2&translation_status=missing"))).toEqual({
      page: 1,
      per_page: 10,
      is_mock: 1,
      language_id: 2,
      translation_status: "missing",
    });
  });

  it("send a translator to its own first language, and give it nothing to write or review", async () => {
    api = stubApi({
      "GET /api/user": translator(),
      "GET /api/question/question-list": { body: envelope(page) },
      ...masters,
      ...translatorProbe,
    });
    const loaded = await questionsLoader("level1", args(await appRequest("/paper-editor-admin/level1-questions")));
    expect(loaded.translateLanguageId).toBe(2);
    expect(loaded.can).toEqual({ edit: false, translate: true, review: false, rollback: false, history: false });
    // No paper sets for a translator (decision 049): neither the picker's list nor a set filter is asked for.
    expect(api.calls.some((c) => c.path.startsWith("/api/paperset/get-paperset"))).toBe(false);
    await questionsLoader("level1", args(await appRequest("/paper-editor-admin/level1-questions?paperset_id=7")));
    expect(api.calls.some((c) => c.path.includes("paperset_id"))).toBe(false);
    // With another language chosen, Translate still opens one of its own.
    api.restore();
    api = stubApi({
      "GET /api/user": translator(),
      "GET /api/question/question-list": { body: envelope(page) },
      ...masters,
      ...translatorProbe,
    });
    const chosen = await questionsLoader(
      "level1",
      args(await appRequest("/paper-editor-admin/level1-questions?language_id=14")),
    );
    expect(chosen.translateLanguageId).toBe(14);
  });

  it("mark a question reviewed for the leads only", async () => {
    api = stubApi({
      "GET /api/user": subAdmin(),
      "POST /api/question/review": { body: envelope(detail(3), "The question is reviewed.") },
    });
    const done = await questionsAction(
      args(await appRequest("/paper-editor-admin/level1-questions", { form: { intent: "review", id: "12" } })),
    );
    expect(done.data).toEqual({ ok: true, message: "The question is reviewed.", id: 12, version: 3 });
    expect(api.calls.find((c) => c.path === "/api/question/review")?.body).toEqual({ question_id: 12 });
    api.restore();
    api = stubApi({ "GET /api/user": panel() });
    const refused = await settle(async () =>
      questionsAction(
        args(await appRequest("/paper-editor-admin/level1-questions", { form: { intent: "review", id: "12" } })),
      ),
    );
    expect(refused.thrown?.status).toBe(403);
  });
});

describe("the question screen", () => {
  const form = {
    intent: "save",
    exam_level: "level1",
    class_id: "8",
    subject_id: "1",
    question_type: "multiple",
    difficulty: "hard",
    marks: "1.5",
    text: '<p>Find <span class="ql-formula" data-value="x^2">x^2</span></p>',
    option_A: "<p>1</p>",
    option_B: "<p>2</p>",
    option_C: "<p>3</p>",
    correct: "A,C",
    explanation: "",
  };

  it("reads the form as the API's question body", () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(form)) body.set(name, value);
    body.append("correct", "Z");
    body.set("id", "12");
    body.set("base_version", "2");
    expect(questionBodyFrom(body)).toEqual({
      id: 12,
      baseVersion: 2,
      missing: [],
      question: {
        exam_level: "level1",
        class_id: 8,
        subject_id: 1,
        question_type: "multiple",
        difficulty: "hard",
        marks: 1.5,
        text: form.text,
        // Options in key order, as many as the form sent.
        options: [
          { key: "A", html: "<p>1</p>" },
          { key: "B", html: "<p>2</p>" },
          { key: "C", html: "<p>3</p>" },
        ],
        correct: ["A", "C"],
        explanation: "",
      },
    });
    const empty = questionBodyFrom(new FormData());
    expect(empty.missing.map((e) => e.field)).toEqual(["class_id", "subject_id"]);
    expect(empty.question).toMatchObject({ options: [], correct: [], difficulty: "medium", marks: 0 });
  });

  it("writes a new question, and saves an edit over the version it was loaded at", async () => {
    api = stubApi({
      "GET /api/user": panel(),
      "POST /api/question/question-store": { body: envelope(detail(1), "The question is saved as version 1.") },
      "POST /api/question/question-update": { body: envelope(detail(3), "Saved as version 3.") },
    });
    const created = await questionAction(args(await appRequest("/paper-editor-admin/question?level=level1", { form })));
    expect(created.data).toEqual({ ok: true, message: "The question is saved as version 1.", id: 12, version: 1 });
    expect(api.calls.find((c) => c.path === "/api/question/question-store")?.body).toMatchObject({
      exam_level: "level1",
      class_id: 8,
      correct: ["A", "C"],
      options: [{ key: "A" }, { key: "B" }, { key: "C" }],
    });
    const saved = await questionAction(
      args(await appRequest("/paper-editor-admin/question?id=12", { form: { ...form, id: "12", base_version: "2" } })),
    );
    expect(saved.data).toMatchObject({ ok: true, message: "Saved as version 3.", version: 3 });
    const update = api.calls.find((c) => c.path === "/api/question/question-update")?.body as Record<string, unknown>;
    expect(update).toMatchObject({ id: 12, base_version: 2, question: { marks: 1.5, subject_id: 1 } });
  });

  it("passes the API's refusal back: the 409 of a newer version, field errors by the form's names", async () => {
    api = stubApi({
      "GET /api/user": panel(),
      "POST /api/question/question-update": {
        status: 400,
        body: {
          status: false,
          message: "question.options.1.html: Write the option",
          data: null,
          errors: [
            { field: "question.options.1.html", message: "Write the option" },
            { field: "question.correct", message: "Mark the correct answer" },
          ],
        },
      },
    });
    const refused = await questionAction(
      args(await appRequest("/paper-editor-admin/question?id=12", { form: { ...form, id: "12", base_version: "2" } })),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual([
      { field: "options.1.html", message: "Write the option" },
      { field: "correct", message: "Mark the correct answer" },
    ]);
    api.restore();
    api = stubApi({
      "GET /api/user": panel(),
      "POST /api/question/question-update": {
        status: 409,
        body: {
          status: false,
          message: "Someone saved version 3 while you were editing version 2. Open the question again to see it.",
          data: null,
        },
      },
    });
    const stale = await questionAction(
      args(await appRequest("/paper-editor-admin/question?id=12", { form: { ...form, id: "12", base_version: "2" } })),
    );
    expect(stale.init?.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, message: expect.stringContaining("Someone saved version 3") });
    // Without a class or subject the API is not asked.
    api.restore();
    api = stubApi({ "GET /api/user": panel() });
    const missing = await questionAction(
      args(await appRequest("/paper-editor-admin/question?level=level1", { form: { ...form, subject_id: "" } })),
    );
    expect(missing.data.errors).toEqual([{ field: "subject_id", message: "Choose the subject" }]);
  });

  it("restores a version for the leads, never for the subject panel", async () => {
    api = stubApi({
      "GET /api/user": subAdmin(),
      "POST /api/question/rollback-version": { body: envelope(detail(3), "Version 1 is restored as version 3.") },
    });
    const restored = await questionAction(
      args(
        await appRequest("/paper-editor-admin/question?id=12", {
          form: { intent: "rollback", id: "12", version: "1" },
        }),
      ),
    );
    expect(restored.data).toEqual({ ok: true, message: "Version 1 is restored as version 3.", id: 12, version: 3 });
    expect(api.calls.find((c) => c.path === "/api/question/rollback-version")?.body).toEqual({
      question_id: 12,
      rollback_version: 1,
    });
    api.restore();
    api = stubApi({ "GET /api/user": panel() });
    const refused = await settle(async () =>
      questionAction(
        args(
          await appRequest("/paper-editor-admin/question?id=12", {
            form: { intent: "rollback", id: "12", version: "1" },
          }),
        ),
      ),
    );
    expect(refused.thrown?.status).toBe(403);
  });

  it("opens a question without its versions for a translator, who reads but does not write", async () => {
    api = stubApi({
      "GET /api/user": translator(),
      "GET /api/question/question-edit": { body: envelope(detail(2)) },
      "GET /api/question/question-log-list": { body: envelope([]) },
      ...masters,
      ...translatorProbe,
    });
    const loaded = await questionLoader(args(await appRequest("/paper-editor-admin/question?id=12&history=1")));
    expect(api.calls.find((c) => c.path.startsWith("/api/question/question-edit"))?.path).toBe(
      "/api/question/question-edit?id=12",
    );
    // The history holds every version's answer key: a translator's page does not ask for it (decision 049).
    expect(api.calls.some((c) => c.path.startsWith("/api/question/question-log-list"))).toBe(false);
    expect(loaded).toMatchObject({
      level: "level1",
      openHistory: false,
      versions: [],
      can: { edit: false, history: false },
      translatable: [2, 14],
      types: [{ value: "single" }],
    });
    api.restore();
    api = stubApi({ "GET /api/user": translator(), ...masters });
    const newOne = await settle(async () =>
      questionLoader(args(await appRequest("/paper-editor-admin/question?level=level2"))),
    );
    expect(newOne.thrown?.status).toBe(403);
  });

  it("answers 404 for a question the viewer may not see", async () => {
    api = stubApi({
      "GET /api/user": panel(),
      "GET /api/question/question-edit": {
        status: 404,
        body: { status: false, message: "Question not found", data: null },
      },
      "GET /api/question/question-log-list": {
        status: 404,
        body: { status: false, message: "Question not found", data: null },
      },
      ...masters,
    });
    const missing = await settle(async () =>
      questionLoader(args(await appRequest("/paper-editor-admin/question?id=99"))),
    );
    expect(missing.thrown?.status).toBe(404);
  });
});
