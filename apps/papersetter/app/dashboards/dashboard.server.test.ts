import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "papersetter" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { dashboardLoader, dashboardTotals, type QuestionTableRow, subjectExportAction } from "./dashboard.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());
const admin = () => signedInAs(userRecord({ id: 14, role_id: 13, role_name: "Papersetter Admin" }));

const none = { hi: 0, ta: 0, te: 0, kn: 0, ml: 0, mr: 0, gu: 0, pa: 0, bn: 0, or: 0, as: 0, sa: 0, ur: 0 };
const row = (over: Partial<QuestionTableRow>): QuestionTableRow => ({
  subject_id: 1,
  subject_name: "Physics",
  class_id: 8,
  written: 0,
  reviewed: 0,
  translated: none,
  needed: 0,
  placed: 0,
  ...over,
});
const rows = [
  row({ written: 4, reviewed: 2, translated: { ...none, hi: 2, ur: 1 }, needed: 16, placed: 3 }),
  row({ class_id: 9 }),
  // More placed than the blueprint asks: counts as nothing still needed, never as a negative.
  row({ subject_id: 4, subject_name: "Mathematics", written: 2, reviewed: 2, needed: 1, placed: 2 }),
  row({ subject_id: 4, subject_name: "Mathematics", class_id: 9, written: 1, translated: { ...none, hi: 1 } }),
];

describe("a level's dashboard", () => {
  it("adds up written, reviewed, translations and what the paper sets still need", () => {
    expect(dashboardTotals(rows)).toEqual({ written: 7, reviewed: 4, translated: 4, stillNeeded: 13 });
  });

  it("asks for its level, hides empty rows, filters by class and opens a subject's detail", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/question/question-table-list": { body: envelope(rows) },
      "GET /api/question/subject-wise-question-list": {
        body: envelope([
          { paperset_id: 1, paperset_code: "L1-VIII-A", class_id: 8, section: "A", needed: 6, placed: 0, available: 1 },
          { paperset_id: 2, paperset_code: "L1-IX-A", class_id: 9, section: "A", needed: 6, placed: 0, available: 0 },
        ]),
      },
    });
    const all = await dashboardLoader("level1", args(await appRequest("/paper-editor-admin/level1-dashboard")));
    expect(api.calls.find((c) => c.path.startsWith("/api/question/question-table-list"))?.path).toBe(
      "/api/question/question-table-list?class_level=1&is_mock=0",
    );
    expect(all.rows).toHaveLength(3);
    expect(all.hiddenEmpty).toBe(1);
    expect(all.subjects).toEqual([
      { id: 1, name: "Physics" },
      { id: 4, name: "Mathematics" },
    ]);
    expect(all.languages).toHaveLength(13);
    expect(all.languages.find((l) => l.code === "ur")?.id).toBe(14);
    expect(all.detail).toBeNull();

    const eighth = await dashboardLoader(
      "mock",
      args(await appRequest("/paper-editor-admin/mock-dashboard?class_id=8&subject=Physics&empty=1")),
    );
    expect(api.calls.find((c) => c.path.startsWith("/api/question/subject-wise-question-list"))?.path).toBe(
      "/api/question/subject-wise-question-list?is_mock=1&subject_name=Physics",
    );
    expect(eighth.rows.map((r) => r.subject_name)).toEqual(["Physics", "Mathematics"]);
    expect(eighth.totals).toEqual({ written: 6, reviewed: 4, translated: 3, stillNeeded: 13 });
    expect(eighth.detail).toEqual({
      subject: "Physics",
      failure: null,
      rows: [expect.objectContaining({ paperset_code: "L1-VIII-A" })],
    });
  });

  it("shows a translator the counts but no paper sets, and does not ask for them (decision 049)", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ id: 16, role_id: 16, role_name: "Translator Panel" })),
      "GET /api/question/question-table-list": { body: envelope(rows) },
    });
    const loaded = await dashboardLoader(
      "level1",
      args(await appRequest("/paper-editor-admin/level1-dashboard?subject=Physics")),
    );
    expect(loaded.rows).toHaveLength(3);
    expect(loaded).toMatchObject({ seesPaperSets: false, detail: null });
    expect(api.calls.some((c) => c.path.startsWith("/api/question/subject-wise-question-list"))).toBe(false);
  });

  it("says so when the table could not be loaded", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "GET /api/question/question-table-list": {
        status: 500,
        body: { status: false, message: "Try again later", data: null },
      },
    });
    const loaded = await dashboardLoader("level2", args(await appRequest("/paper-editor-admin/level2-dashboard")));
    expect(api.calls.find((c) => c.path.startsWith("/api/question/question-table-list"))?.path).toBe(
      "/api/question/question-table-list?class_level=2&is_mock=0",
    );
    expect(loaded).toMatchObject({ failure: "Try again later", rows: [] });
  });
});

describe("printing a subject", () => {
  const form = {
    subject_id: "1",
    class_id: "8",
    exam_level: "level1",
    language_id: "2",
    document: "key",
    format: "pdf",
  };

  it("streams the API's file back as a download, with the choice the card made", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "POST /api/subject/export-subject-wise": () =>
        new Response("%PDF-1.4 bank", {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="physics-VIII-hi-answer-key.pdf"',
          },
        }),
    });
    const response = await subjectExportAction(args(await appRequest("/subject-export", { form })));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("physics-VIII-hi-answer-key.pdf");
    expect(await response.text()).toBe("%PDF-1.4 bank");
    expect(api.calls.at(-1)?.body).toEqual({
      subject_id: 1,
      class_id: 8,
      exam_level: "level1",
      language_id: 2,
      document: "key",
      format: "pdf",
    });
  });

  it("answers refusals as JSON: a wrong class, the API's reason, a role that may not print", async () => {
    api = stubApi({
      "GET /api/user": admin(),
      "POST /api/subject/export-subject-wise": {
        status: 404,
        body: { status: false, message: "No questions of this subject, class and exam to export" },
      },
    });
    const wrong = await subjectExportAction(
      args(await appRequest("/subject-export", { form: { ...form, class_id: "5" } })),
    );
    expect(wrong.status).toBe(400);
    const none = await subjectExportAction(args(await appRequest("/subject-export", { form })));
    expect(await none.json()).toEqual({
      status: false,
      message: "No questions of this subject, class and exam to export",
    });
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 15, role_name: "Subject Panel" })) });
    const refused = await subjectExportAction(args(await appRequest("/subject-export", { form })));
    expect(refused.status).toBe(403);
    expect(api.calls.some((c) => c.path === "/api/subject/export-subject-wise")).toBe(false);
  });
});
