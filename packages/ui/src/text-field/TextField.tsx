import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from "react";
import { controlStyles, Field, useFieldIds } from "../field/Field";
import { styled } from "../theme/stitches";

const TextInput = styled("input", controlStyles);

const Wrap = styled("div", {
  position: "relative",
  display: "flex",
  alignItems: "center",
  "& > [data-leading]": {
    position: "absolute",
    insetInlineStart: "$3",
    color: "$textMuted",
    pointerEvents: "none",
  },
  "& > [data-trailing]": { position: "absolute", insetInlineEnd: "$1" },
  "&[data-has-leading] input": { paddingInlineStart: "40px" },
  "&[data-has-trailing] input": { paddingInlineEnd: "44px" },
});

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<"input">, "size"> {
  label: ReactNode;
  hint?: ReactNode;
  /** The error message; the field is marked invalid while there is one. */
  error?: ReactNode;
  hideLabel?: boolean;
  /** A decorative icon at the start of the box, e.g. `<Icon name="search" size={18} />`. */
  icon?: ReactNode;
  /** A control at the end of the box (e.g. the password field's show button). */
  trailing?: ReactNode;
}

/** A labelled text input; `ref` reaches the <input> (react-hook-form's register works). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, hideLabel, icon, trailing, id, required, type = "text", ...props },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={required} hideLabel={hideLabel}>
      <Wrap data-has-leading={icon ? "" : undefined} data-has-trailing={trailing ? "" : undefined}>
        {icon ? (
          <span data-leading style={{ display: "inline-flex" }}>
            {icon}
          </span>
        ) : null}
        <TextInput
          ref={ref}
          id={ids.inputId}
          type={type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...props}
        />
        {trailing ? <span data-trailing>{trailing}</span> : null}
      </Wrap>
    </Field>
  );
});
