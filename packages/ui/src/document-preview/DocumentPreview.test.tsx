// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { DocumentPreview } from "./DocumentPreview";

describe("DocumentPreview", () => {
  it("shows the document in a named frame that may run nothing", () => {
    const html = "<!doctype html><p>Dear Asha</p><script>parent.alert(1)</script>";
    render(<DocumentPreview title="Mail as the recipient sees it" html={html} />);
    const frame = screen.getByTitle("Mail as the recipient sees it");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe(html);
  });
});
