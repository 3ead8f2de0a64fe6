import { describe, expect, it } from "vitest";
import { fileNameOf, refusalMessage } from "./download";

describe("download helpers", () => {
  it("read the file name of a Content-Disposition header", () => {
    expect(fileNameOf('attachment; filename="students-2026-01-15.xlsx"', "x")).toBe("students-2026-01-15.xlsx");
    expect(fileNameOf("attachment; filename=students.csv", "x")).toBe("students.csv");
    expect(
      fileNameOf(
        "attachment; filename=\"a.csv\"; filename*=UTF-8''%E0%A4%9B%E0%A4%BE%E0%A4%A4%E0%A5%8D%E0%A4%B0.csv",
        "x",
      ),
    ).toBe("छात्र.csv");
    expect(fileNameOf("attachment", "download")).toBe("download");
    expect(fileNameOf(null, "download")).toBe("download");
  });

  it("take a refusal's message from JSON or short plain text, else the fallback", async () => {
    const json = Response.json({ status: false, message: "No exam year is open" }, { status: 409 });
    expect(await refusalMessage(json, "Please try again")).toBe("No exam year is open");
    const text = new Response("This form has expired.", { status: 403, headers: { "Content-Type": "text/plain" } });
    expect(await refusalMessage(text, "Please try again")).toBe("This form has expired.");
    const html = new Response("<html>Bad gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } });
    expect(await refusalMessage(html, "Please try again")).toBe("Please try again");
    const empty = Response.json({ status: false, message: "" }, { status: 500 });
    expect(await refusalMessage(empty, "Please try again")).toBe("Please try again");
  });
});
