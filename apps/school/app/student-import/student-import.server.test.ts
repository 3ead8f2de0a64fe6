import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { auth } from "@repo/remix-app/auth.server";
import { withPlainImport } from "@repo/remix-app/imports/server";
import { type ImportAnswer, PLAIN_IMPORT_ACTION } from "@repo/remix-app/imports/spreadsheet";
import {
  appRequest,
  CSRF,
  envelope,
  type StubbedApi,
  sessionCookie,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import { IMPORT_PATHS } from "./import-constants";
import {
  importErrorsLoader,
  importTemplateLoader,
  schoolImportAction,
  studentImportAction,
} from "./student-import.server";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const sheet = (bytes = 2048, name = "students.xlsx") => new File([new Uint8Array(bytes).fill(65)], name);

/** The upload as the panel sends it: multipart with the file, the mode and the CSRF token. */
async function upload(
  fields: { file?: File; mode?: string; csrf?: string; school_id?: string },
  path: string = IMPORT_PATHS.upload,
) {
  const body = new FormData();
  body.set("csrf", fields.csrf ?? CSRF);
  if (fields.school_id) body.set("school_id", fields.school_id);
  if (fields.mode !== undefined) body.set("mode", fields.mode);
  if (fields.file) body.set("file", fields.file, fields.file.name);
  return new Request(new URL(path, auth.appOrigin), {
    method: "POST",
    headers: { Cookie: await sessionCookie(), Origin: auth.appOrigin },
    body,
  });
}

const answerOf = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as ImportAnswer,
});

const preview = {
  format: "xlsx",
  sheet_name: "Students",
  encoding: null,
  separator: null,
  header_row: 1,
  columns: [{ key: "class_level", header: "Class", found: "Std", column: "C" }],
  total_rows: 5,
  bad_rows: 1,
  error_rows: [],
  rows: [
    {
      row: 2,
      values: { class_level: "XII" },
      student: null,
      errors: [{ field: "class_level", message: "Choose a class from VI to XI" }],
    },
  ],
  warnings: [],
};

describe("the spreadsheet upload", () => {
  it("forwards the file and the mode as multipart and answers the preview", async () => {
    let sent: FormData | undefined;
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/student/import": async (request) => {
        sent = await request.formData();
        return Response.json(envelope(preview, "Preview of the file; nothing was saved"));
      },
    });
    const result = await answerOf(await studentImportAction(args(await upload({ file: sheet(), mode: "preview" }))));
    expect(result).toEqual({
      status: 200,
      body: { ok: true, message: "Preview of the file; nothing was saved", preview, fileName: "students.xlsx" },
    });
    expect(sent?.get("mode")).toBe("preview");
    const file = sent?.get("file");
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe("students.xlsx");
    expect((file as File).size).toBe(2048);
    // The CSRF token stays in the app.
    expect(sent?.has("csrf")).toBe(false);
  });

  it("answers the job's id when an import starts", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/student/import": {
        status: 202,
        body: { status: true, message: "The import has started", data: { job_id: 41 } },
      },
    });
    const result = await answerOf(
      await studentImportAction(args(await upload({ file: sheet(), mode: "all-or-nothing" }))),
    );
    expect(result).toEqual({ status: 202, body: { ok: true, message: "The import has started", jobId: 41 } });
  });

  it("passes the API's 422 and 413 on as messages for the file input", async () => {
    const refusal = 'This file is not a spreadsheet. Upload the template filled in, saved as .xlsx, or as "CSV UTF-8".';
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/student/import": {
        status: 422,
        body: { status: false, message: refusal, data: null, errors: [{ field: "file", message: refusal }] },
      },
    });
    const result = await answerOf(
      await studentImportAction(args(await upload({ file: sheet(100, "photo.xlsx"), mode: "preview" }))),
    );
    expect(result).toEqual({
      status: 422,
      body: { ok: false, message: refusal, errors: [{ field: "file", message: refusal }] },
    });
  });

  it("refuses a file over 20 MB, an empty file or an unknown mode before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const big = await answerOf(
      await studentImportAction(args(await upload({ file: sheet(21 * 1024 * 1024), mode: "valid-rows" }))),
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(
      "The file is over 20 MB; at most 20 MB can be imported at once. Split it into smaller files.",
    );
    const empty = await answerOf(await studentImportAction(args(await upload({ file: sheet(0), mode: "preview" }))));
    expect(empty).toMatchObject({ status: 400, body: { message: "Choose the spreadsheet to upload (.xlsx or .csv)" } });
    const mode = await answerOf(await studentImportAction(args(await upload({ file: sheet(), mode: "everything" }))));
    expect(mode.status).toBe(400);
    expect(mode.body.errors?.[0]?.field).toBe("mode");
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user", "/api/user", "/api/user"]);
  });

  it("refuses a body larger than the limit by its length, without reading it or calling the API", async () => {
    api = stubApi({});
    const request = new Request(new URL(IMPORT_PATHS.upload, auth.appOrigin), {
      method: "POST",
      headers: { "Content-Length": String(40 * 1024 * 1024), "Content-Type": "multipart/form-data; boundary=x" },
      body: "--x--",
    });
    const result = await answerOf(await studentImportAction(args(request)));
    expect(result.status).toBe(413);
    expect(result.body.message).toMatch(/^The file is 40 MB; at most 20 MB/);
    expect(api.calls).toEqual([]);
  });

  it("answers an expired form in words, and refuses a student account", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const expired = await answerOf(
      await studentImportAction(args(await upload({ file: sheet(), mode: "preview", csrf: "old-token" }))),
    );
    expect(expired).toEqual({
      status: 403,
      body: { ok: false, message: "This form has expired. Reload the page and try again.", errors: [] },
    });
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const refused = await studentImportAction(args(await upload({ file: sheet(), mode: "preview" })));
    expect(refused.status).toBe(403);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("sends a master institute's upload, with the school it picked, to the institute's import", async () => {
    let sent: FormData | null = null;
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })),
      "POST /api/master-institute/student/import": async (request) => {
        sent = await request.formData();
        return Response.json({ status: true, message: "The import has started", data: { job_id: 8 } }, { status: 202 });
      },
    });
    const response = await studentImportAction(
      args(await upload({ file: sheet(), mode: "all-or-nothing", school_id: "12" })),
    );
    expect(await answerOf(response)).toEqual({
      status: 202,
      body: { ok: true, message: "The import has started", jobId: 8 },
    });
    expect((sent as FormData | null)?.get("school_id")).toBe("12");
  });

  it("sends a schools spreadsheet to the schools import", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 17, role_name: "Master Institute" })),
      "POST /api/master-institute/schools/import": () =>
        Response.json({ status: true, message: "The import has started", data: { job_id: 9 } }, { status: 202 }),
    });
    const response = await schoolImportAction(args(await upload({ file: sheet(), mode: "valid-rows" })));
    expect((await answerOf(response)).body).toMatchObject({ ok: true, jobId: 9 });
  });
});

describe("the downloads", () => {
  it("streams the template with the API's type and file name", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/student/import/template": () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: { "Content-Type": XLSX, "Content-Disposition": 'attachment; filename="students-template.xlsx"' },
        }),
    });
    const response = await importTemplateLoader(args(await appRequest(IMPORT_PATHS.template)));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(XLSX);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="students-template.xlsx"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([80, 75, 3, 4]);
  });

  it("streams an import's errors file, and says why when there is none", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/schools/student/import/7/errors": () =>
        new Response("xlsx bytes", {
          headers: {
            "Content-Type": XLSX,
            "Content-Disposition": 'attachment; filename="student-import-7-errors.xlsx"',
          },
        }),
      "GET /api/schools/student/import/8/errors": {
        status: 404,
        body: {
          status: false,
          message: "This import has no errors file: every row was accepted, or it has not finished.",
          data: null,
        },
      },
    });
    const found = await importErrorsLoader(args(await appRequest(IMPORT_PATHS.errors(7)), { job: "7" }));
    expect(found.headers.get("content-disposition")).toBe('attachment; filename="student-import-7-errors.xlsx"');
    expect(await found.text()).toBe("xlsx bytes");
    const missing = await importErrorsLoader(args(await appRequest(IMPORT_PATHS.errors(8)), { job: "8" }));
    expect(missing.status).toBe(404);
    // A page with the reason and a way home, not a dead end of bare text.
    expect(missing.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await missing.text();
    expect(page).toContain("<title>Not found</title>");
    expect(page).toContain("<p>This import has no errors file: every row was accepted, or it has not finished.</p>");
    expect(page).toContain('<a href="/">Go to the home page</a>');
    const bad = await importErrorsLoader(args(await appRequest("/student/import/x/errors"), { job: "x" }));
    expect(bad.status).toBe(404);
    expect(api.calls.map((c) => c.path)).toEqual([
      "/api/user",
      "/api/schools/student/import/7/errors",
      "/api/user",
      "/api/schools/student/import/8/errors",
      "/api/user",
    ]);
  });

  it("are refused (403) to an account that does not add students", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () => importTemplateLoader(args(await appRequest(IMPORT_PATHS.template))));
    expect(thrown?.status).toBe(403);
  });
});

describe("the Add page's import form posted without JavaScript (decision 053)", () => {
  const page = `/student/Add-students${PLAIN_IMPORT_ACTION}`;
  const pageForm = vi.fn(() => "the page's own form");
  const action = withPlainImport(studentImportAction, pageForm);
  type Answered = { data: { imported: ImportAnswer }; init: { status: number } };

  it("answers the preview, or why not, with the page", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/schools/student/import": () =>
        Response.json(envelope(preview, "Preview of the file; nothing was saved")),
    });
    const previewed = (await action(args(await upload({ file: sheet(), mode: "preview" }, page)))) as Answered;
    expect(previewed.init.status).toBe(200);
    expect(previewed.data.imported).toMatchObject({ ok: true, preview, fileName: "students.xlsx" });
    const refused = (await action(args(await upload({ mode: "preview" }, page)))) as Answered;
    expect(refused.init.status).toBe(400);
    expect(refused.data.imported).toMatchObject({ ok: false, errors: [{ field: "file" }] });
    expect(pageForm).not.toHaveBeenCalled();
  });

  it("follows a started import on the page (?job=), keeping its other parameters", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/master-institute/student/import": {
        status: 202,
        body: { status: true, message: "The import has started", data: { job_id: 41 } },
      },
    });
    const started = (await action(
      args(await upload({ file: sheet(), mode: "valid-rows", school_id: "7" }, `${page}&school=7`)),
    )) as Response;
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe("/student/Add-students?tab=spreadsheet&school=7&job=41");
  });

  it("leaves the page's other forms to the page's action", async () => {
    expect(await action(args(new Request(new URL("/student/Add-students", auth.appOrigin), { method: "POST" })))).toBe(
      "the page's own form",
    );
  });
});
