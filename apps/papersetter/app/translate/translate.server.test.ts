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
import { initialTexts, type TranslationWorkspace, translateAction, translateLoader } from "./translate.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const translator = () => signedInAs(userRecord({ id: 17, role_id: 16, role_name: "Translator Panel" }));

const formula = (tex: string) => `<span class="ql-formula" data-value="${tex}">${tex}</span>`;
const source = {
  text: `<p>What is the value of ${formula("x^2 + 2x + 1")} when x = 3?</p>`,
  options: [
    { key: "A", html: "<p>9</p>" },
    { key: "B", html: "<p>16</p>" },
  ],
  correct: ["B"],
  explanation: `<p>${formula("(x + 1)^2")}</p>`,
  version: 3,
};
const urdu = { id: 14, code: "ur", name: "Urdu", native: "اردو", dir: "rtl" as const };
const workspace = (translation: TranslationWorkspace["translation"] = null): TranslationWorkspace => ({
  question_id: 2,
  language: urdu,
  source,
  text_formulas: ["x^2 + 2x + 1", "(x + 1)^2"],
  translation,
});
const languageList = envelope([
  { id: 2, code: "hi", name: "Hindi", native: "हिन्दी", dir: "ltr" },
  { id: 3, code: "ta", name: "Tamil", native: "தமிழ்", dir: "ltr" },
  { id: 14, code: "ur", name: "Urdu", native: "اردو", dir: "rtl" },
]);
// A translator's states: its own languages only.
const states = envelope([
  { language_id: 2, code: "hi", name: "Hindi", status: "done", version: 1, updated_at: "2026-11-01T10:00:00Z" },
  { language_id: 14, code: "ur", name: "Urdu", status: "missing", version: null, updated_at: null },
]);
const question = envelope({
  id: 2,
  exam_level: "level1",
  class_id: 8,
  subject_id: 4,
  subject_name: "Mathematics",
  status: "reviewed",
  version: 3,
});
const page = (ids: number[]) =>
  envelope({ items: ids.map((id) => ({ id })), page: 1, per_page: 100, total: ids.length });

describe("the translate page", () => {
  it("opens the source beside the translation, with the translator's languages and the neighbours needing it", async () => {
    api = stubApi({
      "GET /api/user": translator(),
      "POST /api/language/translation-status": { body: states },
      "GET /api/get-language-list": { body: languageList },
      "GET /api/question/question-edit": { body: question },
      "POST /api/question-translate": { body: envelope(workspace()) },
      "GET /api/question/question-list": { body: page([9, 5, 1]) },
    });
    const loaded = await translateLoader(
      args(await appRequest("/paper-editor-admin/translate?question_id=2&language_id=14")),
    );
    expect(api.calls.find((c) => c.path === "/api/question-translate")?.body).toEqual({
      question_id: 2,
      language_id: 14,
    });
    expect(api.calls.find((c) => c.path.startsWith("/api/language/translation-status"))?.path).toBe(
      "/api/language/translation-status?question_id=2",
    );
    const list = new URL(`http://x${api.calls.find((c) => c.path.startsWith("/api/question/question-list"))?.path}`)
      .searchParams;
    expect(Object.fromEntries(list)).toEqual({
      per_page: "100",
      is_mock: "0",
      class_level: "1",
      class_id: "8",
      language_id: "14",
      translation_status: "not_done",
    });
    expect(loaded.problem).toBeNull();
    // Only the languages the API gave states for (a translator's own), with their states.
    expect(loaded.languages.map((l) => [l.code, l.status, l.dir])).toEqual([
      ["hi", "done", "ltr"],
      ["ur", "missing", "rtl"],
    ]);
    // Nothing translated yet: every editor starts from the English, formulas included.
    expect(loaded.initial).toEqual({
      text: source.text,
      options: source.options,
      explanation: source.explanation,
      copied: ["text", "options.0.html", "options.1.html", "explanation"],
    });
    expect(loaded.neighbours).toEqual({
      previous: 5,
      next: 1,
      list: "/paper-editor-admin/level1-questions?language_id=14&translation_status=not_done&class_id=8",
      question: "/paper-editor-admin/question?id=2",
    });
    expect(loaded.question).toMatchObject({ subject_name: "Mathematics", class_id: 8 });
  });

  it("goes to the viewer's first language when none is asked for", async () => {
    api = stubApi({
      "GET /api/user": translator(),
      "POST /api/language/translation-status": { body: states },
      "GET /api/get-language-list": { body: languageList },
      "GET /api/question/question-edit": { body: question },
    });
    const request = await appRequest("/paper-editor-admin/translate?question_id=2");
    const { thrown } = await settle(() => translateLoader(args(request)));
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe("/paper-editor-admin/translate?question_id=2&language_id=2");
  });

  it("says clearly when the language is not the translator's, and offers its own", async () => {
    api = stubApi({
      "GET /api/user": translator(),
      "POST /api/language/translation-status": { body: states },
      "GET /api/get-language-list": { body: languageList },
      "GET /api/question/question-edit": { body: question },
      "POST /api/question-translate": {
        status: 403,
        body: { status: false, message: "You can translate into your own languages only", data: null },
      },
      "GET /api/question/question-list": { body: page([]) },
    });
    const loaded = await translateLoader(
      args(await appRequest("/paper-editor-admin/translate?question_id=2&language_id=3")),
    );
    expect(loaded.workspace).toBeNull();
    expect(loaded.problem).toEqual({
      status: 403,
      title: "You do not translate into Tamil",
      message: "You can translate into your own languages only",
    });
    expect(loaded.languages.map((l) => l.name)).toEqual(["Hindi", "Urdu"]);
  });

  it("keeps a translation's own fields and copies the English only into the empty ones", () => {
    const initial = initialTexts(
      workspace({
        content: {
          text: `<p>قیمت ${formula("x^2 + 2x + 1")}</p>`,
          options: [
            { key: "A", html: "<p>۹</p>" },
            { key: "B", html: "<p><br></p>" },
          ],
          explanation: "",
        },
        status: "stale",
        version: 2,
        source_version: 2,
        updated_at: "2026-11-01T10:00:00Z",
        updated_by: "Demo Translator Panel",
      }),
    );
    expect(initial.text).toContain("قیمت");
    expect(initial.options).toEqual([
      { key: "A", html: "<p>۹</p>" },
      { key: "B", html: "<p>16</p>" },
    ]);
    expect(initial.explanation).toBe(source.explanation);
    expect(initial.copied).toEqual(["options.1.html", "explanation"]);
  });

  it("saves each option by the source's key with the chosen status, and passes the formula errors back", async () => {
    api = stubApi({
      "GET /api/user": translator(),
      "POST /api/store-question-translation": {
        status: 422,
        body: {
          status: false,
          message: "Formulas are copied from the source and cannot change",
          data: null,
          errors: [{ field: "text", message: "Keep the formulas of the question text exactly as in the source" }],
        },
      },
    });
    const request = await appRequest("/paper-editor-admin/translate?question_id=2&language_id=2", {
      form: { question_id: "2", language_id: "2", text: "<p>मान क्या है?</p>", explanation: "", status: "done" },
    });
    // Two options, in the source's order (a form repeats option_key).
    const body = new URLSearchParams(await request.text());
    body.append("option_key", "A");
    body.append("option_key", "B");
    body.append("option_key", "Z");
    body.set("option.A", "<p>9</p>");
    body.set("option.B", "<p>16</p>");
    const refused = await translateAction(
      args(new Request(request.url, { method: "POST", headers: request.headers, body })),
    );
    expect(refused.init?.status).toBe(422);
    expect(refused.data).toEqual({
      ok: false,
      message: "Formulas are copied from the source and cannot change",
      errors: [{ field: "text", message: "Keep the formulas of the question text exactly as in the source" }],
    });
    expect(api.calls.find((c) => c.path === "/api/store-question-translation")?.body).toEqual({
      question_id: 2,
      language_id: 2,
      text: "<p>मान क्या है?</p>",
      options: [
        { key: "A", html: "<p>9</p>" },
        { key: "B", html: "<p>16</p>" },
      ],
      explanation: "",
      status: "done",
    });
  });

  it("answers the API's message when the translation is saved", async () => {
    api = stubApi({
      "GET /api/user": translator(),
      "POST /api/store-question-translation": {
        body: envelope(workspace(), "The Urdu translation is saved as version 1."),
      },
    });
    const saved = await translateAction(
      args(
        await appRequest("/paper-editor-admin/translate?question_id=2&language_id=14", {
          form: { question_id: "2", language_id: "14", text: "<p>x</p>", status: "draft" },
        }),
      ),
    );
    expect(saved.data).toEqual({ ok: true, message: "The Urdu translation is saved as version 1." });
    expect(api.calls.find((c) => c.path === "/api/store-question-translation")?.body).toMatchObject({
      options: [],
      status: "draft",
    });
  });
});
