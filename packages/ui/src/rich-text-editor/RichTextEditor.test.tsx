// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { RichTextEditor } from "./RichTextEditor";
import { BUTTON_LABELS, PICKER_LABELS, pickerItemLabel, TOOLBAR } from "./toolbar";

describe("toolbar", () => {
  it("offers exactly the listed tools, in order", () => {
    const tools = TOOLBAR.flat().map((tool) =>
      typeof tool === "string"
        ? tool
        : Object.entries(tool)
            .map(([k, v]) => `${k}:${JSON.stringify(v)}`)
            .join(),
    );
    expect(tools).toEqual([
      "bold",
      "italic",
      "underline",
      "strike",
      "blockquote",
      "code-block",
      "formula",
      "header:[1,2,3,4,5,6,false]",
      'list:"ordered"',
      'list:"bullet"',
      'script:"sub"',
      'script:"super"',
      'indent:"-1"',
      'indent:"+1"',
      'direction:"rtl"',
      'size:["small",false,"large","huge"]',
      "color:[]",
      "background:[]",
      "align:[]",
      "link",
      "image",
      "clean",
    ]);
  });

  it("names every button and picker", () => {
    expect(Object.keys(BUTTON_LABELS)).toHaveLength(17);
    expect(Object.keys(PICKER_LABELS).sort()).toEqual(["align", "background", "color", "header", "size"]);
    expect(pickerItemLabel("header", "3")).toBe("Heading 3");
    expect(pickerItemLabel("header", null)).toBe("Normal text");
    expect(pickerItemLabel("size", "huge")).toBe("Huge");
    expect(pickerItemLabel("align", "center")).toBe("Align center");
  });
});

describe("RichTextEditor", () => {
  it("first shows a placeholder with the content, then Quill with a labelled toolbar and text box", async () => {
    const { container } = render(
      <RichTextEditor label="Question text" defaultValue="<p>Which gas do plants take in?</p>" name="text" />,
    );
    expect(screen.getByText("Which gas do plants take in?")).toBeTruthy();
    expect((container.querySelector("input[type=hidden]") as HTMLInputElement).value).toBe(
      "<p>Which gas do plants take in?</p>",
    );
    const toolbar = await screen.findByRole("toolbar", { name: "Question text formatting" }, { timeout: 10_000 });
    for (const name of [
      "Bold",
      "Italic",
      "Formula",
      "Numbered list",
      "Subscript",
      "Right to left",
      "Image",
      "Clear formatting",
    ]) {
      expect(within(toolbar).getByRole("button", { name })).toBeTruthy();
    }
    const box = screen.getByRole("textbox", { name: "Question text" });
    expect(box.getAttribute("aria-multiline")).toBe("true");
    await waitFor(() => expect(box.textContent).toBe("Which gas do plants take in?"));
  });

  it("leaves the focus where it is when Quill loads (someone may be typing in another field)", async () => {
    render(
      <>
        <input aria-label="Title" />
        <RichTextEditor label="Notice" defaultValue="<p>Admit cards are out</p>" />
      </>,
    );
    const title = screen.getByRole("textbox", { name: "Title" });
    title.focus();
    await screen.findByRole("toolbar", { name: "Notice formatting" }, { timeout: 10_000 });
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Notice" }).textContent).toBe("Admit cards are out"),
    );
    expect(document.activeElement).toBe(title);
  });
});
