import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

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
  userRecord,
} from "@repo/remix-app/testing";
import { contentFileLoader, contentFilesAction, contentFilesLoader, listQueryFrom } from "./content-files.server";

const lms = userRecord({ role_id: 4, role_name: "LMS", username: "lms" });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
const PAGE = "/study-material/vvm-brochure-flipbook";
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

/** A multipart post of a content form, as the dialog sends it. */
async function multipart(path: string, fields: Record<string, string | string[]>, file?: File) {
  const body = new FormData();
  body.set("csrf", CSRF);
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  if (file) body.set("file", file);
  return new Request(new URL(path, auth.appOrigin), {
    method: "POST",
    headers: { Cookie: await sessionCookie(), Origin: auth.appOrigin },
    body,
  });
}

describe("the list query a content page sends", () => {
  it("takes paging, search and only its collection's filters from the URL", () => {
    const params = new URLSearchParams("page=2&search=vvm&language=hi&class_level=8&is_published=false");
    expect(listQueryFrom("brochure-flipbook", params)).toEqual({
      page: "2",
      per_page: "10",
      search: "vvm",
      language: "hi",
      is_published: "false",
    });
    expect(listQueryFrom("study-material", params).class_level).toBe("8");
  });
});

describe("the content list loader", () => {
  it("loads the page of items", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/brochure-flipbooks": {
        body: envelope({ items: [{ id: 3, title: "Flip" }], page: 1, per_page: 10, total: 1, last_page: 1 }),
      },
    });
    const data = await contentFilesLoader("brochure-flipbook", args(await appRequest(`${PAGE}?language=en`)));
    expect(data.rows).toEqual([{ id: 3, title: "Flip" }]);
    expect(data.failure).toBeNull();
  });

  it("shows an empty list and the API's message when the list cannot be loaded", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/study-materials": { status: 503, body: { status: false, message: "Database unavailable", data: null } },
    });
    const data = await contentFilesLoader("study-material", args(await appRequest("/study-material/study-material")));
    expect(data).toMatchObject({ rows: [], total: 0, failure: "Database unavailable" });
  });

  it("is refused (403) to a coordinator without content.manage", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 8, role_name: "Zonal Coordinator" })) });
    const { thrown } = await settle(async () => contentFilesLoader("brochure-flipbook", args(await appRequest(PAGE))));
    expect(thrown?.status).toBe(403);
  });
});

describe("the content action", () => {
  it("forwards the fields and the PDF to the API as multipart", async () => {
    let sent: FormData | undefined;
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/brochure-flipbooks": async (request) => {
        sent = await request.formData();
        return Response.json(envelope({ id: 9 }, "Flipbook created successfully"));
      },
    });
    const pdf = new File(["%PDF-1.7 test"], "flip.pdf", { type: "application/pdf" });
    const request = await multipart(
      PAGE,
      { intent: "create", title: "VVM Flipbook", language: "hi", is_published: "true" },
      pdf,
    );
    const result = await contentFilesAction("brochure-flipbook", args(request));
    expect(result.data).toEqual({ ok: true, message: "Flipbook created successfully" });
    expect(sent?.get("title")).toBe("VVM Flipbook");
    expect(sent?.get("language")).toBe("hi");
    expect(sent?.get("csrf")).toBeNull();
    const file = sent?.get("file");
    expect(file instanceof File ? await file.text() : file).toBe("%PDF-1.7 test");
  });

  it("sends each chosen language of a study material and updates the one named by id", async () => {
    let sent: FormData | undefined;
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/study-materials/update/4": async (request) => {
        sent = await request.formData();
        return Response.json(envelope({ id: 4 }, "Study material updated successfully"));
      },
    });
    const fields = {
      intent: "update",
      id: "4",
      title: "Practice set",
      exam_level: "mock",
      languages: ["en", "ta"],
      is_free: "false",
      price_minor: "14900",
      link: "https://example.org/set",
    };
    const result = await contentFilesAction(
      "study-material",
      args(await multipart("/study-material/study-material", fields)),
    );
    expect(result.data?.ok).toBe(true);
    expect(sent?.getAll("languages")).toEqual(["en", "ta"]);
    expect(sent?.get("price_minor")).toBe("14900");
  });

  it("answers the fields' messages without calling the API when the form is wrong", async () => {
    api = stubApi({ "GET /api/user": signedInAs(lms) });
    const request = await multipart(PAGE, { intent: "create", title: "x", language: "" });
    const result = await contentFilesAction("brochure-flipbook", args(request));
    expect(result.init?.status).toBe(400);
    expect(result.data?.errors?.map((e) => e.field)).toEqual(["title", "language"]);
    expect(api.calls.map((c) => c.path)).toEqual(["/api/user"]);
  });

  it("passes the API's refusal of a file on, with its field message", async () => {
    const message =
      "The flipbook can have at most 200 pages; this PDF has 300. Split it into parts of up to 200 pages.";
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "POST /api/brochure-flipbooks": {
        status: 422,
        body: { status: false, message, data: null, errors: [{ field: "file", message }] },
      },
    });
    const pdf = new File(["%PDF-1.7"], "long.pdf");
    const request = await multipart(PAGE, { intent: "create", title: "Long one", language: "en" }, pdf);
    const result = await contentFilesAction("brochure-flipbook", args(request));
    expect(result.init?.status).toBe(422);
    expect(result.data?.errors).toEqual([{ field: "file", message }]);
  });

  it("deletes the item named by id", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "DELETE /api/brochure-downloads/5": { body: envelope(null, "Brochure deleted successfully") },
    });
    const request = await appRequest("/study-material/vvm-brochure-download", { form: { intent: "delete", id: "5" } });
    const result = await contentFilesAction("brochure-download", args(request));
    expect(result.data).toEqual({ ok: true, message: "Brochure deleted successfully" });
  });

  it("refuses a coordinator without content.manage", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 8, role_name: "Zonal Coordinator" })) });
    const request = await appRequest(PAGE, { form: { intent: "delete", id: "5" } });
    const { thrown } = await settle(async () => contentFilesAction("brochure-flipbook", args(request)));
    expect(thrown?.status).toBe(403);
  });
});

describe("an item's file for editors", () => {
  it("streams the API's PDF with its headers", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/brochure-downloads/file/5": () =>
        new Response("%PDF-1.7", {
          headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="b.pdf"' },
        }),
    });
    const response = await contentFileLoader(
      "brochure-download",
      args(await appRequest("/content-files/brochure-download/5"), { id: "5" }),
    );
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="b.pdf"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe("%PDF-1.7");
  });

  it("answers a missing file with a plain 404", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(lms),
      "GET /api/study-materials/file/6": { status: 404, body: { status: false, message: "not found", data: null } },
    });
    const response = await contentFileLoader(
      "study-material",
      args(await appRequest("/content-files/study-material/6"), { id: "6" }),
    );
    expect(response.status).toBe(404);
  });
});
