import {
  type ChangeEvent,
  type DragEvent,
  forwardRef,
  type ReactNode,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { Field, useFieldIds } from "../field/Field";
import { useHydrated } from "../form/use-hydrated";
import { Icon } from "../icon/Icon";
import { IconButton } from "../icon-button/IconButton";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";
import { acceptsFile, formatFileSize, isImageFile } from "./accept";

export { acceptsFile, formatFileSize, PROFILE_PHOTO_ACCEPT } from "./accept";

const Drop = styled("div", {
  position: "relative",
  display: "flex",
  alignItems: "center",
  gap: "$4",
  padding: "$4",
  border: "1.5px dashed $borderStrong",
  borderRadius: "$lg",
  backgroundColor: "$surfaceMuted",
  transition: "border-color $fast, background-color $fast",
  "&:hover, &[data-dragging]": { borderColor: "$primary", backgroundColor: "$primaryLight" },
  "&:has(input:focus-visible)": focusRing,
  "&[data-invalid]": { borderColor: "$danger" },
  // The native input covers the box: click, keyboard and screen readers all reach the real control.
  "& input": { position: "absolute", inset: 0, opacity: 0, cursor: "pointer", width: "100%" },
  // Before JavaScript runs nothing would show the chosen file's name: the native input shows it.
  "&[data-native] input": { position: "static", opacity: 1, cursor: "auto" },
  "&[data-native] > span": { display: "none" },
});

const Preview = styled("span", {
  flexShrink: 0,
  display: "grid",
  placeItems: "center",
  width: "64px",
  height: "64px",
  borderRadius: "$md",
  overflow: "hidden",
  backgroundColor: "$surface",
  border: "1px solid $border",
  color: "$primaryText",
  "& img": { width: "100%", height: "100%", objectFit: "cover" },
});

const Texts = styled("span", { display: "flex", flexDirection: "column", gap: "2px", minWidth: 0, flex: 1 });
const Main = styled("span", { fontWeight: "$semibold", color: "$gray800", overflowWrap: "anywhere" });
const Sub = styled("span", { fontSize: "$sm", color: "$textMuted" });
// Above the covering input so that it can be clicked.
const Remove = styled("span", { position: "relative", zIndex: 1 });

export interface FileInputProps {
  label: ReactNode;
  name?: string;
  /** Accepted types, as for <input accept> ("image/png,.jpg"); enforced on choice and drop. */
  accept?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  /** The chosen file, or null when cleared or refused. */
  onFileChange?: (file: File | null) => void;
  /** Message shown when a file of another type is chosen. */
  typeError?: string;
  /** Preview of an existing picture (e.g. the current profile photo). */
  currentImageUrl?: string;
  onBlur?: () => void;
}

/**
 * A file chooser with drag and drop, and a preview when the file is an image. The object URL of
 * the preview is released when the file changes or the field goes away.
 */
export const FileInput = forwardRef<HTMLInputElement, FileInputProps>(function FileInput(
  {
    label,
    name,
    accept,
    hint,
    error,
    required,
    disabled,
    id,
    onFileChange,
    typeError = "This type of file is not allowed",
    currentImageUrl,
    onBlur,
  },
  ref,
) {
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLInputElement);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const hydrated = useHydrated();
  const shownError = error ?? (refused ? typeError : undefined);
  const ids = useFieldIds(id, hint, shownError);

  useEffect(() => {
    if (!file || !isImageFile(file)) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    if (chosen && !acceptsFile(chosen, accept)) {
      setRefused(true);
      setFile(null);
      if (inputRef.current) inputRef.current.value = "";
      onFileChange?.(null);
      return;
    }
    setRefused(false);
    setFile(chosen);
    onFileChange?.(chosen);
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0] ?? null);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files;
    // Put the dropped file into the input itself so that a plain form submission carries it.
    if (inputRef.current && dropped.length) inputRef.current.files = dropped;
    choose(dropped[0] ?? null);
  };
  const clear = () => {
    if (inputRef.current) inputRef.current.value = "";
    choose(null);
    inputRef.current?.focus();
  };

  const image = previewUrl ?? (file ? null : currentImageUrl);
  return (
    <Field ids={ids} label={label} hint={hint} error={shownError} required={required}>
      <Drop
        data-native={hydrated ? undefined : ""}
        data-dragging={dragging ? "" : undefined}
        data-invalid={shownError ? "" : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={ids.inputId}
          type="file"
          name={name}
          accept={accept}
          required={required}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={onChange}
          onBlur={onBlur}
        />
        <Preview aria-hidden>
          {image ? <img src={image} alt="" /> : <Icon name={file ? "file" : "upload"} size={26} />}
        </Preview>
        <Texts aria-live="polite">
          <Main>{file ? file.name : "Drop a file here or click to choose"}</Main>
          <Sub>{file ? formatFileSize(file.size) : accept ? `Allowed: ${describeAccept(accept)}` : "Any file"}</Sub>
        </Texts>
        {file ? (
          <Remove>
            <IconButton icon="close" label={`Remove ${file.name}`} size="sm" variant="danger" onClick={clear} />
          </Remove>
        ) : null}
      </Drop>
    </Field>
  );
});

function describeAccept(accept: string): string {
  const extensions = accept
    .split(",")
    .map((rule) => rule.trim())
    .filter((rule) => rule.startsWith("."))
    .map((rule) => rule.slice(1).toUpperCase());
  return extensions.length ? extensions.join(", ") : accept;
}
