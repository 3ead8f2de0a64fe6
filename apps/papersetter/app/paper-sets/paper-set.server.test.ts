import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "papersetter" }));

import { PAPER_SET_PICKER_PATH as PICKER } from "@repo/auth/paper-paths";
import { appRequest, envelope, type StubbedApi, settle, signedInAs, stubApi } from "@repo/remix-app/testing";
import {
  admin,
  pageAnswers,
  printedQuestion,
  section,
  set,
  subAdmin,
  subjectPanel,
  subjects,
  withSections,
} from "./paper-set.fixtures";
import type { FinalizeProblemRow } from "./paper-set.server";
import {
  paperSetAction,
  paperSetExportAction,
  paperSetLoader,
  questionIdsOf,
  questionPickerLoader,
} from "./paper-set.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const PATH = "/paper-editor-admin/paper-set";
const question = (id: number) => ({ id, text: `<p>Question ${id}</p>`, status: "reviewed", question_type: "single" });
const page = <const T>(items: readonly T[], total = items.length) =>
  envelope({ items, page: 1, per_page: 100, total, last_page: 1 });
/** Section B holds a question its viewer may not see (placed 1, none printed for it). */
const hiding = withSections(section(31, "A", 2), section(32, "B", 1));

describe("the paper set screen", () => {
  it("loads the set, each section's questions as the set prints them, the subjects and what the admin may do", async () => {
    api = stubApi({
      ...pageAnswers(admin),
      "GET /api/paperset/get-paperset": { body: envelope([{ ...hiding, id: 3 }, hiding]) },
    });
    const data = await paperSetLoader(args(await appRequest(`${PATH}?id=7`)));
    expect(data.set.code).toBe("L1-VIII-A");
    expect(data.sections.map((s) => s.questions.map((q) => q.question_id))).toEqual([[12, 5], []]);
    // Section B has a question the viewer cannot see.
    expect(data.sections.map((s) => s.hidden)).toEqual([0, 1]);
    expect(data.subjects).toEqual(subjects);
    expect(data.may).toEqual({ assemble: true, finalize: true, export: true });
    expect(data.failure).toBeNull();
    // The page reads the rows the set's print is made of, never the bank's newest versions (decision 061).
    expect(api.calls.filter((c) => c.path.startsWith("/api/question/"))).toEqual([]);
  });

  it("keeps every section unchangeable when its questions could not be loaded", async () => {
    api = stubApi({
      ...pageAnswers(admin),
      "GET /api/paperset/get-paperset": { body: envelope([hiding]) },
      "GET /api/paperset/questions/7": { status: 500, body: { status: false, message: "Down" } },
    });
    const data = await paperSetLoader(args(await appRequest(`${PATH}?id=7`)));
    expect(data.failure).toBe("Down");
    expect(data.sections.map((s) => s.hidden)).toEqual([2, 1]);
  });

  it("shows the sub admin no finalizing and the subject panel nothing to change", async () => {
    api = stubApi(pageAnswers(subAdmin));
    const sub = await paperSetLoader(args(await appRequest(`${PATH}?id=7`)));
    expect("may" in sub && sub.may).toEqual({ assemble: true, finalize: false, export: true });
    api.restore();
    api = stubApi(pageAnswers(subjectPanel));
    const panel = await paperSetLoader(args(await appRequest(`${PATH}?id=7`)));
    expect("may" in panel && panel.may).toEqual({ assemble: false, finalize: false, export: false });
  });

  it("answers 404 for a set that is not there, or no id at all", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/paperset/get-paperset": { body: envelope([set]) },
      "GET /api/subject/get-subjects": { body: envelope([]) },
    });
    expect((await settle(async () => paperSetLoader(args(await appRequest(`${PATH}?id=99`))))).thrown?.status).toBe(
      404,
    );
    expect((await settle(async () => paperSetLoader(args(await appRequest(PATH))))).thrown?.status).toBe(404);
  });
});

describe("the question picker and the check", () => {
  it("asks for reviewed questions of the set's exam and class, with the picker's search and subject", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/question/question-list": { body: page([question(3)], 14) },
    });
    const data = await questionPickerLoader(
      args(await appRequest(`${PICKER}?id=7&level=level2&class_id=9&search=force&subject_id=4&page=2`)),
    );
    expect(data).toMatchObject({ total: 14, failure: null });
    const query = new URL(`http://x${api.calls.at(-1)?.path}`).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      is_mock: "0",
      class_level: "2",
      status: "reviewed",
      page: "2",
      per_page: "10",
      class_id: "9",
      subject_id: "4",
      search: "force",
    });
  });

  it("picks from mock questions for a mock set, and only for those who assemble", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin), "GET /api/question/question-list": { body: page([]) } });
    await questionPickerLoader(args(await appRequest(`${PICKER}?id=7&level=mock&class_id=6`)));
    expect(api.calls.at(-1)?.path).toContain("is_mock=1&class_level=1");
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(subjectPanel) });
    const { thrown } = await settle(async () =>
      questionPickerLoader(args(await appRequest(`${PICKER}?id=7&level=level1`))),
    );
    expect(thrown?.status).toBe(403);
  });

  it("lists what keeps the set a draft", async () => {
    const problems: FinalizeProblemRow[] = [
      {
        code: "translation",
        message:
          "Question 3 (section A): the translation into Hindi is stale: it was made for version 1 of the English, which is now version 2",
        question_id: 3,
        section: "A",
        language: "hi",
      },
      {
        code: "translation",
        message: "Question 3 (section A) has no translation into Urdu",
        question_id: 3,
        section: "A",
        language: "ur",
      },
    ];
    api = stubApi({
      ...pageAnswers(subjectPanel),
      "GET /api/paperset/questions/7": { body: envelope([printedQuestion(12, 31, 1)]) },
      "GET /api/paperset/finalize-check/7": { body: envelope(problems) },
    });
    // The check's address is the page with the check beside it: opened on its own (a link, a
    // reload, no script) it shows the set, never a page without the set's data.
    const data = await paperSetLoader(args(await appRequest(`${PATH}?view=check&id=7`)));
    expect(data.set.code).toBe("L1-VIII-A");
    expect(data.sections.map((s) => s.questions.map((q) => q.question_id))).toEqual([[12], []]);
    expect(data.check).toEqual({ problems, failure: null });
    // Without view=check there is no check.
    expect((await paperSetLoader(args(await appRequest(`${PATH}?id=7`)))).check).toBeNull();
  });
});

describe("the paper set screen's actions", () => {
  const saved = (message: string) => ({ body: envelope(set, message) });

  it("saves a section's questions in the order given", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(subAdmin),
      "POST /api/paperset/section-questions/7": saved("The section's questions are saved."),
    });
    const request = await appRequest(PATH, {
      form: { intent: "section", id: "7", section_id: "31", question_ids: "12,3,5" },
    });
    const result = await paperSetAction(args(request));
    expect(result.data).toEqual({ ok: true, message: "The section's questions are saved." });
    expect(api.calls.at(-1)?.body).toEqual({ section_id: 31, question_ids: [12, 3, 5] });
  });

  it("empties a section, and refuses a list that is not ids", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/section-questions/7": saved("The section's questions are saved."),
    });
    await paperSetAction(
      args(await appRequest(PATH, { form: { intent: "section", id: "7", section_id: "31", question_ids: "" } })),
    );
    expect(api.calls.at(-1)?.body).toEqual({ section_id: 31, question_ids: [] });
    const bad = await paperSetAction(
      args(await appRequest(PATH, { form: { intent: "section", id: "7", section_id: "31", question_ids: "1,x" } })),
    );
    expect(bad.init?.status).toBe(400);
    expect(questionIdsOf(new URLSearchParams("question_ids=4&question_ids=2,9") as unknown as FormData)).toEqual([
      4, 2, 9,
    ]);
  });

  it("checks the edit dialog's body with the API's schema before sending it", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/update/7": saved("The paper set is saved."),
    });
    const body = {
      name: "Set A",
      code: "L1-VIII-A",
      languages: ["en", "hi"],
      duration_minutes: 90,
      instructions: ["Write your roll number."],
      sections: [
        { id: 31, title: "Section A", question_count: 1, marks_per_question: 1, negative_marks: 0, blueprint: {} },
      ],
    };
    const ok = await paperSetAction(
      args(await appRequest(PATH, { form: { intent: "update", id: "7", body: JSON.stringify(body) } })),
    );
    expect(ok.data).toEqual({ ok: true, message: "The paper set is saved." });
    expect(api.calls.at(-1)?.body).toEqual(body);
    const wrong = await paperSetAction(
      args(
        await appRequest(PATH, {
          form: { intent: "update", id: "7", body: JSON.stringify({ ...body, duration_minutes: 5 }) },
        }),
      ),
    );
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data?.errors).toEqual([{ field: "duration_minutes", message: "At least 10 minutes" }]);
  });

  it("saves, removes and refuses a section's qualifying rule posted as a plain form (decision 059)", async () => {
    const outOfReach =
      "Section B counts only when Section A reaches 20 marks, but Section A has at most 2 marks (2 questions of 1 mark): lower the mark to 2 or less, or remove the rule";
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/section-rule/7": (request) =>
        request
          .clone()
          .json()
          .then((body: { counts_if_marks: number | null }) =>
            body.counts_if_marks === 20
              ? Response.json(
                  { success: false, message: outOfReach, errors: [{ field: "counts_if_marks", message: outOfReach }] },
                  { status: 422 },
                )
              : Response.json(envelope(set, "The qualifying rule is saved.")),
          ),
    });
    const post = async (form: Record<string, string>) =>
      paperSetAction(args(await appRequest(PATH, { form: { intent: "rule", id: "7", section_id: "32", ...form } })));
    const saved = await post({ counts_if_section: "A", counts_if_marks: "1.5" });
    expect(saved.data).toEqual({ ok: true, message: "The qualifying rule is saved.", section_id: 32 });
    expect(api.calls.at(-1)?.body).toEqual({ section_id: 32, counts_if_section: "A", counts_if_marks: 1.5 });
    // "No rule" removes it, whatever the marks box still holds.
    await post({ counts_if_section: "", counts_if_marks: "20" });
    expect(api.calls.at(-1)?.body).toEqual({ section_id: 32, counts_if_section: null, counts_if_marks: null });
    // The API's refusal comes back on the field, with what was typed and which section's form it was.
    const refused = await post({ counts_if_section: "A", counts_if_marks: "20" });
    expect(refused.init?.status).toBe(422);
    expect(refused.data).toEqual({
      ok: false,
      message: outOfReach,
      section_id: 32,
      values: { counts_if_section: "A", counts_if_marks: "20" },
      errors: [{ field: "counts_if_marks", message: outOfReach }],
    });
    const rules = () => api?.calls.filter((c) => c.path.includes("section-rule")).length;
    const before = rules();
    const notNumber = await post({ counts_if_section: "A", counts_if_marks: "twenty" });
    expect(notNumber.init?.status).toBe(400);
    expect(notNumber.data?.errors?.[0]?.field).toBe("counts_if_marks");
    expect(rules()).toBe(before);
  });

  it("fills from the blueprint", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/assemble/7": saved("Free places are filled from the blueprint."),
    });
    const result = await paperSetAction(args(await appRequest(PATH, { form: { intent: "assemble", id: "7" } })));
    expect(result.data?.message).toBe("Free places are filled from the blueprint.");
  });

  it("passes finalize's list of problems on, each with its message", async () => {
    const errors = [
      { field: "sections.B", message: "Section B has 1 of its 2 questions" },
      {
        field: "questions.3.hi",
        message:
          "Question 3 (section A): the translation into Hindi is stale: it was made for version 1 of the English, which is now version 2",
      },
    ];
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/finalize-paperset": {
        status: 422,
        body: { status: false, message: "The paper set cannot be finalized yet: 2 things to fix", errors },
      },
    });
    const result = await paperSetAction(args(await appRequest(PATH, { form: { intent: "finalize", id: "7" } })));
    expect(result.init?.status).toBe(422);
    expect(result.data).toEqual({
      ok: false,
      message: "The paper set cannot be finalized yet: 2 things to fix",
      errors,
    });
    expect(api.calls.at(-1)?.body).toEqual({ id: 7 });
  });

  it("refuses finalizing to the sub admin and any change to the subject panel, before the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(subAdmin) });
    const finalize = await appRequest(PATH, { form: { intent: "finalize", id: "7" } });
    expect((await settle(() => paperSetAction(args(finalize)))).thrown?.status).toBe(403);
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(subjectPanel) });
    const section = await appRequest(PATH, {
      form: { intent: "section", id: "7", section_id: "31", question_ids: "1" },
    });
    expect((await settle(() => paperSetAction(args(section)))).thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});

describe("the paper set download", () => {
  const form = { paperset_id: "7", language_id: "2", document: "paper", format: "pdf" };

  it("streams the API's file with its type and name", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(subAdmin),
      "POST /api/paperset/export-paperset": () =>
        new Response("%PDF-1.4 paper", {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="L1-VIII-A-hi-paper.pdf"',
          },
        }),
    });
    const response = await paperSetExportAction(args(await appRequest("/paper-set-export", { form })));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("L1-VIII-A-hi-paper.pdf");
    expect(await response.text()).toBe("%PDF-1.4 paper");
    expect(api.calls.at(-1)?.body).toEqual({ paperset_id: 7, language_id: 2, document: "paper", format: "pdf" });
  });

  it("answers a refusal as JSON with the API's message, and checks the choice first", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/paperset/export-paperset": {
        status: 404,
        body: { status: false, message: "There is no such paper set" },
      },
    });
    const missing = await paperSetExportAction(args(await appRequest("/paper-set-export", { form })));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ status: false, message: "There is no such paper set" });
    const wrong = await paperSetExportAction(
      args(await appRequest("/paper-set-export", { form: { ...form, format: "odt" } })),
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe("format must be pdf or docx");
  });

  it("refuses the subject panel in words, not a thrown page", async () => {
    api = stubApi({ "GET /api/user": signedInAs(subjectPanel) });
    const response = await paperSetExportAction(args(await appRequest("/paper-set-export", { form })));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain("permission");
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
