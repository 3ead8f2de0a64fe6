import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { pagePath } from "@repo/auth/menus";
import { NO_ANSWER_FILE } from "@repo/contracts/results-constants";
import { auth } from "@repo/remix-app/auth.server";
import {
  appRequest,
  CSRF,
  envelope,
  type StubbedApi,
  sessionCookie,
  settle,
  signedInAs,
  stubApi,
} from "@repo/remix-app/testing";
import type { AnswerFileAnswer } from "./answer-file";
import { admin, district, orgTeam, subAdmin, submittedStats, upload } from "./answer-uploads.fixtures";
import {
  answerFileUploadAction,
  answerProblemsLoader,
  answerUploadsAction,
  answerUploadsLoader,
  resetExamAction,
  resetExamLoader,
} from "./answer-uploads.server";
import { ANSWER_UPLOAD_PATHS, RESET_EXAM_PAGE, resetExamPath } from "./answer-uploads-paths";

const PAGE = pagePath("coordinator", "upload-exam-file");
const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const stats = submittedStats();

describe("the pages", () => {
  it("live where the page tree puts them", () => {
    expect(ANSWER_UPLOAD_PATHS.page).toBe(PAGE);
    expect(ANSWER_UPLOAD_PATHS.report(12)).toBe(`${PAGE}?upload=12`);
    expect(ANSWER_UPLOAD_PATHS.upload).toBe(`${PAGE}/upload`);
    expect(ANSWER_UPLOAD_PATHS.problems(12)).toBe(`${PAGE}/12/problems`);
    expect(resetExamPath("level-1")).toBe(pagePath("coordinator", "reset-exam"));
    expect(RESET_EXAM_PAGE).toBe(pagePath("coordinator", "reset-exam").split("?")[0]);
  });
});

describe("Upload Exam File", () => {
  it("gives an admin the stored sheets and the uploads, without an upload's report unless asked", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/answer-sheet-submitted-stats": { body: envelope(stats) },
    });
    const data = await answerUploadsLoader(args(await appRequest(PAGE)));
    expect(data).toEqual({ csrf: CSRF, stats, failure: null, upload: null, uploadFailure: null, deletion: null });
  });

  it("opens one upload's report, with what deleting its sheets would take away when it holds some", async () => {
    const stored = upload({ status: "stored", stored_sheets: 2, current_sheets: 2 });
    const deletion = {
      upload_id: 12,
      file_name: stored.file_name,
      sheets: 2,
      by_class: [{ class_level: 8, sheets: 2 }],
      certificates: 2,
      certificates_printed: 0,
    };
    api = stubApi({
      "GET /api/user": signedInAs(subAdmin),
      "GET /api/answer-sheet-submitted-stats": { body: envelope(stats) },
      "GET /api/answer-sheet-upload/12": { body: envelope(stored) },
      "GET /api/admin-delete-answersheet-stats": { body: envelope(deletion) },
    });
    const data = await answerUploadsLoader(args(await appRequest(ANSWER_UPLOAD_PATHS.report(12))));
    expect(data).toMatchObject({ upload: stored, deletion, uploadFailure: null });
    expect(api.calls.map((c) => c.path)).toContain("/api/admin-delete-answersheet-stats?upload_id=12");
  });

  it("does not ask about deleting an upload that holds no sheets or is being worked on", async () => {
    for (const item of [upload(), upload({ status: "storing", job_id: 9, current_sheets: 3, stored_sheets: 3 })]) {
      api = stubApi({
        "GET /api/user": signedInAs(admin),
        "GET /api/answer-sheet-submitted-stats": { body: envelope(stats) },
        "GET /api/answer-sheet-upload/12": { body: envelope(item) },
      });
      const data = await answerUploadsLoader(args(await appRequest(ANSWER_UPLOAD_PATHS.report(12))));
      expect(data.deletion).toBeNull();
      api.restore();
    }
    api = undefined;
  });

  it("says why an upload cannot be opened, and still shows the page", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/answer-sheet-submitted-stats": {
        status: 500,
        body: { status: false, message: "Something went wrong on our side", data: null },
      },
      "GET /api/answer-sheet-upload/99": {
        status: 404,
        body: { status: false, message: "Upload not found", data: null },
      },
    });
    const data = await answerUploadsLoader(args(await appRequest(`${PAGE}?upload=99`)));
    expect(data).toMatchObject({
      stats: null,
      failure: "Something went wrong on our side",
      upload: null,
      uploadFailure: "Upload not found",
    });
    // Not an upload id: nothing asked.
    api.restore();
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/answer-sheet-submitted-stats": { body: envelope(stats) },
    });
    expect((await answerUploadsLoader(args(await appRequest(`${PAGE}?upload=abc`)))).upload).toBeNull();
  });

  it("is refused (403) to the organization team and to coordinators, without calling the API", async () => {
    for (const user of [orgTeam, district]) {
      api = stubApi({ "GET /api/user": signedInAs(user) });
      const { thrown } = await settle(async () => answerUploadsLoader(args(await appRequest(PAGE))));
      expect(thrown?.status).toBe(403);
      expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
      api.restore();
    }
    api = undefined;
  });

  it("stores a checked upload (the store job's id) and deletes an upload's sheets", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/answer-sheet-upload/12/confirm": {
        status: 202,
        body: { status: true, message: "The sheets are being stored", data: { job_id: 77 } },
      },
      "POST /api/admin-delete-answersheet": {
        body: { status: true, message: "2 answer sheets were deleted.", data: { sheets: 2 } },
      },
    });
    const confirmed = await answerUploadsAction(
      args(await appRequest(PAGE, { form: { intent: "confirm", upload_id: "12" } })),
    );
    expect(confirmed.init?.status).toBe(202);
    expect(confirmed.data).toEqual({ ok: true, message: "The sheets are being stored", intent: "confirm", jobId: 77 });
    const deleted = await answerUploadsAction(
      args(await appRequest(PAGE, { form: { intent: "delete", upload_id: "12" } })),
    );
    expect(deleted.data).toEqual({ ok: true, message: "2 answer sheets were deleted.", intent: "delete", sheets: 2 });
    expect(api.calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["/api/answer-sheet-upload/12/confirm", undefined],
      ["/api/admin-delete-answersheet", { upload_id: 12 }],
    ]);
  });

  it("passes the API's refusal on in its words, and asks for an upload first", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/answer-sheet-upload/12/confirm": {
        status: 409,
        body: { status: false, message: "This upload cannot be stored: it is stored", data: null },
      },
    });
    const refused = await answerUploadsAction(
      args(await appRequest(PAGE, { form: { intent: "confirm", upload_id: "12" } })),
    );
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toEqual({
      ok: false,
      message: "This upload cannot be stored: it is stored",
      intent: "confirm",
    });
    const missing = await answerUploadsAction(args(await appRequest(PAGE, { form: { intent: "delete" } })));
    expect(missing.init?.status).toBe(400);
    expect(missing.data.message).toBe("Choose the upload first.");
  });

  it("refuses an action from an expired form (403) without calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const { thrown } = await settle(async () =>
      answerUploadsAction(args(await appRequest(PAGE, { form: { intent: "delete", upload_id: "12", csrf: "old" } }))),
    );
    expect(thrown?.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});

/** The upload as the screen sends it: multipart with the file, the fields and the CSRF token. */
async function fileUpload(fields: { file?: File; exam_level?: string; format?: string; csrf?: string }) {
  const body = new FormData();
  body.set("csrf", fields.csrf ?? CSRF);
  if (fields.exam_level !== undefined) body.set("exam_level", fields.exam_level);
  if (fields.format !== undefined) body.set("format", fields.format);
  if (fields.file) body.set("file", fields.file, fields.file.name);
  return new Request(new URL(ANSWER_UPLOAD_PATHS.upload, auth.appOrigin), {
    method: "POST",
    headers: { Cookie: await sessionCookie(), Origin: auth.appOrigin },
    body,
  });
}
const answerOf = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as AnswerFileAnswer,
});
const vendorFile = (bytes = 1024, name = "vendor.txt") => new File([new Uint8Array(bytes).fill(65)], name);

describe("the file upload", () => {
  it("forwards the file, the level and the format as multipart, and answers the upload and its check job", async () => {
    let sent: FormData | undefined;
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/admin-upload-txt-answersheet": async (request) => {
        sent = await request.formData();
        return Response.json(
          envelope({ upload_id: 12, job_id: 41 }, "The file is being checked; nothing is stored until you confirm"),
          { status: 202 },
        );
      },
    });
    const result = await answerOf(
      await answerFileUploadAction(args(await fileUpload({ file: vendorFile(), exam_level: "level2", format: "tab" }))),
    );
    expect(result).toEqual({
      status: 202,
      body: {
        ok: true,
        message: "The file is being checked; nothing is stored until you confirm",
        uploadId: 12,
        jobId: 41,
      },
    });
    expect(sent?.get("exam_level")).toBe("level2");
    expect(sent?.get("format")).toBe("tab");
    const file = sent?.get("file");
    expect(file instanceof File ? [file.name, file.size] : null).toEqual(["vendor.txt", 1024]);
    // The CSRF token stays in the app.
    expect(sent?.has("csrf")).toBe(false);
  });

  it("sends the default format when none is chosen", async () => {
    let format: FormDataEntryValue | null | undefined;
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/admin-upload-txt-answersheet": async (request) => {
        format = (await request.formData()).get("format");
        return Response.json(envelope({ upload_id: 13, job_id: 42 }), { status: 202 });
      },
    });
    await answerFileUploadAction(args(await fileUpload({ file: vendorFile(), exam_level: "mock" })));
    expect(format).toBe("default");
  });

  it("passes the API's 422 on as the file's message", async () => {
    const refusal = "The file must be the vendor's text file (one line per sheet); this is a PDF file";
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/admin-upload-txt-answersheet": {
        status: 422,
        body: { status: false, message: refusal, data: null, errors: [{ field: "file", message: refusal }] },
      },
    });
    const result = await answerOf(
      await answerFileUploadAction(args(await fileUpload({ file: vendorFile(), exam_level: "level1" }))),
    );
    expect(result).toEqual({
      status: 422,
      body: { ok: false, message: refusal, errors: [{ field: "file", message: refusal }] },
    });
  });

  it("refuses a missing or empty file, an unknown level or format and a file over 256 MB before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const none = await answerOf(await answerFileUploadAction(args(await fileUpload({ exam_level: "level1" }))));
    expect(none).toMatchObject({
      status: 400,
      body: { message: NO_ANSWER_FILE, errors: [{ field: "file" }] },
    });
    const empty = await answerOf(
      await answerFileUploadAction(args(await fileUpload({ file: vendorFile(0), exam_level: "level1" }))),
    );
    expect(empty.status).toBe(400);
    const level = await answerOf(
      await answerFileUploadAction(args(await fileUpload({ file: vendorFile(), exam_level: "level3" }))),
    );
    expect(level).toMatchObject({ status: 400, body: { errors: [{ field: "exam_level" }] } });
    const format = await answerOf(
      await answerFileUploadAction(args(await fileUpload({ file: vendorFile(), exam_level: "level1", format: "xml" }))),
    );
    expect(format).toMatchObject({ status: 400, body: { errors: [{ field: "format" }] } });
    // Announced larger than the limit: refused before the body is read.
    const big = new Request(new URL(ANSWER_UPLOAD_PATHS.upload, auth.appOrigin), {
      method: "POST",
      headers: { "Content-Length": String(300 * 1024 * 1024), Origin: auth.appOrigin },
      body: "x",
    });
    const tooLarge = await answerOf(await answerFileUploadAction(args(big)));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(
      "The file is 300 MB; at most 256 MB can be uploaded at once. Split it into smaller files.",
    );
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user", "/api/user", "/api/user", "/api/user"]);
  });

  it("answers an expired form and a user without the permission in words (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const expired = await answerOf(
      await answerFileUploadAction(args(await fileUpload({ file: vendorFile(), exam_level: "level1", csrf: "old" }))),
    );
    expect(expired).toEqual({
      status: 403,
      body: { ok: false, message: "This form has expired. Reload the page and try again.", errors: [] },
    });
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(district) });
    const refused = await answerOf(
      await answerFileUploadAction(args(await fileUpload({ file: vendorFile(), exam_level: "level1" }))),
    );
    expect(refused).toEqual({
      status: 403,
      body: { ok: false, message: "You do not have permission to open this page.", errors: [] },
    });
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});

describe("the problems file", () => {
  it("streams the API's CSV, and says why when there is none", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "GET /api/answer-sheet-upload/12/problems": () =>
        new Response('\uFEFF"Line","Roll number","Problem","Message"\r\n', {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": 'attachment; filename="vendor-batch-1-problems.csv"',
          },
        }),
      "GET /api/answer-sheet-upload/13/problems": {
        status: 404,
        body: { status: false, message: "Problems file not found", data: null },
      },
    });
    const found = await answerProblemsLoader(
      args(await appRequest(ANSWER_UPLOAD_PATHS.problems(12)), { upload: "12" }),
    );
    expect(found.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(found.headers.get("content-disposition")).toBe('attachment; filename="vendor-batch-1-problems.csv"');
    expect(found.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await found.text()).toContain('"Line","Roll number","Problem","Message"');
    const missing = await answerProblemsLoader(
      args(await appRequest(ANSWER_UPLOAD_PATHS.problems(13)), { upload: "13" }),
    );
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await missing.text()).toContain(
      '<h1 style="font-size:1.25rem">Not found</h1><p>Problems file not found</p>',
    );
    const bad = await answerProblemsLoader(args(await appRequest(`${PAGE}/x/problems`), { upload: "x" }));
    expect(bad.status).toBe(404);
  });

  it("is refused (403) to a district coordinator", async () => {
    api = stubApi({ "GET /api/user": signedInAs(district) });
    const { thrown } = await settle(async () =>
      answerProblemsLoader(args(await appRequest(ANSWER_UPLOAD_PATHS.problems(12)), { upload: "12" })),
    );
    expect(thrown?.status).toBe(403);
  });
});

describe("Reset Exam", () => {
  const summary = {
    level: "level-2",
    exam_level: "level2",
    exam_year: "2026-27",
    confirm: "Level 2",
    sheets: 289,
    uploads: 1,
    finalized_paper_sets: 6,
    certificates: 289,
    certificates_printed: 40,
  };

  it("shows what resetting the level in the address would delete and keep", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(subAdmin),
      "GET /api/reset-exam": { body: envelope(summary) },
    });
    const data = await resetExamLoader(args(await appRequest(resetExamPath("level-2"))));
    expect(data).toEqual({
      csrf: CSRF,
      level: "level-2",
      levels: [
        { param: "level-1", name: "Level 1" },
        { param: "level-2", name: "Level 2" },
        { param: "mock", name: "Mock" },
      ],
      summary,
      failure: null,
    });
    expect(api.calls.at(-1)?.path).toBe("/api/reset-exam?level=level-2");
  });

  it("sends an address without a known level to Level 1's", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    for (const path of [RESET_EXAM_PAGE, `${RESET_EXAM_PAGE}?level=level-3`]) {
      const { thrown } = await settle(async () => resetExamLoader(args(await appRequest(path))));
      expect(thrown?.status).toBe(302);
      expect(thrown?.headers.get("location")).toBe(resetExamPath("level-1"));
    }
  });

  it("is refused (403) to the organization team and to a district coordinator", async () => {
    for (const user of [orgTeam, district]) {
      api = stubApi({ "GET /api/user": signedInAs(user) });
      const { thrown } = await settle(async () => resetExamLoader(args(await appRequest(resetExamPath("level-1")))));
      expect(thrown?.status).toBe(403);
      api.restore();
    }
    api = undefined;
  });

  it("resets the level with the name typed, and passes a wrong name's field error on", async () => {
    const wrong = 'Type "Level 2" to confirm that every Level 2 result is deleted';
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/reset-exam": async (request) => {
        const body = (await request.json()) as { confirm: string };
        if (body.confirm !== "level 2") {
          return Response.json(
            { status: false, message: wrong, data: null, errors: [{ field: "confirm", message: wrong }] },
            { status: 422 },
          );
        }
        return Response.json(envelope({ ...summary, sheets: 0, uploads: 0 }, "Level 2 results of 2026-27 were reset."));
      },
    });
    const refused = await resetExamAction(
      args(await appRequest(resetExamPath("level-2"), { form: { level: "level-2", confirm: "Level two" } })),
    );
    expect(refused.init?.status).toBe(422);
    expect(refused.data).toEqual({
      ok: false,
      message: wrong,
      errors: [{ field: "confirm", message: wrong }],
      // Shown again on the plain-HTML page (decision 053).
      typed: { confirm: "Level two", withdraw: false },
    });
    const done = await resetExamAction(
      args(await appRequest(resetExamPath("level-2"), { form: { level: "level-2", confirm: "level 2" } })),
    );
    expect(done.data).toEqual({
      ok: true,
      message: "Level 2 results of 2026-27 were reset.",
      summary: { ...summary, sheets: 0, uploads: 0 },
    });
    expect(api.calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { level: "level-2", confirm: "Level two" },
      { level: "level-2", confirm: "level 2" },
    ]);
  });

  it("passes the ticked number of certificates on, and the API's refusal naming the count when it is not ticked", async () => {
    const unticked =
      'This reset withdraws 289 certificates, 40 of them already downloaded: their QR codes will answer "withdrawn" until the same results are stored again. Confirm that these certificates are withdrawn.';
    api = stubApi({
      "GET /api/user": signedInAs(admin),
      "POST /api/reset-exam": async (request) => {
        const body = (await request.json()) as { withdraw_certificates?: number };
        if (body.withdraw_certificates !== 289) {
          return Response.json(
            {
              status: false,
              message: unticked,
              data: null,
              errors: [{ field: "withdraw_certificates", message: unticked }],
            },
            { status: 422 },
          );
        }
        return Response.json(envelope({ ...summary, sheets: 0, certificates: 0 }, "Level 2 results were reset."));
      },
    });
    const refused = await resetExamAction(
      args(await appRequest(resetExamPath("level-2"), { form: { level: "level-2", confirm: "Level 2" } })),
    );
    expect(refused.init?.status).toBe(422);
    expect(refused.data.errors).toEqual([{ field: "withdraw_certificates", message: unticked }]);
    const done = await resetExamAction(
      args(
        await appRequest(resetExamPath("level-2"), {
          form: { level: "level-2", confirm: "Level 2", withdraw_certificates: "289" },
        }),
      ),
    );
    expect(done.data.ok).toBe(true);
    expect(api.calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { level: "level-2", confirm: "Level 2" },
      { level: "level-2", confirm: "Level 2", withdraw_certificates: 289 },
    ]);
  });

  it("refuses an unknown level before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(admin) });
    const refused = await resetExamAction(
      args(await appRequest(resetExamPath("level-1"), { form: { level: "level-9", confirm: "Level 9" } })),
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors?.[0]?.field).toBe("level");
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});
