/**
 * The editor toolbar, exactly as the programme lists it: bold, italic, underline, strike, blockquote,
 * code-block, formula, headers 1-6, ordered and bullet lists, sub/superscript, indent,
 * right-to-left, size (small, normal, large, huge), colour, background, align, link, image, clean.
 */
export const TOOLBAR = [
  ["bold", "italic", "underline", "strike"],
  ["blockquote", "code-block", "formula"],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ list: "ordered" }, { list: "bullet" }],
  [{ script: "sub" }, { script: "super" }],
  [{ indent: "-1" }, { indent: "+1" }],
  [{ direction: "rtl" }],
  [{ size: ["small", false, "large", "huge"] }],
  [{ color: [] }, { background: [] }],
  [{ align: [] }],
  ["link", "image"],
  ["clean"],
] as const;

/** Spoken names of the toolbar's buttons (Quill only labels them with format names). */
export const BUTTON_LABELS: Record<string, string> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  strike: "Strikethrough",
  blockquote: "Quote",
  "code-block": "Code block",
  formula: "Formula",
  "list:ordered": "Numbered list",
  "list:bullet": "Bulleted list",
  "script:sub": "Subscript",
  "script:super": "Superscript",
  "indent:-1": "Decrease indent",
  "indent:+1": "Increase indent",
  "direction:rtl": "Right to left",
  link: "Link",
  image: "Image",
  clean: "Clear formatting",
};

export const PICKER_LABELS: Record<string, string> = {
  header: "Heading",
  size: "Text size",
  color: "Text colour",
  background: "Highlight colour",
  align: "Alignment",
};

/** Name of one option of a picker, e.g. ("header", "2") → "Heading 2". */
export function pickerItemLabel(picker: string, value: string | null): string {
  if (picker === "header") return value ? `Heading ${value}` : "Normal text";
  if (picker === "size") return value ? value[0]?.toUpperCase() + value.slice(1) : "Normal";
  if (picker === "align") return value ? `Align ${value}` : "Align start";
  if (picker === "color" || picker === "background") return value ?? "Default";
  return value ?? "Default";
}

/** Every format the toolbar can apply (Quill's `formats` allow-list, so pasted content is limited too). */
export const FORMATS = [
  "bold",
  "italic",
  "underline",
  "strike",
  "blockquote",
  "code-block",
  "formula",
  "header",
  "list",
  "script",
  "indent",
  "direction",
  "size",
  "color",
  "background",
  "align",
  "link",
  "image",
];
