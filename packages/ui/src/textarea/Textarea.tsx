import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useState } from "react";
import { controlStyles, Field, useFieldIds } from "../field/Field";
import { styled } from "../theme/stitches";

const Area = styled("textarea", { ...controlStyles, padding: "$2 $3", minHeight: "96px", resize: "vertical" });
const Count = styled("span", { alignSelf: "flex-end", fontSize: "$sm", color: "$textMuted", marginTop: "-2px" });

export interface TextareaProps extends ComponentPropsWithoutRef<"textarea"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
  /** Shows "used / maxLength" under the box (needs maxLength). */
  showCount?: boolean;
}

/** A labelled multi-line text input; `ref` reaches the <textarea>. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, hint, error, hideLabel, showCount, id, required, onChange, maxLength, ...props },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  const initial = String(props.value ?? props.defaultValue ?? "");
  const [length, setLength] = useState(initial.length);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={required} hideLabel={hideLabel}>
      <Area
        ref={ref}
        id={ids.inputId}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => {
          setLength(event.target.value.length);
          onChange?.(event);
        }}
        {...props}
      />
      {showCount && maxLength ? (
        <Count aria-live="polite">
          {props.value !== undefined ? String(props.value).length : length} / {maxLength}
        </Count>
      ) : null}
    </Field>
  );
});
