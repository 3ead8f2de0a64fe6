import { type ComponentType, type CSSProperties, type ReactNode, useEffect, useId, useState } from "react";
import { Field, useFieldIds } from "../field/Field";
import { RichTextContent } from "../rich-text-view/content";
import { sanitizeHtml } from "../rich-text-view/sanitize";
import { Skeleton } from "../skeleton/Skeleton";
import { styled } from "../theme/stitches";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";
import type { QuillEditorProps } from "./QuillEditor";

// Quill's snow theme, brought in line with the kit's tokens (light and dark, ltr and rtl).
const Frame = styled("div", {
  border: "1px solid $borderStrong",
  borderRadius: "$md",
  backgroundColor: "$surface",
  overflow: "hidden",
  "&:focus-within": { borderColor: "$primary", boxShadow: "0 0 0 3px $colors$primaryLight" },
  "&[data-invalid]": { borderColor: "$danger" },
  "& .ql-toolbar.ql-snow": {
    border: 0,
    borderBottom: "1px solid $border",
    backgroundColor: "$surfaceMuted",
    fontFamily: "$body",
    padding: "$2",
  },
  "& .ql-container.ql-snow": { border: 0, fontFamily: "$body", fontSize: "$md" },
  // Quill aligns text left; "start" follows the editor's direction (Urdu is right to left).
  "& .ql-editor": {
    minHeight: "var(--editor-height, 180px)",
    lineHeight: "$relaxed",
    color: "$text",
    textAlign: "start",
  },
  // A formula reads left to right inside right-to-left words (Urdu).
  "& .ql-formula, & .katex, & math": { direction: "ltr", unicodeBidi: "isolate", display: "inline-block" },
  "&[dir=rtl] .ql-snow .ql-picker-label": { paddingLeft: "2px", paddingRight: "8px" },
  "&[dir=rtl] .ql-snow .ql-picker:not(.ql-color-picker):not(.ql-icon-picker) svg": { right: "auto", left: 0 },
  "&[dir=rtl] .ql-snow .ql-picker-options": { textAlign: "right" },
  "& .ql-editor.ql-blank::before": { color: "$textMuted", fontStyle: "normal", insetInline: "15px" },
  "& .ql-snow .ql-stroke": { stroke: "$gray700" },
  "& .ql-snow .ql-fill": { fill: "$gray700" },
  "& .ql-snow .ql-picker": { color: "$gray700" },
  "& .ql-snow.ql-toolbar button:hover .ql-stroke, & .ql-snow.ql-toolbar button.ql-active .ql-stroke, & .ql-snow .ql-picker-label:hover .ql-stroke":
    { stroke: "$primaryText" },
  "& .ql-snow.ql-toolbar button:hover .ql-fill, & .ql-snow.ql-toolbar button.ql-active .ql-fill": {
    fill: "$primaryText",
  },
  "& .ql-snow.ql-toolbar button:focus-visible, & .ql-snow .ql-picker-label:focus-visible": {
    outline: "2px solid $colors$focusRing",
    borderRadius: "$sm",
  },
  "& .ql-snow .ql-picker-options": { backgroundColor: "$surface", borderColor: "$border", boxShadow: "$dropdown" },
  "& .ql-snow .ql-tooltip": {
    backgroundColor: "$surface",
    color: "$text",
    borderColor: "$border",
    boxShadow: "$dropdown",
    zIndex: 2,
  },
  "& .ql-snow .ql-tooltip input[type=text]": {
    backgroundColor: "$surface",
    color: "$text",
    borderColor: "$borderStrong",
  },
  "& .ql-snow a": { color: "$primaryText" },
});

const Placeholder = styled("div", {
  "& [data-bar]": {
    display: "flex",
    gap: "$3",
    padding: "$3",
    borderBottom: "1px solid $border",
    backgroundColor: "$surfaceMuted",
  },
  "& [data-body]": { padding: "12px 15px", minHeight: "var(--editor-height, 180px)" },
});

export interface RichTextEditorProps {
  label: ReactNode;
  /** The starting content (HTML written by this editor earlier). */
  defaultValue?: string;
  /** Called with the new HTML on every change ("" when empty). */
  onChange?: (html: string) => void;
  onBlur?: () => void;
  /** Form field name: a hidden input carries the HTML for plain form submission. */
  name?: string;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  id?: string;
  /** Minimum height of the writing area in px. */
  height?: number;
  dir?: "ltr" | "rtl";
  /**
   * Uploads a picture chosen with the image button and answers the address to insert (e.g. through
   * the API's file service); without it the picture's bytes go into the HTML.
   */
  onImageUpload?: (file: File) => Promise<string>;
}

/**
 * The rich-text editor (Quill 2 with KaTeX formulas and the toolbar). The server and
 * the first client render show a placeholder with the content; Quill loads afterwards, in the
 * browser only, from its own chunk. The HTML it produces is sanitised again whenever it is shown.
 */
export function RichTextEditor({
  label,
  defaultValue = "",
  onChange,
  onBlur,
  name,
  placeholder,
  hint,
  error,
  required,
  readOnly,
  id,
  height = 180,
  dir,
  onImageUpload,
}: RichTextEditorProps) {
  const [imageError, setImageError] = useState<string | null>(null);
  const ids = useFieldIds(id, hint, error);
  const labelId = useId();
  const [html, setHtml] = useState(defaultValue);
  const [Editor, setEditor] = useState<ComponentType<QuillEditorProps> | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    import("./QuillEditor").then(
      (module) => alive && setEditor(() => module.default),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);

  return (
    <Field
      ids={ids}
      label={label}
      hint={hint}
      error={failed ? "The editor could not be loaded." : (error ?? imageError ?? undefined)}
      required={required}
      labelAs="span"
      labelId={labelId}
    >
      <Frame
        data-invalid={error ? "" : undefined}
        dir={dir}
        style={{ "--editor-height": `${height}px` } as CSSProperties}
        aria-busy={!ready}
      >
        {Editor ? (
          <Editor
            initialHtml={defaultValue}
            labelId={labelId}
            describedBy={ids.describedBy}
            placeholder={placeholder}
            invalid={Boolean(error)}
            readOnly={readOnly}
            onReady={() => setReady(true)}
            onImageUpload={
              onImageUpload &&
              ((file) => {
                setImageError(null);
                return onImageUpload(file);
              })
            }
            onImageError={setImageError}
            onBlur={onBlur}
            onChange={(next) => {
              setHtml(next);
              onChange?.(next);
            }}
          />
        ) : null}
        {ready ? null : (
          <Placeholder>
            <div data-bar aria-hidden>
              {[60, 90, 40, 70, 50, 80].map((width) => (
                <Skeleton key={width} width={width} height={20} shape="rect" />
              ))}
            </div>
            <div data-body>
              <RichTextContent
                aria-labelledby={labelId}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by an allow-list
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(defaultValue) }}
              />
              <VisuallyHidden role="status">Loading the editor</VisuallyHidden>
            </div>
          </Placeholder>
        )}
      </Frame>
      {name ? <input type="hidden" name={name} value={html} /> : null}
    </Field>
  );
}
