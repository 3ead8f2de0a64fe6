// @vitest-environment happy-dom
import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  describe("with an upload hook", () => {
    afterEach(() => vi.restoreAllMocks());
    // The image button opens a file picker; the test plays the user choosing a file in it.
    const choosing = (file: File) =>
      vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(function (this: HTMLInputElement) {
        Object.defineProperty(this, "files", { value: [file] });
        this.dispatchEvent(new Event("change"));
      });

    it("uploads the chosen picture and inserts its address, not its bytes", async () => {
      const upload = vi.fn(async () => "/question-images/0123456789abcdef0123456789abcdef.png");
      let html = "";
      render(<RichTextEditor label="Question" onImageUpload={upload} onChange={(next) => (html = next)} />);
      const toolbar = await screen.findByRole("toolbar", { name: "Question formatting" }, { timeout: 10_000 });
      const file = new File([new Uint8Array([137, 80, 78, 71])], "magnet.png", { type: "image/png" });
      choosing(file);
      within(toolbar).getByRole("button", { name: "Image" }).click();
      await waitFor(() => expect(html).toContain('<img src="/question-images/0123456789abcdef0123456789abcdef.png">'));
      expect(upload).toHaveBeenCalledWith(file);
      expect(html).not.toContain("data:");
    });

    it("says why when the upload fails", async () => {
      render(<RichTextEditor label="Option A" onImageUpload={async () => Promise.reject(new Error("Too large"))} />);
      const toolbar = await screen.findByRole("toolbar", { name: "Option A formatting" }, { timeout: 10_000 });
      choosing(new File(["x"], "big.png"));
      within(toolbar).getByRole("button", { name: "Image" }).click();
      expect(await screen.findByText("Too large")).toBeTruthy();
    });
  });
});
