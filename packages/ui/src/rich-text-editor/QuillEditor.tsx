// Loaded lazily, in the browser only: Quill touches `document` when imported. Its chunk carries
// Quill, KaTeX and their stylesheets, so pages without an editor never download them.
import katex from "katex";
import "katex/dist/katex.min.css";
import Quill from "quill";
import "quill/dist/quill.snow.css";
import { useEffect, useRef } from "react";
import { BUTTON_LABELS, FORMATS, PICKER_LABELS, pickerItemLabel, TOOLBAR } from "./toolbar";

export interface QuillEditorProps {
  initialHtml: string;
  labelId: string;
  describedBy?: string;
  placeholder?: string;
  invalid?: boolean;
  readOnly?: boolean;
  onChange: (html: string) => void;
  onBlur?: () => void;
  onReady?: () => void;
  /** Uploads a picture chosen with the image button and answers its address; without it, Quill embeds the file. */
  onImageUpload?: (file: File) => Promise<string>;
  onImageError?: (message: string) => void;
}

/** Gives Quill's toolbar controls spoken names and a toolbar role. */
function labelToolbar(toolbar: HTMLElement, editorLabel: string) {
  toolbar.setAttribute("role", "toolbar");
  toolbar.setAttribute("aria-label", `${editorLabel} formatting`);
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>("button")) {
    const format = [...button.classList].find((name) => name.startsWith("ql-"))?.slice(3) ?? "";
    const value = button.value;
    button.setAttribute("aria-label", BUTTON_LABELS[value ? `${format}:${value}` : format] ?? format);
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>(".ql-picker")) {
    const format =
      [...picker.classList]
        .find((name) => name.startsWith("ql-") && name !== "ql-picker" && !name.endsWith("-picker"))
        ?.slice(3) ?? "";
    picker.querySelector(".ql-picker-label")?.setAttribute("aria-label", PICKER_LABELS[format] ?? format);
    for (const item of picker.querySelectorAll<HTMLElement>(".ql-picker-item")) {
      item.setAttribute("aria-label", pickerItemLabel(format, item.getAttribute("data-value")));
    }
  }
}

export default function QuillEditor({
  initialHtml,
  labelId,
  describedBy,
  placeholder,
  invalid,
  readOnly,
  onChange,
  onBlur,
  onReady,
  onImageUpload,
  onImageError,
}: QuillEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onChange, onBlur, onImageUpload, onImageError });
  handlers.current = { onChange, onBlur, onImageUpload, onImageError };

  // biome-ignore lint/correctness/useExhaustiveDependencies: Quill is created once per mount
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // Quill's formula module looks for KaTeX on window.
    Object.assign(window, { katex });
    const container = document.createElement("div");
    host.appendChild(container);
    // With an upload hook the image button uploads the file and inserts its address instead of
    // embedding the picture's bytes in the HTML.
    const pickImage = () => {
      const upload = handlers.current.onImageUpload;
      if (!upload) return;
      const input = document.createElement("input");
      input.type = "file";
      input.accept = "image/png,image/jpeg,image/webp,image/gif";
      input.addEventListener("change", () => {
        const file = input.files?.[0];
        if (!file) return;
        const at = quill.getSelection(true)?.index ?? quill.getLength();
        upload(file).then(
          (src) => quill.insertEmbed(at, "image", src, "user"),
          (error: unknown) =>
            handlers.current.onImageError?.(
              error instanceof Error ? error.message : "The picture could not be uploaded.",
            ),
        );
      });
      input.click();
    };
    const quill = new Quill(container, {
      theme: "snow",
      placeholder,
      readOnly,
      formats: FORMATS,
      modules: {
        toolbar: onImageUpload ? { container: TOOLBAR, handlers: { image: pickImage } } : TOOLBAR,
        // Tab leaves the editor instead of typing a tab character: no keyboard trap.
        keyboard: { bindings: { tab: { key: "Tab", handler: () => true } } },
      },
    });
    // Not dangerouslyPasteHTML: it also selects the start of the text, which moves the focus into
    // the editor when it loads, while someone may be typing in another field of the form.
    quill.setContents(quill.clipboard.convert({ html: initialHtml }), "silent");
    const editor = quill.root;
    editor.setAttribute("role", "textbox");
    editor.setAttribute("aria-multiline", "true");
    editor.setAttribute("aria-labelledby", labelId);
    if (describedBy) editor.setAttribute("aria-describedby", describedBy);
    if (invalid) editor.setAttribute("aria-invalid", "true");
    const toolbar = host.querySelector<HTMLElement>(".ql-toolbar");
    const label = document.getElementById(labelId)?.textContent ?? "Editor";
    if (toolbar) labelToolbar(toolbar, label);
    host.querySelector(".ql-tooltip input")?.setAttribute("aria-label", "Link address or formula");
    quill.on("text-change", () =>
      handlers.current.onChange(editor.innerHTML === "<p><br></p>" ? "" : editor.innerHTML),
    );
    const blur = () => handlers.current.onBlur?.();
    editor.addEventListener("blur", blur);
    onReady?.();
    return () => {
      editor.removeEventListener("blur", blur);
      host.innerHTML = "";
    };
  }, []);

  useEffect(() => {
    const editor = hostRef.current?.querySelector(".ql-editor");
    if (!editor) return;
    if (invalid) editor.setAttribute("aria-invalid", "true");
    else editor.removeAttribute("aria-invalid");
    if (describedBy) editor.setAttribute("aria-describedby", describedBy);
    else editor.removeAttribute("aria-describedby");
  }, [invalid, describedBy]);

  return <div ref={hostRef} data-quill-host="" />;
}
