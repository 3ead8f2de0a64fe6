import { type ChangeEvent, forwardRef, type ReactNode, useId } from "react";
import type { VariantValue } from "../internal/styled-props";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";

const Fieldset = styled("fieldset", { border: 0, margin: 0, padding: 0, minWidth: 0 });
const Legend = styled("legend", {
  padding: 0,
  marginBottom: "$2",
  fontSize: "$md",
  fontWeight: "$semibold",
  color: "$gray800",
});
const Options = styled("div", {
  display: "flex",
  gap: "$3",
  variants: { orientation: { vertical: { flexDirection: "column" }, horizontal: { flexWrap: "wrap", gap: "$5" } } },
});
const Option = styled("label", {
  display: "inline-flex",
  alignItems: "flex-start",
  gap: "$3",
  cursor: "pointer",
  color: "$gray800",
  lineHeight: "20px",
  "&[data-disabled]": { cursor: "not-allowed", opacity: 0.6 },
});
const Dot = styled("span", {
  position: "relative",
  flexShrink: 0,
  width: "20px",
  height: "20px",
  borderRadius: "$round",
  border: "1.5px solid $gray500",
  backgroundColor: "$surface",
  "& input": { position: "absolute", inset: "-2px", margin: 0, opacity: 0, cursor: "inherit" },
  "&:has(input:checked)": { borderColor: "$primary", borderWidth: "6px" },
  "&:has(input:focus-visible)": focusRing,
});
const Description = styled("span", { display: "block", fontSize: "$sm", color: "$textMuted" });
const ErrorText = styled("p", { margin: "$2 0 0", fontSize: "$sm", fontWeight: "$medium", color: "$dangerText" });

export interface RadioOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  /** The question the options answer; the group's name for screen readers. */
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  orientation?: VariantValue<typeof Options, "orientation">;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/**
 * One choice out of a few: native radios in a fieldset, so arrow keys move between options (in
 * the reading direction) and forms submit the value without script.
 */
export const RadioGroup = forwardRef<HTMLFieldSetElement, RadioGroupProps>(function RadioGroup(
  { legend, name, options, value, defaultValue, onChange, orientation = "vertical", error, required, disabled },
  ref,
) {
  const errorId = useId();
  return (
    <Fieldset ref={ref} disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <Legend>{legend}</Legend>
      <Options orientation={orientation}>
        {options.map((option) => (
          <Option key={option.value} data-disabled={option.disabled || disabled ? "" : undefined}>
            <Dot>
              <input
                type="radio"
                name={name}
                value={option.value}
                required={required}
                disabled={option.disabled}
                aria-invalid={error ? true : undefined}
                {...(value !== undefined
                  ? { checked: value === option.value }
                  : { defaultChecked: defaultValue === option.value })}
                onChange={(event) => onChange?.(event.target.value, event)}
              />
            </Dot>
            <span>
              {option.label}
              {option.description ? <Description>{option.description}</Description> : null}
            </span>
          </Option>
        ))}
      </Options>
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </Fieldset>
  );
});
