import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

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
  brochuresLoader,
  buyStudyMaterialAction,
  flipbooksLoader,
  readerFileLoader,
  studyMaterialsLoader,
  studyQueryFrom,
} from "./study-material.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
const page = <const T>(items: readonly T[]) =>
  envelope({ items, page: 1, per_page: 10, total: items.length, last_page: 1 });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("the study material lists", () => {
  it("asks for free items on study-material and items for sale on buy-study-material, by class and language", () => {
    const params = new URLSearchParams("class_level=8&language=hi&search=maths&exam_level=mock");
    expect(studyQueryFrom(params, false)).toEqual({
      page: "1",
      per_page: "10",
      is_free: "true",
      search: "maths",
      class_level: "8",
      language: "hi",
    });
    expect(studyQueryFrom(params, true).is_free).toBe("false");
  });

  it("loads the page of study material", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/study-materials": { body: page([{ id: 1, title: "Set" }]) },
    });
    const data = await studyMaterialsLoader(
      false,
      args(await appRequest("/study-material/study-material?class_level=8")),
    );
    expect(data).toMatchObject({ rows: [{ id: 1, title: "Set" }], total: 1, failure: null });
  });

  it("is refused (403) to a student, the brochures being the schools' (decision 025), and answers a failed list with its message", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 1, role_name: "Student" })) });
    const { thrown } = await settle(async () =>
      brochuresLoader(args(await appRequest("/study-material/vvm-brochure-download"))),
    );
    expect(thrown?.status).toBe(403);
    api.restore();
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/brochure-downloads": { status: 503, body: { status: false, message: "Try later", data: null } },
    });
    const data = await brochuresLoader(args(await appRequest("/study-material/vvm-brochure-download")));
    expect(data.failure).toBe("Try later");
  });
});

describe("the flipbook page", () => {
  const books = [
    { id: 4, title: "Newest" },
    { id: 2, title: "Older" },
  ];
  it("opens the flipbook named by id, else the newest", async () => {
    api = stubApi({ "GET /api/user": signedInAs(), "GET /api/brochure-flipbooks": { body: page(books) } });
    const chosen = await flipbooksLoader(args(await appRequest("/study-material/vvm-brochure-flipbook?id=2")));
    expect(chosen.open).toEqual({ id: 2, title: "Older" });
    const first = await flipbooksLoader(args(await appRequest("/study-material/vvm-brochure-flipbook?id=99")));
    expect(first.open).toEqual({ id: 4, title: "Newest" });
  });
});

describe("a reader's file", () => {
  it("streams the PDF, asking the API for a download when the link says so", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/brochure-downloads/file/5": (request) =>
        new Response(`%PDF ${new URL(request.url).searchParams.get("download")}`, {
          headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="b.pdf"' },
        }),
    });
    const response = await readerFileLoader(
      args(await appRequest("/study-material/file/brochure-download/5?download=1"), {
        kind: "brochure-download",
        id: "5",
      }),
    );
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(await response.text()).toBe("%PDF 1");
  });

  it("passes on why a priced material does not open, and answers unknown kinds with 404", async () => {
    const message = "This study material is for sale: it opens once bought, from Buy Study Material.";
    api = stubApi({
      "GET /api/user": signedInAs(),
      "GET /api/study-materials/file/7": { status: 403, body: { status: false, message, data: null } },
    });
    const priced = await readerFileLoader(
      args(await appRequest("/study-material/file/study-material/7"), { kind: "study-material", id: "7" }),
    );
    expect(priced.status).toBe(403);
    const page = await priced.text();
    expect(page).toContain("<title>Not available to you</title>");
    expect(page).toContain(`<p>${message}</p>`);
    const unknown = await readerFileLoader(args(await appRequest("/study-material/file/x/7"), { kind: "x", id: "7" }));
    expect(unknown.status).toBe(404);
  });
});

describe("buying study material", () => {
  it("sends the ticked materials as one order and opens its checkout; a refusal comes back as it is", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 2, role_name: "School" })),
      "POST /api/buy-study-materials/create-payment": (request) =>
        request
          .clone()
          .json()
          .then((body: { study_material_ids: number[] }) =>
            body.study_material_ids.includes(9)
              ? Response.json(
                  {
                    status: false,
                    message: "This cart cannot be bought: you have already bought “Set 9”.",
                    data: null,
                  },
                  { status: 409 },
                )
              : Response.json(envelope({ order_id: 77, reference: "ORD-000077" }, "Order created")),
          ),
    });
    const started = await buyStudyMaterialAction(
      args(await appRequest("/study-material/buy-study-material", { form: { study_material_ids: "3,5,x" } })),
    );
    expect(started).toBeInstanceOf(Response);
    expect((started as Response).headers.get("Location")).toBe("/payment/checkout/77");
    const sent = api.calls.find((c) => c.path === "/api/buy-study-materials/create-payment");
    expect(sent?.body).toEqual({ study_material_ids: [3, 5] });

    const refused = await buyStudyMaterialAction(
      args(await appRequest("/study-material/buy-study-material", { form: { study_material_ids: "9" } })),
    );
    expect(refused).not.toBeInstanceOf(Response);
    expect((refused as { init: { status: number } }).init.status).toBe(409);
    expect((refused as { data: { message: string } }).data.message).toContain("already bought");
  });
});
