import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localDiskStorage } from "@repo/storage";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptUpload, cleanFileName, contentDisposition, fileResponse, storeUpload } from "../src/kernel/files";
import { pdfWithJavaScript, pdfWithPages } from "./pdfs";

const PNG = readFileSync(new URL("../../../e2e/fixtures/photo.png", import.meta.url));
const photo = { field: "photo", what: "The photo", kinds: ["jpeg", "png"] as const, maxBytes: 1024 * 1024 };
const pdfRule = { field: "file", what: "The paper", kinds: ["pdf"] as const, maxBytes: 5 * 1024 * 1024, maxPages: 4 };

/** The per-field error an upload is refused with. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const { status, errors } = error as { status: number; errors: { field: string; message: string }[] };
    return { status, errors };
  }
  throw new Error("the upload was accepted");
}

describe("the files service", () => {
  it("accepts a file by its content and reports its type, size and cleaned name", async () => {
    const accepted = await acceptUpload(new File([PNG], 'C:\\Users\\me\\My "photo".jpeg'), photo);
    expect(accepted).toMatchObject({
      mime: "image/png",
      ext: "png",
      size: PNG.byteLength,
      originalName: "My photo.png",
      pages: null,
    });
  });

  it("takes nothing as nothing unless a file is required", async () => {
    expect(await acceptUpload(undefined, photo)).toBeUndefined();
    expect(await acceptUpload(new File([], "empty.png"), photo)).toBeUndefined();
    expect(await refusal(acceptUpload(undefined, { ...photo, required: true }))).toEqual({
      status: 422,
      errors: [{ field: "photo", message: "The photo is required: choose a JPEG image or a PNG image to upload" }],
    });
  });

  it("names what it received and what it wanted", async () => {
    const pdf = await pdfWithPages(1);
    expect(await refusal(acceptUpload(new File([pdf], "photo.png"), photo))).toEqual({
      status: 422,
      errors: [{ field: "photo", message: "The photo must be a JPEG image or a PNG image; this file is a PDF." }],
    });
    const text = await refusal(acceptUpload(new File(["just text"], "photo.png"), photo));
    expect(text.errors[0]?.message).toBe(
      "The photo must be a JPEG image or a PNG image; this file is not a file type we recognise.",
    );
  });

  it("refuses a file over the limit with 413, giving both sizes", async () => {
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(PNG);
    expect(await refusal(acceptUpload(new File([big], "big.png"), photo))).toEqual({
      status: 413,
      errors: [{ field: "photo", message: "The photo can be at most 1 MB; this file is 2 MB. Upload a smaller file." }],
    });
  });

  it("counts a PDF's pages and refuses more than the rule allows, and scripts", async () => {
    expect((await acceptUpload(new File([await pdfWithPages(4)], "p.pdf"), pdfRule))?.pages).toBe(4);
    const five = await refusal(acceptUpload(new File([await pdfWithPages(5)], "p.pdf"), pdfRule));
    expect(five.errors[0]?.message).toBe(
      "The paper can have at most 4 pages; this PDF has 5. Split it into parts of up to 4 pages.",
    );
    const script = await refusal(acceptUpload(new File([await pdfWithJavaScript()], "p.pdf"), pdfRule));
    expect(script.errors[0]?.message).toMatch(/^The paper contains active content \(\/(JavaScript|JS)/);
  });

  it("stores under a random key with the detected extension", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "files-test-"));
    try {
      const storage = localDiskStorage(root);
      const accepted = await acceptUpload(new File([PNG], "evil.pdf"), photo);
      if (!accepted) throw new Error("not accepted");
      const first = await storeUpload(storage, "photos", accepted);
      const second = await storeUpload(storage, "photos", accepted);
      expect(first).toMatch(/^photos\/[0-9a-f]{32}\.png$/);
      expect(second).not.toBe(first);
      expect(new Uint8Array((await storage.get(first)) ?? [])).toEqual(new Uint8Array(PNG));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("serves a file with its type, disposition, nosniff and no caching", async () => {
    expect(cleanFileName("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(contentDisposition("Brochure हिन्दी.pdf")).toBe(
      `attachment; filename="Brochure ______.pdf"; filename*=UTF-8''Brochure%20%E0%A4%B9%E0%A4%BF%E0%A4%A8%E0%A5%8D%E0%A4%A6%E0%A5%80.pdf`,
    );
    const app = new Hono().get("/f", (c) =>
      fileResponse(c, {
        bytes: new Uint8Array([37, 80, 68, 70]),
        mime: "application/pdf",
        fileName: "a.pdf",
        inline: true,
      }),
    );
    const response = await app.request("/f");
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="a.pdf"; filename*=UTF-8''a.pdf`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
  });
});
