import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { appRequest, type StubbedApi, signedInAs, stubApi } from "../testing/harness";
import { exportPath } from "./export-path";
import { exportAction } from "./exports.server";

const CSV = "text/csv; charset=utf-8";
const args = (request: Request, kind = "students") => ({ request, context: {}, params: { kind } });
const post = (form: Record<string, string>, kind = "students") => appRequest(exportPath(kind), { form });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the export route", () => {
  it("sends the list's filters and format to the API and streams the file back", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/export/students": () =>
        new Response("\uFEFFStudent id,First name\n1,Asha\n", {
          headers: { "Content-Type": CSV, "Content-Disposition": 'attachment; filename="students-2026-01-15.csv"' },
        }),
    });
    const response = await exportAction(
      args(await post({ format: "csv", filters: JSON.stringify({ class_level: 8, search: "asha" }) })),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(CSV);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="students-2026-01-15.csv"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // The bytes as the API wrote them, the BOM for Excel included (text() would drop it).
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe("Student id,First name\n1,Asha\n");
    const call = api.calls.find((c) => c.path.startsWith("/api/export/"));
    expect(call).toEqual({
      method: "POST",
      path: "/api/export/students?format=csv",
      body: { class_level: 8, search: "asha" },
    });
  });

  it("exports XLSX unless CSV is asked for", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/export/students": () => new Response("x", { headers: { "Content-Disposition": "attachment" } }),
    });
    await exportAction(args(await post({ format: "pdf", filters: "{}" })));
    expect(api.calls.at(-1)?.path).toBe("/api/export/students?format=xlsx");
  });

  it("answers the API's refusal as JSON with its message and status, for the Export Failed dialog", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "POST /api/export/nothing": {
        status: 404,
        body: { status: false, message: 'There is no export called "nothing"', data: null },
      },
    });
    const response = await exportAction(args(await post({ format: "xlsx", filters: "{}" }, "nothing"), "nothing"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: false, message: 'There is no export called "nothing"' });
  });

  it("refuses unreadable filters and an expired form in words, without calling the export", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const filters = await exportAction(args(await post({ format: "csv", filters: "{class" })));
    expect(filters.status).toBe(400);
    expect((await filters.json()).message).toBe("The list's filters could not be read. Reload the page and try again.");
    // JSON that is not an object of filters is refused the same way.
    const list = await exportAction(args(await post({ format: "csv", filters: "[1,2]" })));
    expect(list.status).toBe(400);
    const expired = await exportAction(args(await post({ format: "csv", filters: "{}", csrf: "old" })));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({
      status: false,
      message: "This form has expired. Reload the page and try again.",
    });
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user", "/api/user", "/api/user"]);
  });
});
