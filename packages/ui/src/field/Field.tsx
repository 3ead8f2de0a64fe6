import { forwardRef, type ReactNode, useId } from "react";
import { Glyph } from "../icon/Glyph";
import { errorPath } from "../icon/glyphs";
import type { KitProps } from "../internal/styled-props";
import { styled } from "../theme/stitches";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";

const Root = styled("div", { display: "flex", flexDirection: "column", gap: "6px", minWidth: 0 });
const Label = styled("label", {
  fontSize: "$md",
  fontWeight: "$semibold",
  color: "$gray800",
  "& [data-required]": { color: "$dangerText", marginInlineStart: "2px" },
});

export type FieldLabelProps = KitProps<typeof Label>;

/** A form label with the kit's look, for controls that lay out their own field. */
export const FieldLabel = forwardRef<HTMLLabelElement, FieldLabelProps>(function FieldLabel(props, ref) {
  return <Label ref={ref} {...props} />;
});

const Hint = styled("p", { margin: 0, fontSize: "$sm", color: "$textMuted" });
const ErrorText = styled("p", {
  margin: 0,
  display: "flex",
  alignItems: "center",
  gap: "$1",
  fontSize: "$sm",
  fontWeight: "$medium",
  color: "$dangerText",
});

export interface FieldIds {
  inputId: string;
  hintId: string;
  errorId: string;
  /** The value for the control's aria-describedby (hint and error, when shown). */
  describedBy: string | undefined;
}

export function useFieldIds(id: string | undefined, hint: unknown, error: unknown): FieldIds {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { inputId, hintId, errorId, describedBy };
}

export interface FieldProps {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Keep the label for screen readers only (e.g. a search box with a visible icon). */
  hideLabel?: boolean;
  /** The label is a <label> for the control; pass "span" for groups labelled by aria-labelledby. */
  labelAs?: "label" | "span";
  labelId?: string;
  children: ReactNode;
}

/** Label, control, hint and error message of one form field, wired together by ids. */
export function Field({
  ids,
  label,
  hint,
  error,
  required,
  hideLabel,
  labelAs = "label",
  labelId,
  children,
}: FieldProps) {
  const text = (
    <>
      {label}
      {required ? (
        <span data-required aria-hidden>
          *
        </span>
      ) : null}
    </>
  );
  const labelElement =
    labelAs === "label" ? (
      <Label htmlFor={ids.inputId} id={labelId}>
        {text}
      </Label>
    ) : (
      <Label as="span" id={labelId}>
        {text}
      </Label>
    );
  return (
    <Root>
      {hideLabel ? <VisuallyHidden>{labelElement}</VisuallyHidden> : labelElement}
      {children}
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={ids.errorId}>
          <Glyph d={errorPath} size={16} />
          {error}
        </ErrorText>
      ) : null}
    </Root>
  );
}

/** The look of text-like controls (input, textarea, select), shared so they line up. */
export const controlStyles = {
  boxSizing: "border-box",
  width: "100%",
  minHeight: "$control",
  padding: "0 $3",
  border: "1px solid $borderStrong",
  borderRadius: "$md",
  backgroundColor: "$surface",
  color: "$text",
  fontFamily: "$body",
  fontSize: "$md",
  lineHeight: "$normal",
  outline: "none",
  transition: "border-color $fast, box-shadow $fast",
  "&::placeholder": { color: "$textMuted", opacity: 0.85 },
  "&:hover:not(:disabled)": { borderColor: "$gray400" },
  "&:focus, &:focus-within": { borderColor: "$primary", boxShadow: "0 0 0 3px $colors$primaryLight" },
  "&:disabled, &[data-disabled]": { backgroundColor: "$gray100", color: "$textMuted", cursor: "not-allowed" },
  "&[aria-invalid=true], &[data-invalid]": {
    borderColor: "$danger",
    "&:focus, &:focus-within": { boxShadow: "0 0 0 3px $colors$dangerLight" },
  },
} as const;
