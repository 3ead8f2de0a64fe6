import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipBomb } from "./fixtures/spreadsheets/fixtures";
import { pdfWithPages } from "./pdfs";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

/**
 * Hostile files at the real upload endpoints (issue 17, "Hostile input"): each is refused by what
 * its bytes are, never by its name, with a 4xx naming the field, and nothing is stored.
 */

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const HTML = Buffer.from(
  "<!DOCTYPE html>\n<html><body><script>fetch('/api/user').then(r => r.text()).then(alert)</script></body></html>",
);
const SVG = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    "<script>alert(document.domain)</script><rect width='10' height='10'/></svg>",
);

const formOf = (fields: Record<string, string>, files: Record<string, { bytes: Uint8Array; name: string }>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, file] of Object.entries(files)) form.set(name, new File([new Uint8Array(file.bytes)], file.name));
  return form;
};

/** Every file under the uploads folder, so a test can see that a refusal stored nothing. */
function storedFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("hostile uploads", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("pglite");
  });
  afterAll(async () => {
    await api?.close();
  });

  it("refuses a 300 KB workbook that unpacks to 300 MB before any spreadsheet code reads it", async () => {
    const bomb = await zipBomb(300);
    expect(bomb.byteLength).toBeLessThan(400_000);
    const token = await api.login("school");
    const started = performance.now();
    const result = await api.call("POST", "/api/schools/student/import", {
      token,
      body: formOf({ mode: "preview" }, { file: { bytes: bomb, name: "students.xlsx" } }),
    });
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({ status: false });
    expect(result.body.message).toMatch(/packed more than 100 times tighter than any spreadsheet/);
    // Refused after inflating about a megabyte, not 300.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses a PNG named .pdf as a brochure, naming what it is", async () => {
    const before = storedFiles(api.uploadDir);
    const token = await api.login("lms", "coordinator");
    const result = await api.call("POST", "/api/brochure-downloads", {
      token,
      body: formOf(
        { title: "Brochure", language: "en", is_published: "true" },
        { file: { bytes: PNG, name: "brochure.pdf" } },
      ),
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual([
      { field: "file", message: expect.stringMatching(/must be a PDF; this file is a PNG image\.$/) },
    ]);
    // The same form with a real PDF is taken: the refusal was about the bytes.
    const pdf = await pdfWithPages(1);
    const accepted = await api.call("POST", "/api/brochure-downloads", {
      token,
      body: formOf(
        { title: "Brochure", language: "en", is_published: "true" },
        { file: { bytes: pdf, name: "brochure.png" } },
      ),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(storedFiles(api.uploadDir)).toHaveLength(before.length + 1);
  });

  it("refuses a web page named .jpg as a cancelled cheque", async () => {
    const before = storedFiles(api.uploadDir);
    const token = await api.login("school");
    const result = await api.call("POST", "/api/bank-details", {
      token,
      body: formOf(
        {
          account_holder: "Jnana Prabodhini Trust",
          account_number: "123456789012",
          confirm_account_number: "123456789012",
          ifsc: "sbin0001234",
          bank_name: "State Bank of India",
          branch: "Pune Camp",
          password: DEMO_PASSWORD,
        },
        { cancelled_cheque: { bytes: HTML, name: "cheque.jpg" } },
      ),
    });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual([
      { field: "cancelled_cheque", message: expect.stringMatching(/; this file is a web page \(HTML\)\.$/) },
    ]);
    expect(storedFiles(api.uploadDir)).toEqual(before);
  });

  it("refuses an SVG with a script as a question picture and as a profile photo", async () => {
    const before = storedFiles(api.uploadDir);
    const token = await api.login("subject", "papersetter");
    const picture = await api.call("POST", "/api/question/image", {
      token,
      body: formOf({}, { image: { bytes: SVG, name: "magnet.png" } }),
    });
    expect(picture.status).toBe(422);
    expect(picture.body.errors[0].field).toBe("image");
    expect(picture.body.errors[0].message).toMatch(
      /; this file is an SVG image\. SVG pictures can carry scripts and are not accepted: export it as a PNG and upload that\.$/,
    );
    const photo = await api.call("POST", "/api/update-profile", {
      token,
      body: formOf({ full_name: "Subject Expert" }, { profile_photo: { bytes: SVG, name: "me.svg" } }),
    });
    expect(photo.status).toBe(422);
    expect(photo.body.errors[0].field).toBe("profile_photo");
    expect(storedFiles(api.uploadDir)).toEqual(before);
  });
  it("refuses a NUL in a form's file name or text field at the streamed and the collected readers, storing nothing", async () => {
    const before = storedFiles(api.uploadDir);
    const admin = await api.login("admin", "coordinator");
    const sheet = (fields: Record<string, string>, name: string) =>
      formOf(fields, { file: { bytes: Buffer.from("1234567890 ABCD\n"), name } });
    // The file is stored while the form streams; a refusal after it must take it away again.
    const inField = await api.call("POST", "/api/admin-upload-txt-answersheet", {
      token: admin,
      body: sheet({ exam_level: "level1\u0000" }, "vendor.txt"),
    });
    expect(inField.status).toBe(400);
    expect(inField.body.errors).toEqual([
      { field: "exam_level", message: "exam_level cannot contain NUL characters (\\u0000)" },
    ]);
    // A NUL cannot stand in a header as a byte (a malformed form, 400); RFC 5987's filename* carries it.
    const boundary = "nul-name";
    const inName = await api.call("POST", "/api/admin-upload-txt-answersheet", {
      token: admin,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: [
        `--${boundary}\r\nContent-Disposition: form-data; name="exam_level"\r\n\r\nlevel1\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''vendor%00.txt\r\n\r\n`,
        `1234567890 ABCD\n\r\n--${boundary}--\r\n`,
      ].join(""),
    });
    expect(inName.status).toBe(400);
    expect(inName.body.errors).toEqual([{ field: "file", message: "file cannot contain NUL characters (\\u0000)" }]);
    const school = await api.login("school");
    const attached = await api.call("POST", "/api/raisedRequest", {
      token: school,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: [
        `--${boundary}\r\nContent-Disposition: form-data; name="subject"\r\n\r\nReceipt\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\nThe payment went through twice.\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename*=UTF-8''receipt%00.png\r\n\r\n`,
        `${PNG.toString("latin1")}\r\n--${boundary}--\r\n`,
      ].join(""),
    });
    expect(attached.status).toBe(400);
    expect(attached.body.errors[0].field).toBe("attachment");
    expect(storedFiles(api.uploadDir)).toEqual(before);
  });
});
