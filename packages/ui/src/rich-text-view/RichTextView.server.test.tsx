// Runs in Node (no DOM): stored content, formulas included, renders on the server.
import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichTextView } from "./RichTextView";

function renderOnServer(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onError: reject });
  });
}

describe("RichTextView on the server", () => {
  it("renders sanitised content without a DOM", async () => {
    expect(typeof document).toBe("undefined");
    const html = await renderOnServer(
      <RichTextView html={'<p onclick="x()">Hello <em>schools</em></p><iframe src="x"></iframe>'} />,
    );
    expect(html).toContain("<p>Hello <em>schools</em></p>");
    expect(html).not.toMatch(/onclick|iframe/);
  });

  it("renders formulas to MathML before sending the page", async () => {
    const html = await renderOnServer(
      <RichTextView html={'<p><span class="ql-formula" data-value="\\frac{a}{b}"></span></p>'} />,
    );
    expect(html).toContain("<math");
    expect(html).toContain("<mfrac>");
  });
});
