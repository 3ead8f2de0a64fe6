import { readFileSync } from "node:fs";
import { FLIPBOOK_MAX_PAGES } from "@repo/contracts/content-constants";
import { activityLog } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokenPdf, encryptedPdf, pdfWithJavaScript, pdfWithPages } from "./pdfs";
import { startTestApi, type TestApi } from "./support";

const PNG = readFileSync(new URL("../../../e2e/fixtures/photo.png", import.meta.url));

/** A multipart body from fields and an optional file. */
function form(fields: Record<string, string | string[]>, file?: { bytes: Uint8Array<ArrayBuffer>; name: string }) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  }
  if (file) body.set("file", new File([file.bytes], file.name));
  return body;
}

for (const driver of testDrivers()) {
  describe(`content with files on ${driver}`, () => {
    let api: TestApi;
    let lms: string;
    let admin: string;
    let subadmin: string;
    let school: string;
    let student: string;
    let zonal: string;
    let pdf3: Uint8Array<ArrayBuffer>;
    beforeAll(async () => {
      api = await startTestApi(driver);
      lms = await api.login("lms", "coordinator");
      admin = await api.login("admin", "coordinator");
      subadmin = await api.login("subadmin", "coordinator");
      school = await api.login("school");
      student = await api.login("student");
      zonal = await api.login("zonal", "coordinator");
      pdf3 = await pdfWithPages(3);
    });
    afterAll(async () => {
      await api?.close();
    });

    const post = (path: string, body: FormData, token = lms) => api.call("POST", path, { token, body });
    const get = (path: string, token = lms) => api.call("GET", path, { token });
    const brochure = (title: string, published = "true") => form({ title, language: "hi", is_published: published });

    describe("brochure downloads", () => {
      it("creates, lists, reads, updates and deletes, logging each change", async () => {
        const created = await post(
          "/api/brochure-downloads",
          form(
            { title: "VVM Brochure 2026", language: "en", is_published: "true" },
            { bytes: pdf3, name: "brochure.pdf" },
          ),
        );
        expect(created.status).toBe(200);
        expect(created.body.message).toBe("Brochure created successfully");
        const id = created.body.data.id as number;
        expect(created.body.data).toMatchObject({
          title: "VVM Brochure 2026",
          language: "en",
          is_published: true,
          file: { name: "brochure.pdf", mime: "application/pdf", pages: 3, size: pdf3.byteLength },
        });

        const list = await get("/api/brochure-downloads?search=vvm", school);
        expect(list.body.data.items.map((b: { id: number }) => b.id)).toContain(id);

        const file = await get(`/api/brochure-downloads/file/${id}`, school);
        expect(file.status).toBe(200);
        expect(file.headers.get("content-type")).toBe("application/pdf");
        expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="brochure.pdf"/);
        expect(file.headers.get("x-content-type-options")).toBe("nosniff");
        expect(new Uint8Array(file.body)).toEqual(new Uint8Array(pdf3));

        const updated = await post(
          `/api/brochure-downloads/update/${id}`,
          form({ title: "VVM Brochure", language: "ta" }),
        );
        expect(updated.body.data).toMatchObject({ title: "VVM Brochure", language: "ta", is_published: false });
        expect(updated.body.data.file.pages).toBe(3);
        // Unpublished: hidden from readers (404, not 403), still there for editors.
        expect((await get(`/api/brochure-downloads/${id}`, school)).status).toBe(404);
        expect((await get(`/api/brochure-downloads/file/${id}`, school)).status).toBe(404);
        expect((await get(`/api/brochure-downloads/${id}`, admin)).status).toBe(200);

        const removed = await api.call("DELETE", `/api/brochure-downloads/${id}`, { token: subadmin });
        expect(removed.status).toBe(200);
        expect((await get(`/api/brochure-downloads/${id}`)).status).toBe(404);
        const log = await api.db
          .select({ action: activityLog.action })
          .from(activityLog)
          .where(eq(activityLog.entityId, String(id)))
          .orderBy(desc(activityLog.id));
        expect(log.map((l) => l.action).slice(0, 3)).toEqual([
          "brochure-download.delete",
          "brochure-download.update",
          "brochure-download.create",
        ]);
      });

      it("requires the file on create and names the field", async () => {
        const result = await post("/api/brochure-downloads", brochure("No file here"));
        expect(result.status).toBe(422);
        expect(result.body.errors).toEqual([
          { field: "file", message: "The brochure is required: choose a PDF to upload" },
        ]);
      });

      it("refuses a PNG renamed to .pdf by its content", async () => {
        const result = await post("/api/brochure-downloads", brochure("Renamed"), undefined);
        expect(result.status).toBe(422);
        const renamed = await post(
          "/api/brochure-downloads",
          form({ title: "Renamed", language: "en" }, { bytes: PNG, name: "brochure.pdf" }),
        );
        expect(renamed.status).toBe(422);
        expect(renamed.body.errors).toEqual([
          { field: "file", message: "The brochure must be a PDF; this file is a PNG image." },
        ]);
      });

      it("refuses an oversized file with 413", async () => {
        // Refused while the upload streams in, once it passes the brochure's limit (decision 027).
        const big = new Uint8Array(26 * 1024 * 1024);
        big.set(pdf3);
        const result = await post(
          "/api/brochure-downloads",
          form({ title: "Huge", language: "en" }, { bytes: big, name: "big.pdf" }),
        );
        expect(result.status).toBe(413);
        expect(result.body.errors).toEqual([
          { field: "file", message: "The brochure can be at most 25 MB. Upload a smaller file." },
        ]);
        // Just past the limit the form is read whole, and the answer gives both sizes.
        const over = new Uint8Array(25 * 1024 * 1024 + 10 * 1024);
        over.set(pdf3);
        const slightly = await post(
          "/api/brochure-downloads",
          form({ title: "Huge", language: "en" }, { bytes: over, name: "big.pdf" }),
        );
        expect(slightly.status).toBe(413);
        expect(slightly.body.errors[0].message).toBe(
          "The brochure can be at most 25 MB; this file is 25 MB. Upload a smaller file.",
        );
      });

      it("refuses PDFs with JavaScript, encrypted PDFs and broken PDFs, each with its message", async () => {
        const cases = [
          [await pdfWithJavaScript(), /contains active content \(\/JavaScript|contains active content \(\/JS/],
          [await encryptedPdf(), /password-protected \(encrypted\) PDF/],
          [brokenPdf(), /could not be read as a PDF|has no pages that can be read/],
        ] as const;
        for (const [bytes, message] of cases) {
          const result = await post(
            "/api/brochure-downloads",
            form({ title: "Bad", language: "en" }, { bytes, name: "x.pdf" }),
          );
          expect(result.status).toBe(422);
          expect(result.body.errors[0].field).toBe("file");
          expect(result.body.errors[0].message).toMatch(message);
        }
      });

      it("validates the fields with per-field messages", async () => {
        const result = await post(
          "/api/brochure-downloads",
          form({ title: "x", language: "fr", is_published: "maybe" }),
        );
        expect(result.status).toBe(400);
        expect(result.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
          "is_published",
          "language",
          "title",
        ]);
      });
    });

    describe("brochure flipbooks", () => {
      it("gives readers the PDF inline and its page count", async () => {
        const created = await post(
          "/api/brochure-flipbooks",
          form({ title: "Flip", language: "en", is_published: "true" }, { bytes: pdf3, name: "flip.pdf" }),
        );
        expect(created.status).toBe(200);
        const one = await get(`/api/brochure-flipbooks/${created.body.data.id}`, student);
        expect(one.body.data.file.pages).toBe(3);
        const file = await get(`/api/brochure-flipbooks/file/${created.body.data.id}`, school);
        expect(file.headers.get("content-disposition")).toMatch(/^inline;/);
      });

      it(`refuses a flipbook of more than ${FLIPBOOK_MAX_PAGES} pages, saying how many it has`, async () => {
        const long = await pdfWithPages(FLIPBOOK_MAX_PAGES + 100);
        const result = await post(
          "/api/brochure-flipbooks",
          form({ title: "Long", language: "en" }, { bytes: long, name: "long.pdf" }),
        );
        expect(result.status).toBe(422);
        expect(result.body.errors).toEqual([
          {
            field: "file",
            message: `The flipbook can have at most ${FLIPBOOK_MAX_PAGES} pages; this PDF has 300. Split it into parts of up to ${FLIPBOOK_MAX_PAGES} pages.`,
          },
        ]);
      });
    });

    describe("study materials", () => {
      const fields = {
        title: "Science practice set",
        description: "Mock questions",
        class_level: "8",
        exam_level: "mock",
        languages: "en,hi",
        is_free: "true",
        is_published: "true",
      };

      it("shows the demo data's published materials, links only, the priced one without its link", async () => {
        const list = await get("/api/study-materials?search=NCERT", school);
        expect(list.body.data.items.map((m: { title: string }) => m.title)).toEqual([
          "NCERT science textbooks (all classes)",
        ]);
        const guide = await get("/api/study-materials?search=preparation%20guide", school);
        expect(guide.body.data.items[0]).toMatchObject({ price: { amount_minor: 14900 }, link: null, file: null });
      });

      it("lists the languages", async () => {
        const result = await get("/api/study-materials/languages/list", school);
        expect(result.body.data).toHaveLength(14);
        expect(result.body.data[0]).toMatchObject({ code: "en", name: "English" });
      });

      it("creates with a file or a link, filters by class and language, and prices purchasable items", async () => {
        const withFile = await post("/api/study-materials", form(fields, { bytes: pdf3, name: "set.pdf" }));
        expect(withFile.status).toBe(200);
        expect(withFile.body.data).toMatchObject({
          class_level: 8,
          languages: ["en", "hi"],
          is_free: true,
          price: null,
          link: null,
        });
        const allClasses = await post(
          "/api/study-materials",
          form({
            ...fields,
            title: "Maths for all",
            class_level: "",
            languages: ["ta"],
            is_free: "false",
            price_minor: "14900",
            link: "https://example.org/maths",
          }),
        );
        expect(allClasses.body.data).toMatchObject({
          class_level: null,
          price: { currency: "INR", amount_minor: 14900 },
          file: null,
          link: "https://example.org/maths",
        });
        const class8 = await get("/api/study-materials?class_level=8&per_page=100", school);
        const titles = class8.body.data.items.map((m: { title: string }) => m.title);
        expect(titles).toEqual(expect.arrayContaining(["Science practice set", "Maths for all"]));
        const class9 = await get("/api/study-materials?class_level=9&per_page=100", school);
        expect(class9.body.data.items.map((m: { title: string }) => m.title)).not.toContain("Science practice set");
        const tamil = await get("/api/study-materials?language=ta&per_page=100", school);
        expect(tamil.body.data.items.map((m: { title: string }) => m.title)).toContain("Maths for all");
        expect(tamil.body.data.items.map((m: { title: string }) => m.title)).not.toContain("Science practice set");
        const paid = await get("/api/study-materials?is_free=false&per_page=100", school);
        expect(paid.body.data.items.every((m: { is_free: boolean }) => !m.is_free)).toBe(true);
        // A priced material's link and file stay closed to readers until bought (payments issue).
        const priced = await get(`/api/study-materials/${allClasses.body.data.id}`, school);
        expect(priced.body.data.link).toBeNull();
        expect((await get(`/api/study-materials/${allClasses.body.data.id}`, lms)).body.data.link).toBe(
          "https://example.org/maths",
        );
        const pricedFile = await post(
          "/api/study-materials",
          form(
            { ...fields, title: "Priced PDF", is_free: "false", price_minor: "9900" },
            { bytes: pdf3, name: "p.pdf" },
          ),
        );
        const refused = await get(`/api/study-materials/file/${pricedFile.body.data.id}`, school);
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(
          "This study material is for sale: it opens once bought, from Buy Study Material.",
        );
        expect((await get(`/api/study-materials/file/${pricedFile.body.data.id}`, lms)).status).toBe(200);
        const free = await get(`/api/study-materials/file/${withFile.body.data.id}?download=1`, student);
        expect(free.headers.get("content-disposition")).toMatch(/^attachment; filename="set.pdf"/);
      });

      it("needs a file or a link, refuses both, refuses http links and missing prices", async () => {
        const neither = await post("/api/study-materials", form(fields));
        expect(neither.status).toBe(422);
        expect(neither.body.errors[0].field).toBe("file");
        const both = await post(
          "/api/study-materials",
          form({ ...fields, link: "https://example.org" }, { bytes: pdf3, name: "a.pdf" }),
        );
        expect(both.body.errors[0].field).toBe("link");
        const http = await post("/api/study-materials", form({ ...fields, link: "http://example.org" }));
        expect(http.status).toBe(400);
        expect(http.body.errors).toEqual([{ field: "link", message: "The link must start with https://" }]);
        const noPrice = await post(
          "/api/study-materials",
          form({ ...fields, is_free: "false", link: "https://example.org" }),
        );
        expect(noPrice.body.errors).toEqual([
          { field: "price_minor", message: "Enter the price of a purchasable study material" },
        ]);
      });

      it("replaces a file by a link on update and removes the old file", async () => {
        const created = await post("/api/study-materials", form(fields, { bytes: pdf3, name: "set.pdf" }));
        const id = created.body.data.id;
        const updated = await post(
          `/api/study-materials/update/${id}`,
          form({ ...fields, link: "https://example.org/set" }),
        );
        expect(updated.body.data).toMatchObject({ file: null, link: "https://example.org/set" });
        expect((await get(`/api/study-materials/file/${id}`)).status).toBe(404);
      });
    });

    describe("who may do what", () => {
      it("lets LMS and admins 3 and 6 write, and nobody else", async () => {
        for (const token of [lms, admin, subadmin]) {
          const result = await post(
            "/api/brochure-flipbooks",
            form({ title: "Allowed", language: "en" }, { bytes: pdf3, name: "a.pdf" }),
            token,
          );
          expect(result.status).toBe(200);
        }
        for (const token of [school, student, zonal]) {
          const result = await post(
            "/api/brochure-flipbooks",
            form({ title: "Refused", language: "en" }, { bytes: pdf3, name: "a.pdf" }),
            token,
          );
          expect(result.status).toBe(403);
          expect((await api.call("DELETE", "/api/brochure-flipbooks/1", { token })).status).toBe(403);
        }
      });

      it("lets school accounts and students read, but not coordinators or anonymous callers", async () => {
        for (const token of [school, student, await api.login("institute"), await api.login("masterinstitute")]) {
          expect((await get("/api/study-materials", token)).status).toBe(200);
        }
        expect((await get("/api/brochure-downloads", zonal)).status).toBe(403);
        expect((await api.call("GET", "/api/brochure-downloads")).status).toBe(401);
      });

      it("hides unpublished items from readers' lists and filters editors' lists by is_published", async () => {
        const hidden = await post(
          "/api/brochure-flipbooks",
          form({ title: "Draft flip", language: "en", is_published: "false" }, { bytes: pdf3, name: "d.pdf" }),
        );
        const readerList = await get("/api/brochure-flipbooks?per_page=100&is_published=false", school);
        expect(readerList.body.data.items.map((b: { id: number }) => b.id)).not.toContain(hidden.body.data.id);
        const editorList = await get("/api/brochure-flipbooks?per_page=100&is_published=false", lms);
        const drafts = editorList.body.data.items as { id: number; is_published: boolean }[];
        expect(drafts.map((b) => b.id)).toContain(hidden.body.data.id);
        expect(drafts.every((b) => !b.is_published)).toBe(true);
      });
    });
  });
}
