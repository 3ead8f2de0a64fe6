import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { pagePath } from "@repo/auth/menus";
import { auth } from "@repo/remix-app/auth.server";
import type { ImportAnswer } from "@repo/remix-app/imports/spreadsheet";
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
import {
  studentImportErrorsLoader,
  studentImportLoader,
  studentImportTemplateLoader,
  studentImportUploadAction,
} from "./student-import.server";
import { BULK_IMPORT_PATHS } from "./student-import-paths";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PAGE = pagePath("coordinator", "student-import");
const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

/** The demo GCC state coordinator, and the state coordinator outside GCC. */
const gccState = userRecord({ id: 30, role_id: 9, role_name: "State Coordinator", username: "gccstate", zone: "GCC" });
const indiaState = userRecord({ id: 31, role_id: 9, role_name: "State Coordinator", username: "state", zone: "W" });

const sheet = (bytes = 2048, name = "students.xlsx") => new File([new Uint8Array(bytes).fill(65)], name);

/** The upload as the dialog sends it: multipart with the file, the mode and the CSRF token. */
async function upload(fields: { file?: File; mode?: string; csrf?: string }) {
  const body = new FormData();
  body.set("csrf", fields.csrf ?? CSRF);
  if (fields.mode !== undefined) body.set("mode", fields.mode);
  if (fields.file) body.set("file", fields.file, fields.file.name);
  return new Request(new URL(BULK_IMPORT_PATHS.upload, auth.appOrigin), {
    method: "POST",
    headers: { Cookie: await sessionCookie(), Origin: auth.appOrigin },
    body,
  });
}

const answerOf = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as ImportAnswer,
});

const overview = {
  regions: ["United Arab Emirates"],
  schools: 12,
  imports: [
    {
      job_id: 41,
      file_name: "uae.xlsx",
      mode: "valid-rows",
      status: "done",
      created_at: "2026-11-20T10:00:00.000Z",
      finished_at: "2026-11-20T10:00:02.000Z",
      result: {
        mode: "valid-rows",
        total_rows: 3,
        inserted: 2,
        already_registered: 0,
        bad_rows: 1,
        error_rows: [],
        schools: 2,
        errors_file_id: "0b0c7c0e-8c47-4ac1-9d32-4c5a3b1f1a11",
        errors: [{ row: 3, message: "School code: No school with the code VVM1001 in your region" }],
        warnings: [],
        message: "2 students added to 2 schools, 1 row not saved (see the errors file).",
      },
      error: null,
    },
  ],
};

describe("the page", () => {
  it("lives below the page's own address", () => {
    expect(PAGE).toBe("/region-masters/states-coordinators/student-import");
    expect(BULK_IMPORT_PATHS.template).toBe(`${PAGE}/template`);
    expect(BULK_IMPORT_PATHS.upload).toBe(`${PAGE}/upload`);
    expect(BULK_IMPORT_PATHS.errors(7)).toBe(`${PAGE}/7/errors`);
  });

  it("gives a GCC state coordinator its region, its last imports and the students list", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(gccState),
      "GET /api/coordinator/student/import/overview": { body: envelope(overview) },
    });
    const data = await studentImportLoader(args(await appRequest(PAGE)));
    expect(data).toEqual({
      csrf: CSRF,
      overview,
      failure: null,
      studentsPath: pagePath("coordinator", "total-students"),
    });
  });

  it("still opens, saying so, when the imports cannot be read", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(gccState),
      "GET /api/coordinator/student/import/overview": {
        status: 500,
        body: { status: false, message: "Something went wrong on our side", data: null },
      },
    });
    const data = await studentImportLoader(args(await appRequest(PAGE)));
    expect(data).toMatchObject({ overview: null, failure: "Something went wrong on our side" });
  });

  it("is refused (403) to a state coordinator outside GCC and to a district coordinator, without calling the API", async () => {
    for (const user of [indiaState, userRecord({ role_id: 11, role_name: "District Coordinator", zone: "GCC" })]) {
      api = stubApi({ "GET /api/user": signedInAs(user) });
      const { thrown } = await settle(async () => studentImportLoader(args(await appRequest(PAGE))));
      expect(thrown?.status).toBe(403);
      expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
      api.restore();
    }
    api = undefined;
  });
});

describe("the spreadsheet upload", () => {
  it("forwards the file and the mode as multipart, and answers the preview", async () => {
    let sent: FormData | undefined;
    const preview = {
      format: "xlsx",
      sheet_name: "Students",
      encoding: null,
      separator: null,
      header_row: 1,
      columns: [{ key: "school_code", header: "School code", found: "School code", column: "A" }],
      total_rows: 1,
      bad_rows: 1,
      rows: [
        {
          row: 2,
          values: { school_code: "VVM1001" },
          student: null,
          errors: [{ field: "school_code", message: "No school with the code VVM1001 in your region" }],
        },
      ],
      warnings: [],
    };
    api = stubApi({
      "GET /api/user": signedInAs(gccState),
      "POST /api/coordinator/student/import": async (request) => {
        sent = await request.formData();
        return Response.json(envelope(preview, "Preview of the file; nothing was saved"));
      },
    });
    const result = await answerOf(
      await studentImportUploadAction(args(await upload({ file: sheet(), mode: "preview" }))),
    );
    expect(result).toEqual({
      status: 200,
      // The file's name comes back too: a page without JavaScript shows it with the preview (decision 053).
      body: { ok: true, message: "Preview of the file; nothing was saved", preview, fileName: "students.xlsx" },
    });
    expect(sent?.get("mode")).toBe("preview");
    const file = sent?.get("file");
    expect(file).toBeInstanceOf(File);
    expect(file instanceof File ? [file.name, file.size] : null).toEqual(["students.xlsx", 2048]);
    // The CSRF token stays in the app.
    expect(sent?.has("csrf")).toBe(false);
  });

  it("answers the job's id when an import starts", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(gccState),
      "POST /api/coordinator/student/import": {
        status: 202,
        body: { status: true, message: "The import has started", data: { job_id: 42 } },
      },
    });
    const result = await answerOf(
      await studentImportUploadAction(args(await upload({ file: sheet(), mode: "all-or-nothing" }))),
    );
    expect(result).toEqual({ status: 202, body: { ok: true, message: "The import has started", jobId: 42 } });
  });

  it("passes the API's 422 on as the file input's message", async () => {
    const refusal =
      'The file has no column "School code". Use the header row of the template; columns may be in any order.';
    api = stubApi({
      "GET /api/user": signedInAs(gccState),
      "POST /api/coordinator/student/import": {
        status: 422,
        body: { status: false, message: refusal, data: null, errors: [{ field: "file", message: refusal }] },
      },
    });
    const result = await answerOf(
      await studentImportUploadAction(args(await upload({ file: sheet(), mode: "preview" }))),
    );
    expect(result).toEqual({
      status: 422,
      body: { ok: false, message: refusal, errors: [{ field: "file", message: refusal }] },
    });
  });

  it("refuses a file over 20 MB, an empty file or an unknown mode before calling the API", async () => {
    api = stubApi({ "GET /api/user": signedInAs(gccState) });
    const big = await answerOf(
      await studentImportUploadAction(args(await upload({ file: sheet(21 * 1024 * 1024), mode: "valid-rows" }))),
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(
      "The file is over 20 MB; at most 20 MB can be imported at once. Split it into smaller files.",
    );
    const empty = await answerOf(
      await studentImportUploadAction(args(await upload({ file: sheet(0), mode: "preview" }))),
    );
    expect(empty).toMatchObject({ status: 400, body: { message: "Choose the spreadsheet to upload (.xlsx or .csv)" } });
    const mode = await answerOf(await studentImportUploadAction(args(await upload({ file: sheet(), mode: "all" }))));
    expect(mode.status).toBe(400);
    expect(mode.body.errors?.[0]?.field).toBe("mode");
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user", "/api/user", "/api/user"]);
  });

  it("answers an expired form and a coordinator without the permission in words (403)", async () => {
    api = stubApi({ "GET /api/user": signedInAs(gccState) });
    const expired = await answerOf(
      await studentImportUploadAction(args(await upload({ file: sheet(), mode: "preview", csrf: "old-token" }))),
    );
    expect(expired).toEqual({
      status: 403,
      body: { ok: false, message: "This form has expired. Reload the page and try again.", errors: [] },
    });
    api.restore();
    api = stubApi({ "GET /api/user": signedInAs(indiaState) });
    const refused = await answerOf(
      await studentImportUploadAction(args(await upload({ file: sheet(), mode: "all-or-nothing" }))),
    );
    expect(refused).toEqual({
      status: 403,
      body: { ok: false, message: "You do not have permission to open this page.", errors: [] },
    });
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });
});

describe("the downloads", () => {
  it("streams the template with the API's type and file name", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(gccState),
      "GET /api/coordinator/student/import/template": () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            "Content-Type": XLSX,
            "Content-Disposition": 'attachment; filename="bulk-students-template.xlsx"',
          },
        }),
    });
    const response = await studentImportTemplateLoader(args(await appRequest(BULK_IMPORT_PATHS.template)));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(XLSX);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="bulk-students-template.xlsx"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([80, 75, 3, 4]);
  });

  it("streams an import's errors file, and says why when there is none", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(gccState),
      "GET /api/coordinator/student/import/7/errors": () =>
        new Response("xlsx bytes", {
          headers: {
            "Content-Type": XLSX,
            "Content-Disposition": 'attachment; filename="bulk-student-import-7-errors.xlsx"',
          },
        }),
      "GET /api/coordinator/student/import/8/errors": {
        status: 404,
        body: {
          status: false,
          message: "This import has no errors file: every row was accepted, or it has not finished.",
          data: null,
        },
      },
    });
    const found = await studentImportErrorsLoader(args(await appRequest(BULK_IMPORT_PATHS.errors(7)), { job: "7" }));
    expect(found.headers.get("content-disposition")).toBe('attachment; filename="bulk-student-import-7-errors.xlsx"');
    expect(await found.text()).toBe("xlsx bytes");
    const missing = await studentImportErrorsLoader(args(await appRequest(BULK_IMPORT_PATHS.errors(8)), { job: "8" }));
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await missing.text()).toContain(
      "<p>This import has no errors file: every row was accepted, or it has not finished.</p>",
    );
    const bad = await studentImportErrorsLoader(args(await appRequest(`${PAGE}/x/errors`), { job: "x" }));
    expect(bad.status).toBe(404);
    expect(api.calls.map((c) => c.path)).toEqual([
      "/api/user",
      "/api/coordinator/student/import/7/errors",
      "/api/user",
      "/api/coordinator/student/import/8/errors",
      "/api/user",
    ]);
  });

  it("are refused (403) to a state coordinator outside GCC", async () => {
    api = stubApi({ "GET /api/user": signedInAs(indiaState) });
    const { thrown } = await settle(async () =>
      studentImportTemplateLoader(args(await appRequest(BULK_IMPORT_PATHS.template))),
    );
    expect(thrown?.status).toBe(403);
  });
});
