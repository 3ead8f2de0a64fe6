import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadSpreadsheet } from "./upload";

const file = new File(["First name\nAsha\n"], "students.csv");
const answer = (response: Partial<Response>) =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => response as Response),
  );
afterEach(() => vi.unstubAllGlobals());

describe("uploadSpreadsheet", () => {
  it("posts the file, the mode, the CSRF token and the extra fields, and gives the route's JSON answer", async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true, message: "Preview", jobId: 3 }));
    vi.stubGlobal("fetch", fetch);
    expect(await uploadSpreadsheet("/x/upload", file, "valid-rows", "token", { school_id: "12" })).toEqual({
      ok: true,
      message: "Preview",
      jobId: 3,
    });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/x/upload");
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(["school_id", "csrf", "mode", "file"]);
    expect((form.get("file") as File).name).toBe("students.csv");
    expect(form.get("mode")).toBe("valid-rows");
  });

  it("says in words what went wrong when the answer is not the route's JSON", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect((await uploadSpreadsheet("/x/upload", file, "preview", "token")).message).toBe(
      "The file could not be sent. Check your connection and try again.",
    );
    answer({ headers: new Headers({ "Content-Type": "text/html" }), redirected: true, url: "http://app/login?x=1" });
    expect((await uploadSpreadsheet("/x/upload", file, "preview", "token")).message).toBe(
      "Your session has ended. Reload the page and sign in again.",
    );
    answer({ headers: new Headers({ "Content-Type": "text/html" }), redirected: false, status: 413 });
    expect((await uploadSpreadsheet("/x/upload", file, "preview", "token")).message).toBe(
      "The file is too large to upload. Split it into smaller files.",
    );
    answer({ headers: new Headers(), redirected: false, status: 502 });
    expect(await uploadSpreadsheet("/x/upload", file, "preview", "token")).toEqual({
      ok: false,
      message: "The file could not be imported. Please try again.",
    });
  });
});
