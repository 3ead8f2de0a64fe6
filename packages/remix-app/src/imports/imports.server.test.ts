import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { auth } from "../auth.server";
import { appRequest, CSRF, type StubbedApi, signedInAs, stubApi } from "../testing/harness";
import { forwardImportUpload, streamImportErrors, streamImportTemplate } from "./imports.server";
import type { ImportAnswer } from "./spreadsheet";

// The import endpoints themselves are stood in for by `post` and `get`: each app's tests call its own.
const PATH = "/things/import/upload";
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

/** A signed-in multipart POST of `fields` (and the CSRF token) to the upload route. */
async function multipartPost(fields: Record<string, string | File>) {
  const signedIn = await appRequest(PATH, { form: {} });
  const body = new FormData();
  for (const [name, value] of Object.entries({ csrf: CSRF, ...fields })) body.set(name, value);
  const headers = { Cookie: signedIn.headers.get("Cookie") ?? "", Origin: auth.appOrigin };
  return { request: new Request(signedIn.url, { method: "POST", headers, body }), context: {}, params: {} };
}

const read = async (response: Response) => [response.status, (await response.json()) as ImportAnswer] as const;
const spreadsheet = new File(["First name\nAsha\n"], "students.csv");
const started = (status: number, body: unknown) => ({ data: body as never, response: new Response(null, { status }) });

/** The message of a refused download's page. */
const said = (page: string) => /<p>(.*?)<\/p>/.exec(page)?.[1];

describe("forwardImportUpload", () => {
  it("gives `post` only the file and the mode, with the upload's own form for its other fields", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const post = vi.fn(async () => started(202, { message: "The import has started", data: { job_id: 5 } }));
    const response = await forwardImportUpload(
      await multipartPost({ file: spreadsheet, mode: "all-or-nothing", school_id: "12" }),
      { permission: "students.add", maxBytes: 1024, post },
    );
    expect(await read(response)).toEqual([202, { ok: true, message: "The import has started", jobId: 5 }]);
    const [, body, form] = post.mock.calls[0] as unknown as [unknown, FormData, FormData];
    expect([...body.keys()]).toEqual(["file", "mode"]);
    expect(form.get("school_id")).toBe("12");
  });

  it("passes the API's refusal on with its status, naming the file unless the API names fields", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const refuse = (errors?: { field: string; message: string }[]) => async () => ({
      error: { message: "Not a spreadsheet", errors },
      response: new Response(null, { status: 422 }),
    });
    const fields = { file: spreadsheet, mode: "preview" };
    const named = await forwardImportUpload(await multipartPost(fields), {
      permission: "students.add",
      maxBytes: 1024,
      post: refuse([{ field: "mode", message: "Not a spreadsheet" }]),
    });
    expect((await read(named))[1].errors).toEqual([{ field: "mode", message: "Not a spreadsheet" }]);
    const plain = await forwardImportUpload(await multipartPost(fields), {
      permission: "students.add",
      maxBytes: 1024,
      post: refuse(),
    });
    expect(await read(plain)).toEqual([
      422,
      { ok: false, message: "Not a spreadsheet", errors: [{ field: "file", message: "Not a spreadsheet" }] },
    ]);
  });

  it("refuses a file over this import's limit before `post`", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const post = vi.fn();
    const response = await forwardImportUpload(await multipartPost({ file: spreadsheet, mode: "valid-rows" }), {
      permission: "students.add",
      maxBytes: 8,
      post,
    });
    expect((await read(response))[0]).toBe(413);
    expect(post).not.toHaveBeenCalled();
  });
});

describe("the import's downloads", () => {
  const loader = async (path: string, job?: string) => ({
    request: await appRequest(path),
    context: {},
    params: job === undefined ? {} : { job },
  });

  it("stream the API's file, or say on a page why there is none", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const file = new Response("xlsx", { headers: { "Content-Disposition": 'attachment; filename="t.xlsx"' } });
    const template = await streamImportTemplate(await loader("/t"), "students.add", async () => ({
      data: {},
      response: file,
    }));
    expect(template.headers.get("content-disposition")).toBe('attachment; filename="t.xlsx"');
    expect(await template.text()).toBe("xlsx");
    const missing = await streamImportErrors(await loader("/e", "4"), "students.add", async (_api, jobId) => ({
      error: { message: `Import ${jobId} has no errors file.` },
      response: new Response(null, { status: 404 }),
    }));
    expect([missing.status, said(await missing.text())]).toEqual([404, "Import 4 has no errors file."]);
  });

  it("do not ask the API for an import that is not a number", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const get = vi.fn();
    const response = await streamImportErrors(await loader("/e", "x"), "students.add", get);
    expect([response.status, said(await response.text())]).toEqual([404, "There is no such import."]);
    expect(get).not.toHaveBeenCalled();
  });
});
