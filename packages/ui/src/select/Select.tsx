import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from "react";
import { controlStyles, Field, useFieldIds } from "../field/Field";
import { Icon } from "../icon/Icon";
import { styled } from "../theme/stitches";

// A native <select>: light, keyboard- and screen-reader-perfect, with the phone's own picker.
const NativeSelect = styled("select", {
  ...controlStyles,
  appearance: "none",
  paddingInlineEnd: "40px",
  cursor: "pointer",
  "&:invalid, & option[value='']": { color: "$textMuted" },
  "& option": { color: "$text" },
});

const Wrap = styled("div", {
  position: "relative",
  display: "flex",
  alignItems: "center",
  "& > svg": { position: "absolute", insetInlineEnd: "$3", pointerEvents: "none", color: "$textMuted" },
});

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithoutRef<"select">, "children"> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Text of the empty first choice ("Select a state"). */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
}

/** A labelled drop-down list of options; `ref` reaches the <select>. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, options, placeholder, hint, error, hideLabel, id, required, ...props },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={required} hideLabel={hideLabel}>
      <Wrap>
        <NativeSelect
          ref={ref}
          id={ids.inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...(placeholder !== undefined && props.value === undefined && props.defaultValue === undefined
            ? { defaultValue: "" }
            : {})}
          {...props}
        >
          {placeholder !== undefined ? (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
        <Icon name="chevron-down" size={18} />
      </Wrap>
    </Field>
  );
});
